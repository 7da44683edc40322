// `npm run cloudflare:dev -- [--port P] [--persist-to DIR]`: the Worker on 127.0.0.1 under
// `wrangler dev`, configured from the same environment variables as `idea-explorer serve`, with
// telemetry and Cloudflare's request metadata fetch off and nothing remote: fully offline.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { OFFLINE_ENV } from "./offline-env.ts";

const HERE = path.dirname(new URL(import.meta.url).pathname);
const PACKAGE = path.resolve(HERE, "..");

/** The variables the Worker reads (worker-env.ts), passed on when set. */
const PASSED = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "GITHUB_TOKEN",
  "GITHUB_REPO",
  "GITHUB_BRANCH",
  "GITHUB_API_URL",
  "GITHUB_TIMEOUT_MS",
  "IDEA_EXPLORER_API_TOKEN",
  "GITHUB_WEBHOOK_SECRET",
  "IDEA_EXPLORER_ISSUE_LABEL",
  "IDEA_EXPLORER_PRICE_IN",
  "IDEA_EXPLORER_PRICE_OUT",
  "IDEA_EXPLORER_ALLOW_PRIVATE_WEBHOOKS",
];

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    "persist-to": { type: "string", default: path.join(PACKAGE, ".wrangler", "state") },
  },
});
if (!/^\d{1,5}$/.test(values.port ?? "")) {
  process.stderr.write(`cloudflare:dev: --port must be a number, got "${values.port}"\n`);
  process.exit(2);
}

// Secrets go through a private env file, never the command line (which `ps` shows).
const secrets = mkdtempSync(path.join(tmpdir(), "idea-explorer-dev-"));
const envFile = path.join(secrets, ".env");
const lines = PASSED.flatMap((name) =>
  process.env[name] ? [`${name}=${JSON.stringify(process.env[name])}`] : [],
);
lines.push("IDEA_EXPLORER_RESUME_STALE=true");
writeFileSync(envFile, `${lines.join("\n")}\n`, { mode: 0o600 });

const cloudflareCredentials = Object.keys(process.env).filter((name) =>
  name.startsWith("CLOUDFLARE_"),
);
// No Cloudflare credentials reach wrangler: a local run must never talk to an account.
const env: NodeJS.ProcessEnv = { ...process.env };
for (const name of cloudflareCredentials) delete env[name];
Object.assign(env, OFFLINE_ENV);

const wrangler = spawn(
  process.execPath,
  [
    path.join(
      path.dirname(createRequire(import.meta.url).resolve("wrangler/package.json")),
      "bin",
      "wrangler.js",
    ),
    "dev",
    "--local",
    "--ip",
    "127.0.0.1",
    "--port",
    values.port ?? "8787",
    "--persist-to",
    values["persist-to"] ?? "",
    "--env-file",
    envFile,
    "--show-interactive-dev-session=false",
  ],
  { cwd: PACKAGE, env, stdio: ["ignore", "inherit", "inherit"] },
);

// The Worker resumes what a killed dev process left running on its first request: make one as
// soon as it listens, so that happens without waiting for a client.
void (async () => {
  for (let tries = 0; tries < 240 && wrangler.exitCode === null; tries += 1) {
    try {
      await fetch(`http://127.0.0.1:${values.port}/api/health`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
})();

const cleanUp = () => rmSync(secrets, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => wrangler.kill(signal));
}
wrangler.on("exit", (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal === "SIGINT" ? 130 : 143));
});
