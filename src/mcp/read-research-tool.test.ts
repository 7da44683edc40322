import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { LocalStore } from "../store/local-store.ts";
import { registerReadResearch } from "./read-research-tool.ts";
import { registerSearchResearch } from "./search-research-tool.ts";

let tree: TempTree;
beforeAll(async () => {
  tree = await makeTempTree({ files: { "ideas/2026-01-02-solar/research.md": "# Solar\n" } });
});
afterAll(() => tree.cleanup());

/** read_research and search_research on one server, their log lines collected. */
async function connect() {
  const lines: string[] = [];
  const server = new McpServer({ name: "unit", version: "0.0.0" });
  const deps = {
    store: new LocalStore({ root: tree.dir }),
    log: (line: string) => lines.push(line),
    errorLine: String,
  };
  registerReadResearch(server, deps);
  registerSearchResearch(server, deps);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "unit", version: "1.0.0" });
  await client.connect(clientSide);
  return { client, lines };
}

describe("the MCP research tools' log", () => {
  it("logs each call as exactly one tool_call JSON line on the server's log", async () => {
    const { client, lines } = await connect();
    try {
      const path = "2026-01-02-solar/research.md";
      await client.callTool({ name: "read_research", arguments: { path } });
      await client.callTool({ name: "read_research", arguments: { path: "../x" } });
      await client.callTool({ name: "search_research", arguments: { query: "solar" } });

      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({ event: "tool_call", name: "read_research", path, ok: true }),
        expect.objectContaining({
          event: "tool_call",
          name: "read_research",
          path: "../x",
          ok: false,
          errorType: "path_validation",
        }),
        expect.objectContaining({ event: "tool_call", name: "search_research", query: "solar" }),
      ]);
    } finally {
      await client.close();
    }
  });
});
