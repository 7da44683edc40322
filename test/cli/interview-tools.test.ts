import { cp, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  cacheBreakpoints,
  type FakeAnthropicServer,
  reply,
  type ScriptedReply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import {
  type ChatReply,
  type ChatRequest,
  startFakeOpenAiCompatible,
} from "../fakes/openai-compatible-server.ts";
import { type FakeSearchServer, startSearxngFake } from "../fakes/search-servers.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";
import { REPO, runInterviewCli, withoutCost } from "./run-interview-cli.ts";

// Which tools the interview registers, and how: web search per provider and environment, MCP
// tools behind search_tools, as seen on the wire by the servers the CLI talks to.

let tree: TempTree;
const closers: Array<() => Promise<void>> = [];

beforeEach(async () => {
  tree = await makeTempTree({});
  await cp(path.join(REPO, "test/fixtures/interview-codebase"), path.join(tree.dir, "codebase"), {
    recursive: true,
  });
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await tree.cleanup();
});

async function anthropic(replies: ScriptedReply[]) {
  const fake = await startFakeAnthropic({ replies });
  closers.push(fake.close);
  return fake;
}

function toolNames(fake: FakeAnthropicServer, request: number): string[] {
  return (fake.requests[request]?.body.tools ?? []).map((t) => t.name);
}

describe("interview tools with Anthropic", () => {
  it("puts cache breakpoints on the tools, the system prompt and the conversation", async () => {
    const fake = await anthropic([reply.text("Hi.")]);
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "hello\n",
      env: { ...fake.env },
      cwd: tree.dir,
    });
    expect(run.code).toBe(0);
    expect(
      cacheBreakpoints(fake.requests[0]?.body ?? { model: "", max_tokens: 1, messages: [] }).sort(),
    ).toEqual(["request", "system.0", "tools.file_write"].sort());
  });

  it("shows Anthropic's own web searches as they happen, and they are not writes", async () => {
    const hit = { url: "https://example.com/streaming-csv", title: "Streaming CSV" };
    const fake = await anthropic([
      reply.webSearch("streaming csv export python", [hit], {
        answer: "Others stream rows with a generator.",
      }),
    ]);
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "how do others do it?\n",
      env: { ...fake.env },
      cwd: tree.dir,
    });
    expect(run.code).toBe(0);
    expect(withoutCost(run.stdout)).toBe(
      [
        '  · web_search "streaming csv export python"',
        "Others stream rows with a generator.",
        "No files written this session (output folder: ./jobs).",
        "",
      ].join("\n"),
    );
  });

  it("hides MCP tools behind search_tools and keeps a found one loaded in later turns", async () => {
    const config = path.join(tree.dir, "mcp.json");
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: {
          fixture: {
            command: process.execPath,
            args: [path.join(REPO, "test/fixtures/mcp-server/server.ts")],
          },
        },
      }),
    );
    const fake = await anthropic([
      reply.toolUse("search_tools", { query: "add two numbers" }),
      reply.toolUse("fixture__add", { a: 2, b: 3 }),
      reply.text("2 + 3 is 5."),
      reply.text("Still here."),
    ]);
    const run = await runInterviewCli(["--codebase", "codebase", "--mcp-config", "mcp.json"], {
      input: "add 2 and 3\nthanks\n",
      env: { ...fake.env },
      cwd: tree.dir,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  · search_tools "add two numbers"');
    expect(run.stdout).toContain("  · fixture__add");
    expect(run.stdout).toContain("2 + 3 is 5.");

    const builtIn = ["list_files", "search_files", "file_read", "file_write", "web_search"];
    expect(toolNames(fake, 0)).toEqual([...builtIn, "search_tools"]);
    expect(toolNames(fake, 1)).toEqual([...builtIn, "search_tools", "fixture__add"]);
    // The next turn starts with the tool found in the first one.
    expect(toolNames(fake, 3)).toEqual(toolNames(fake, 1));
    const system = JSON.stringify(fake.requests[0]?.body.system);
    expect(system).toContain("## More tools (use search_tools first)");
    expect(system).toContain("- fixture__echo_upper: Echo a text back in upper case.");
    // The server's answer, inside the untrusted-data fence every MCP result is read through.
    expect(JSON.stringify(fake.requests[2]?.body.messages)).toContain(
      String.raw`from=\"fixture/add\">\n5\n</untrusted-data>`,
    );
  });

  it("fails at once, naming the option, when an MCP server does not start", async () => {
    await writeFile(
      path.join(tree.dir, "mcp.json"),
      JSON.stringify({ mcpServers: { broken: { command: "no-such-mcp-server-command" } } }),
    );
    const fake = await anthropic([]);
    const run = await runInterviewCli(["--codebase", "codebase", "--mcp-config", "mcp.json"], {
      input: "hello\n",
      env: { ...fake.env },
      cwd: tree.dir,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'idea-explorer interview: --mcp-config: MCP server "broken" did not start: command "no-such-mcp-server-command" was not found (check its "command" and PATH)\n',
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe("interview web search with an openai-compatible server", () => {
  it("registers web_search over the configured backend (SEARXNG_URL) and runs searches there", async () => {
    const searx: FakeSearchServer = await startSearxngFake();
    closers.push(searx.close);
    const server = await startOpenAiCompatible([
      { toolCall: { name: "web_search", arguments: { query: "streaming csv export" } } },
      { text: "Found prior art." },
    ]);
    const run = await runInterviewCli(
      [
        "--codebase",
        "codebase",
        "--provider",
        "openai-compatible",
        "--base-url",
        server.url,
        "--model",
        "qwen3:8b",
      ],
      {
        input: "how do others stream CSV?\n",
        env: { SEARXNG_URL: searx.url, OPENAI_COMPATIBLE_API_KEY: "local-token-123" },
        cwd: tree.dir,
      },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  · web_search "streaming csv export"');
    expect(searx.requests.map((r) => r.query.get("q"))).toEqual(["streaming csv export"]);
    const [first, second] = server.requests;
    expect(first?.headers.authorization).toBe("Bearer local-token-123");
    expect(toolsOf(first)).toEqual([
      "list_files",
      "search_files",
      "file_read",
      "file_write",
      "web_search",
    ]);
    expect(JSON.stringify(first?.body.messages)).not.toContain("Web search is not available");
    // The backend's hits reach the model as the tool's result.
    expect(JSON.stringify(second?.body.messages)).toContain("https://example.org/solar-dryers");
  });

  it("leaves web_search out without a backend, and the prompt says so", async () => {
    const server = await startOpenAiCompatible([{ text: "Noted." }]);
    const run = await runInterviewCli(
      [
        "--codebase",
        "codebase",
        "--provider",
        "openai-compatible",
        "--base-url",
        server.url,
        "--model",
        "llama3.1:8b",
      ],
      { input: "hello\n", env: {}, cwd: tree.dir },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Noted.");
    const [first] = server.requests;
    expect(first?.body.model).toBe("llama3.1:8b");
    expect(toolsOf(first)).toEqual(["list_files", "search_files", "file_read", "file_write"]);
    expect(JSON.stringify(first?.body.messages)).toContain(
      "Web search is not available in this session",
    );
  });
});

function toolsOf(request: ChatRequest | undefined): string[] {
  return (request?.body.tools ?? []).map((t) => t.function.name);
}

async function startOpenAiCompatible(replies: ChatReply[]) {
  const server = await startFakeOpenAiCompatible(replies);
  closers.push(server.close);
  return server;
}
