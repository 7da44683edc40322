/** The installed package's version (--version, the MCP server's serverInfo). */
export async function packageVersion(): Promise<string> {
  const { default: pkg } = await import("../../package.json", { with: { type: "json" } });
  return pkg.version;
}
