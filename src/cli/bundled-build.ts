/**
 * Written in by the single-file build (scripts/build-action-bundle.ts, esbuild's `define`) as the
 * package's version; never defined when the CLI runs from src/ or dist/. `typeof` of a name
 * nobody declared is "undefined", not an error.
 */
declare const IDEA_EXPLORER_BUNDLED_VERSION: string | undefined;

/** The version when this code runs as the single-file build, else undefined. */
export function bundledVersion(): string | undefined {
  return typeof IDEA_EXPLORER_BUNDLED_VERSION === "string"
    ? IDEA_EXPLORER_BUNDLED_VERSION
    : undefined;
}
