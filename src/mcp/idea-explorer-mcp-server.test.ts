import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "../config/config-error.ts";
import { type ResolvedModel, resolveModel } from "../models/resolve-model.ts";
import type { ResearchStore } from "../store/research-store.ts";
import {
  createIdeaExplorerMcpServer,
  type IdeaExplorerMcpOptions,
} from "./idea-explorer-mcp-server.ts";

/** A store that records what was asked of it and fails every call with a host path in the text. */
function failingStore(calls: string[]): ResearchStore {
  const fail = (name: string) => async () => {
    calls.push(name);
    throw new Error("EACCES: permission denied, open '/home/someone/ideas'");
  };
  return {
    description: "folder test",
    verify: fail("verify"),
    listIdeaFolders: fail("listIdeaFolders"),
    readText: fail("readText"),
    getContent: fail("getContent"),
    commit: fail("commit"),
    commitOnHead: fail("commitOnHead"),
    lockIdea: fail("lockIdea"),
  };
}

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function connect(options: Partial<IdeaExplorerMcpOptions> & { store: ResearchStore }) {
  const logged: string[] = [];
  const server = createIdeaExplorerMcpServer({
    version: "0.0.0-test",
    resolveModel: () => resolveModel({ apiKey: "test-key", baseURL: "http://127.0.0.1:9/v1" }),
    log: (line) => logged.push(line),
    progress: (write) => ({ phase: write, toolCall: () => {}, step: () => {} }),
    shutdown: new AbortController().signal,
    errorLine: (error) => (error instanceof Error ? error.message : String(error)),
    ...options,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: "unit", version: "1.0.0" });
  await client.connect(clientSide);
  const call = (name: string, args: Record<string, unknown>) =>
    (client as Client).callTool({ name, arguments: args }) as Promise<CallToolResult>;
  return { call, logged };
}

const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;

describe("the MCP server's tools fail as results, in one line, and never leak host paths", () => {
  it("a store failure in search_research and read_research", async () => {
    const calls: string[] = [];
    const { call, logged } = await connect({ store: failingStore(calls) });

    const search = await call("search_research", { query: "solar dryer" });
    expect(search.isError).toBe(true);
    expect(text(search)).toBe("the ideas repository could not be searched");

    const read = await call("read_research", { path: "2026-01-02-x/research.md" });
    expect(read.isError).toBe(true);
    expect(read.structuredContent).toEqual({
      ok: false,
      error_type: "api_error",
      message: "Failed to read file: unexpected error in the research store",
    });
    expect(JSON.stringify([search, read, logged])).not.toContain("/home/someone");
    expect(calls).toEqual(["listIdeaFolders", "getContent"]);
  });

  it("explore_idea without a model: the configuration error, before the store is touched", async () => {
    const calls: string[] = [];
    const { call } = await connect({
      store: failingStore(calls),
      resolveModel: (): ResolvedModel => {
        throw new ConfigError("ANTHROPIC_API_KEY is not set; export your Anthropic API key.");
      },
    });
    const result = await call("explore_idea", { idea: "solar dryers" });
    expect(result).toEqual({
      content: [
        { type: "text", text: "ANTHROPIC_API_KEY is not set; export your Anthropic API key." },
      ],
      isError: true,
    });
    expect(calls).toEqual([]);
  });

  it("an unexpected error of several lines comes back as one", async () => {
    const { call } = await connect({
      store: failingStore([]),
      resolveModel: () => {
        throw new Error("first line\n    at somewhere (file.ts:1:1)\n");
      },
    });
    const result = await call("explore_idea", { idea: "solar dryers" });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("first line at somewhere (file.ts:1:1)");
  });

  it("after shutdown, explore_idea starts nothing", async () => {
    const calls: string[] = [];
    const stopped = new AbortController();
    stopped.abort(new Error("the MCP server stopped; nothing was written"));
    const { call } = await connect({ store: failingStore(calls), shutdown: stopped.signal });
    const result = await call("explore_idea", { idea: "solar dryers" });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("the MCP server stopped; nothing was written");
    expect(calls).toEqual([]);
  });
});
