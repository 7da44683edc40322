import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { driveTool } from "../../../test/helpers/drive-tool.ts";
import { loadMcpTools } from "./load-mcp-tools.ts";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
let dir: string | undefined;
afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

describe("loadMcpTools", () => {
  it("starts the servers of a config file, with variable references filled in", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "mcp-load-"));
    const file = path.join(dir, "mcp.json");
    await writeFile(
      file,
      JSON.stringify({
        mcpServers: {
          calc: {
            command: path.join(repo, "node_modules/.bin/node"),
            args: [path.join(repo, "test/fixtures/mcp-server/server.ts")],
            env: { GREETING: "token=$" + "{API_TOKEN}" },
          },
        },
      }),
    );
    const mcp = await loadMcpTools(file, { env: { API_TOKEN: "t0k3n" }, stderr: "ignore" });
    try {
      expect(mcp.servers[0]?.name).toBe("calc");
      expect(mcp.catalogMetadata.calc__add).toEqual({
        category: "MCP: calc",
        core: false,
        aliases: ["add"],
      });
      const call = await driveTool(mcp.tools, "calc__read_env", { name: "GREETING" });
      expect(call.modelSaw).toContain("\ntoken=t0k3n\n</untrusted-data>");
    } finally {
      await mcp.close();
    }
  });

  it("reports a bad config before starting anything", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "mcp-load-"));
    const file = path.join(dir, "mcp.json");
    await writeFile(file, JSON.stringify({ mcpServers: { calc: { command: "node", args: "x" } } }));
    await expect(loadMcpTools(file)).rejects.toThrow(
      "MCP config: mcpServers.calc.args: must be a list of strings",
    );
  });
});
