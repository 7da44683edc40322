/**
 * The single-file build of the CLI that `init github` commits into an ideas repository for its
 * workflow to run, as JavaScript actions ship their dist/: every dependency inside, nothing
 * resolved from a registry when it runs. Built with the package (`npm run build`), because the
 * people who run `init github` do not have esbuild. Run: node scripts/build-action-bundle.ts
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ACTION_BUNDLE_FILE = path.join(ROOT, "dist/action/idea-explorer.mjs");

/** Inputs that must never be in it: the Worker and its toolchain, and test-only code. */
const FORBIDDEN =
  /(^|\/)(deploy\/|node_modules\/(wrangler|workerd|miniflare|@cloudflare|vitest|playwright-core|esbuild)\/)/;

export async function buildActionBundle(): Promise<{ bytes: number; inputs: string[] }> {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    version: string;
  };
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ["src/cli/main.ts"],
    outfile: ACTION_BUNDLE_FILE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    minify: true,
    metafile: true,
    logLevel: "warning",
    // No package.json travels with it: --version reads this (see src/cli/bundled-build.ts).
    define: { IDEA_EXPLORER_BUNDLED_VERSION: JSON.stringify(version) },
    // Bundled CommonJS dependencies (yaml, OpenTelemetry, @vercel/oidc) call require() for Node's
    // own modules, which an ES module has no binding for.
    banner: {
      js: 'import { createRequire as __ideaExplorerCreateRequire } from "node:module"; const require = __ideaExplorerCreateRequire(import.meta.url);',
    },
  });
  const inputs = Object.keys(result.metafile.inputs);
  const forbidden = inputs.filter((input) => FORBIDDEN.test(input));
  if (forbidden.length) {
    throw new Error(`the action bundle must not contain ${forbidden.slice(0, 3).join(", ")}`);
  }
  const output = Object.values(result.metafile.outputs)[0];
  return { bytes: output?.bytes ?? 0, inputs };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { bytes } = await buildActionBundle();
  console.log(
    `${path.relative(ROOT, ACTION_BUNDLE_FILE)}: ${(bytes / 1024 / 1024).toFixed(2)} MiB`,
  );
}
