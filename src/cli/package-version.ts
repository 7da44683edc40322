import { readFile } from "node:fs/promises";

/**
 * The installed package's version (--version, the MCP server's serverInfo). Read at run time
 * rather than imported: package.json sits two folders up from both src/cli and dist/cli.
 */
export async function packageVersion(): Promise<string> {
  const text = await readFile(new URL("../../package.json", import.meta.url), "utf8");
  return (JSON.parse(text) as { version: string }).version;
}
