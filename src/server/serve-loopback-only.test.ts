import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  GIT_IDENTITY,
  initIdeasRepo,
  type ServeProcess,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";

/**
 * A serve without an API token is for the people on this machine: it says so when it starts, and
 * refuses what a proxy or tunnel forwards to it, on every route but GitHub's webhook (which a
 * tunnel must reach, and whose signature is its authentication).
 */

const TOKEN = "loopback-test-token-0123456789";
const WARNING =
  "warning: no IDEA_EXPLORER_API_TOKEN is set: every user and program on this machine can use this server (and spend its model key); set IDEA_EXPLORER_API_TOKEN to require a token\n";
const REFUSAL = (header: string) =>
  `this server has no API token configured and answers only requests made on this machine, not through a proxy (this one has ${header}); set IDEA_EXPLORER_API_TOKEN to serve through a proxy`;

const PROXY_HEADERS: Record<string, string> = {
  Forwarded: "for=203.0.113.7;proto=https",
  "X-Forwarded-For": "203.0.113.7",
  "X-Forwarded-Host": "ideas.example",
  "X-Forwarded-Proto": "https",
  "X-Real-IP": "203.0.113.7",
  Via: "1.1 tunnel.example",
};

const ROUTES: [string, string][] = [
  ["GET", "/"],
  ["GET", "/api/health"],
  ["GET", "/api/openapi.json"],
  ["GET", "/api/jobs"],
  ["POST", "/api/explore"],
  ["GET", "/api/explorations"],
  ["GET", "/no/such/route"],
];

let dir: string;
let open: ServeProcess;
let guarded: ServeProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "serve-loopback-"));
  const repo = initIdeasRepo(join(dir, "repo"));
  const env = {
    ANTHROPIC_API_KEY: "sk-ant-test",
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9/v1",
    GITHUB_WEBHOOK_SECRET: "whsec-loopback-test",
    ...GIT_IDENTITY,
  };
  [open, guarded] = await Promise.all([
    startServeProcess(["--repo", repo, "--data-dir", join(dir, "open")], { cwd: dir, env }),
    startServeProcess(["--repo", repo, "--data-dir", join(dir, "guarded")], {
      cwd: dir,
      env: { ...env, IDEA_EXPLORER_API_TOKEN: TOKEN },
    }),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([open?.stop(), guarded?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const send = (base: string, method: string, path: string, headers: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    ...(method === "POST" ? { body: JSON.stringify({ idea: "Solar dryers" }) } : {}),
  });

describe("serve without an API token", () => {
  it("warns at start that everyone on this machine can use it; with a token it does not", async () => {
    // stderr and stdout (where the URL came from) are separate pipes: wait for the start's last line.
    await vi.waitFor(() => expect(guarded.stderr()).toContain("idea-explorer serving"));
    await vi.waitFor(() => expect(open.stderr()).toContain("idea-explorer serving"));
    expect(open.stderr()).toContain(WARNING);
    expect(guarded.stderr()).not.toContain("no IDEA_EXPLORER_API_TOKEN is set");
  });

  it.each(Object.entries(PROXY_HEADERS))(
    "refuses a request carrying %s with 403 and one line saying to set a token, on every route",
    async (header, value) => {
      for (const [method, path] of ROUTES) {
        const response = await send(open.url, method, path, { [header]: value });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await response.json()).toEqual({
          error: { code: "proxied_request", message: REFUSAL(header) },
        });
      }
    },
  );

  it("serves the same requests made directly", async () => {
    expect((await send(open.url, "GET", "/api/health", {})).status).toBe(200);
    expect((await send(open.url, "GET", "/", {})).status).toBe(200);
    expect((await send(open.url, "GET", "/api/jobs", {})).status).toBe(200);
  });

  it("leaves GitHub's webhook to its signature check, proxied or not", async () => {
    const response = await send(open.url, "POST", "/api/github/webhook", PROXY_HEADERS);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_signature" } });
  });
});

describe("serve with an API token", () => {
  it("serves a proxied request that carries the token", async () => {
    const response = await send(guarded.url, "GET", "/api/jobs", {
      ...PROXY_HEADERS,
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(response.status).toBe(200);
  });
});
