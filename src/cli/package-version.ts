import { readFile } from "node:fs/promises";
import { bundledVersion } from "./bundled-build.ts";

/**
 * The installed package's version (--version, the MCP server's serverInfo). Read at run time
 * rather than imported: package.json sits two folders up from both src/cli and dist/cli. The
 * single-file build has no package.json beside it: its version was written in when it was built.
 */
export async function packageVersion(): Promise<string> {
  const bundled = bundledVersion();
  if (bundled !== undefined) return bundled;
  const text = await readFile(new URL("../../package.json", import.meta.url), "utf8");
  return (JSON.parse(text) as { version: string }).version;
}
