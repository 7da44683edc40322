import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startWorkerProcess } from "../../deploy/cloudflare/test/worker-process.ts";
import { startServeProcess } from "../helpers/serve-process.ts";

/** A running service, whichever engine runs its jobs. */
export interface RunningEngine {
  url: string;
  stop(): Promise<void>;
}

/**
 * The two engines of one service, each started as its user starts it, from the same environment
 * variables: `idea-explorer serve` (node:sqlite jobs) and the Worker under `npm run cloudflare:dev`
 * (Workflows + D1). The API contract tests run unchanged against both.
 */
export interface Engine {
  name: string;
  start(env: Record<string, string>): Promise<RunningEngine>;
}

export const ENGINES: Engine[] = [
  {
    name: "serve (node:sqlite)",
    async start(env) {
      const dir = mkdtempSync(path.join(tmpdir(), "engine-serve-"));
      const serve = await startServeProcess(
        ["--data-dir", path.join(dir, "data"), "--allow-private-webhooks"],
        { cwd: dir, env },
      );
      return {
        url: serve.url,
        async stop() {
          await serve.stop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "Cloudflare Worker (Workflows + D1)",
    async start(env) {
      const dir = mkdtempSync(path.join(tmpdir(), "engine-worker-"));
      const worker = await startWorkerProcess({
        env: { ...env, IDEA_EXPLORER_ALLOW_PRIVATE_WEBHOOKS: "true" },
        persistTo: dir,
      });
      return {
        url: worker.url,
        async stop() {
          await worker.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
