import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ConfigError } from "../../config/config-error.ts";
import { bundledVersion } from "../bundled-build.ts";

/** Where `npm run build` leaves the single-file build, from the package's root. */
export const ACTION_BUNDLE = "dist/action/idea-explorer.mjs";

/**
 * The single-file build of this idea-explorer that `init github` commits for the workflow to
 * run. It was built with the package (users do not have esbuild): in the installed package it is
 * dist/action/, found from this file (src/cli/init/ and dist/cli/init/ are both three folders
 * below the root); run as the bundle itself, it is this very file.
 */
export async function readActionBundle(): Promise<string> {
  const file =
    bundledVersion() === undefined
      ? new URL(`../../../${ACTION_BUNDLE}`, import.meta.url)
      : new URL(import.meta.url);
  try {
    return await readFile(fileURLToPath(file), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new ConfigError(
      `this idea-explorer has no single-file build to commit (${ACTION_BUNDLE}: ${code}); reinstall it, or in a source checkout run npm run build`,
    );
  }
}
