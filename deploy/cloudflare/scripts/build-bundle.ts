// The Worker's bundle as `wrangler deploy` would upload it, built offline (`--dry-run`), with its
// size raw and gzipped: what Cloudflare's 3 MiB (free) / 10 MiB (paid) limits apply to.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { OFFLINE_ENV } from "./offline-env.ts";

export const FREE_PLAN_LIMIT_BYTES = 3 * 1024 * 1024;

const PACKAGE = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

export interface BundleSize {
  bytes: number;
  gzipBytes: number;
  /** What wrangler printed (its own "Total Upload" line among it). */
  output: string;
}

/** `flags` are added to wrangler's command line (the bench builds `--minify false` to compare). */
export async function buildBundle(flags: readonly string[] = []): Promise<BundleSize> {
  const wrangler = path.join(
    path.dirname(createRequire(import.meta.url).resolve("wrangler/package.json")),
    "bin",
    "wrangler.js",
  );
  const outdir = mkdtempSync(path.join(tmpdir(), "idea-explorer-bundle-"));
  try {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...OFFLINE_ENV,
    };
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [wrangler, "deploy", "--dry-run", "--outdir", outdir, ...flags],
      { cwd: PACKAGE, env, maxBuffer: 16 * 1024 * 1024 },
    );
    const files = readdirSync(outdir).filter((name) => /\.(m?js|wasm)$/.test(name));
    const contents = files.map((name) => readFileSync(path.join(outdir, name)));
    return {
      bytes: contents.reduce((sum, file) => sum + file.length, 0),
      gzipBytes: contents.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0),
      output: stdout + stderr,
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
