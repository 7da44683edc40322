import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson } from "../../../test/helpers/serve-process.ts";
import { startWorkerProcess, type WorkerProcess } from "./worker-process.ts";

/** A Worker deployed before its secrets were set: every API request says what to set. */
describe("the Worker without its secrets", () => {
  let worker: WorkerProcess;
  let state: string;

  beforeAll(async () => {
    state = mkdtempSync(path.join(tmpdir(), "worker-config-"));
    // A key is there, the repository and its token are not.
    worker = await startWorkerProcess({
      env: { ANTHROPIC_API_KEY: "sk-ant-not-used" },
      persistTo: state,
    });
  }, 90_000);

  afterAll(async () => {
    await worker?.close();
    rmSync(state, { recursive: true, force: true });
  });

  it.each([
    ["GET", "/api/jobs"],
    ["POST", "/api/explore"],
    ["GET", "/api/health"],
  ])(
    "answers %s %s with 503 not_configured in one line naming the missing secrets",
    async (method, route) => {
      const response = await fetch(`${worker.url}${route}`, {
        method,
        body: method === "POST" ? "{}" : null,
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: {
          code: "not_configured",
          message:
            "the service is not configured: GITHUB_REPO, GITHUB_TOKEN are not set (set each with: npx wrangler secret put NAME)",
        },
      });
    },
  );

  it("keeps running: the next request is answered the same way", async () => {
    const again = await getJson(`${worker.url}/api/jobs`);
    expect(again.status).toBe(503);
    expect(worker.output()).not.toMatch(/sk-ant-not-used/);
  });
});
