import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GIT_IDENTITY, solarIdeasRepo } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";
import { connectRawMcp, type RawMcpSession, type WireMessage } from "./mcp-raw-session.ts";

/**
 * `idea-explorer mcp` against a client that sends broken lines: each malformed message gets
 * exactly one JSON-RPC error (the right code, a one-line message) and the session goes on.
 * One session serves every case in turn, as a long-lived client's would.
 */
let repo: TempTree;
let s: RawMcpSession;

beforeAll(async () => {
  repo = await solarIdeasRepo();
  // No model key: the server starts anyway, and nothing here may reach a model.
  s = await connectRawMcp(["--repo", repo.dir], { cwd: repo.dir, env: { ...GIT_IDENTITY } });
});

afterAll(async () => {
  await s?.close();
  await repo?.cleanup();
});

const toolNames = (reply: WireMessage) =>
  ((reply.result?.tools ?? []) as { name: string }[]).map((t) => t.name).sort();

const callTool = (id: number, name: string, args: unknown) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args },
  });

const MiB = "x".repeat(2 ** 20);
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;

const malformed: [string, string, string | number | null, number, RegExp][] = [
  [
    "truncated JSON",
    '{"jsonrpc":"2.0","id":1,"method":"tools/li',
    null,
    PARSE_ERROR,
    /^parse error: the line is not valid JSON \(.+\)$/,
  ],
  [
    'jsonrpc "1.0"',
    '{"jsonrpc":"1.0","id":2,"method":"tools/list"}',
    2,
    INVALID_REQUEST,
    /^invalid request: "jsonrpc" must be "2.0"$/,
  ],
  [
    "a numeric method",
    '{"jsonrpc":"2.0","id":"three","method":42}',
    "three",
    INVALID_REQUEST,
    /^invalid request: "method" must be a string$/,
  ],
  [
    "string params",
    '{"jsonrpc":"2.0","id":4,"method":"tools/list","params":"all"}',
    4,
    INVALID_REQUEST,
    /^invalid request: "params" must be an object$/,
  ],
  [
    "params by position",
    '{"jsonrpc":"2.0","id":5,"method":"tools/list","params":[1]}',
    5,
    INVALID_PARAMS,
    /^invalid params for tools\/list: "params" must be an object/,
  ],
  [
    "a batch",
    '[{"jsonrpc":"2.0","id":6,"method":"tools/list"},{"jsonrpc":"2.0","id":7,"method":"ping"}]',
    null,
    INVALID_REQUEST,
    /^invalid request: batches are not supported \(MCP 2025-06-18 removed JSON-RPC batching\); send one message per line$/,
  ],
  ["an empty batch", "[]", null, INVALID_REQUEST, /batches are not supported/],
  [
    "an id that is neither a string nor a number",
    '{"jsonrpc":"2.0","id":{"n":8},"method":"ping"}',
    null,
    INVALID_REQUEST,
    /^invalid request: "id" must be a string or a whole number$/,
  ],
  // JSON-RPC 2.0's own example: an invalid request object is answered even without an id.
  [
    "a request object without id, with a numeric method",
    '{"jsonrpc":"2.0","method":1,"params":"bar"}',
    null,
    INVALID_REQUEST,
    /^invalid request: "method" must be a string$/,
  ],
  [
    "tool arguments that are not an object",
    callTool(9, "explore_idea", "a solar dryer"),
    9,
    INVALID_PARAMS,
    /^invalid params for tools\/call: arguments: must be an object$/,
  ],
  [
    "a tool argument of the wrong type",
    callTool(10, "explore_idea", { idea: "A solar dryer", mode: "poetry" }),
    10,
    INVALID_PARAMS,
    /^invalid arguments for explore_idea: mode: must be "business" or "exploration"$/,
  ],
  [
    "two tool arguments of the wrong type",
    callTool(11, "explore_idea", { idea: 5, update: "yes" }),
    11,
    INVALID_PARAMS,
    /^invalid arguments for explore_idea: idea: must be text; update: must be true or false$/,
  ],
  [
    "a misspelt tool argument",
    callTool(12, "explore_idea", { idea: "A solar dryer", continueFrom: "2026-01-02-solar-dryer" }),
    12,
    INVALID_PARAMS,
    /^invalid arguments for explore_idea: unknown field "continueFrom"$/,
  ],
  [
    "a read_research path that is not text",
    callTool(13, "read_research", { path: 13 }),
    13,
    INVALID_PARAMS,
    /^invalid arguments for read_research: path: must be text$/,
  ],
];

describe("idea-explorer mcp answers malformed messages and keeps serving", () => {
  it.each(malformed)(
    "%s: exactly one error reply, then tools/list still works",
    async (_label, line, id, code, message) => {
      await s.write(`${line}\n`);
      const { reply, before } = await s.request("tools/list");

      expect(before).toEqual([
        { jsonrpc: "2.0", id, error: { code, message: expect.any(String) } },
      ]);
      const error = before[0]?.error;
      expect(error?.message).toMatch(message);
      expect(error?.message).not.toContain("\n");
      expect(toolNames(reply)).toEqual([
        "explore_idea",
        "read_research",
        "refresh_exploration",
        "search_research",
      ]);
    },
  );

  it("a malformed notification is not answered (JSON-RPC never answers notifications)", async () => {
    await s.write('{"jsonrpc":"2.0","method":"notifications/cancelled","params":[1]}\n');
    const { reply, before } = await s.request("ping");
    expect(before).toEqual([]);
    expect(reply.result).toEqual({});
    // stderr is another pipe than stdout: the note may arrive after the ping's reply.
    await vi.waitFor(() =>
      expect(s.stderr()).toMatch(
        /refused a message from the MCP client: invalid params for notifications\/cancelled/,
      ),
    );
  });

  it("a 20 MB line is refused as it streams in, its rest skipped, and the session goes on", async () => {
    const opening = JSON.stringify({
      jsonrpc: "2.0",
      id: 77,
      method: "tools/call",
      params: { name: "search_research", arguments: { query: "" } },
    }).replace(/""}}}$/, '"');
    await s.write(opening + MiB.repeat(5));

    // Answered while the line is still open: the server does not wait to hold all of it.
    expect(await s.next()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: INVALID_REQUEST, message: "message too large: the limit is 4 MiB" },
    });
    for (let i = 0; i < 15; i++) await s.write(MiB);
    await s.write('"}}}\n');

    // Nothing more for that line (neither a parse error for its tail nor the call it held).
    const { reply, before } = await s.request("tools/list");
    expect(before).toEqual([]);
    expect(toolNames(reply)).toEqual([
      "explore_idea",
      "read_research",
      "refresh_exploration",
      "search_research",
    ]);
    expect(s.isRunning()).toBe(true);
  });

  it.skipIf(peakMemoryBytes(process.pid) === undefined)(
    "a 200 MB line costs the server far less memory than its size",
    async () => {
      const peakBefore = peakMemoryBytes(s.pid) as number;
      await s.write(`{"jsonrpc":"2.0","id":78,"method":"ping","params":{"pad":"`);
      for (let i = 0; i < 200; i++) await s.write(MiB);
      await s.write('"}}\n');
      const { before } = await s.request("ping");
      expect(before.map((m) => m.error?.message)).toEqual([
        "message too large: the limit is 4 MiB",
      ]);
      // Held whole, the line would add at least its own 200 MB; skipped as it streams, what
      // grows is the chunks in flight before the garbage collector frees them.
      const growth = (peakMemoryBytes(s.pid) as number) - peakBefore;
      expect(growth).toBeLessThan(128 * 2 ** 20);
    },
  );

  it("stdout carried JSON-RPC messages only; each refusal is noted on stderr", () => {
    expect(s.strayStdout).toEqual([]);
    expect(s.stderr()).toMatch(/refused a message from the MCP client: message too large/);
    expect(s.stderr()).toMatch(/refused a message from the MCP client: parse error/);
  });
});

/** The process's peak resident memory (Linux); undefined where /proc is not there. */
function peakMemoryBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}
