import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  blocksOf,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { MCP_FIXTURE_SCRIPT } from "../helpers/mcp-fixture-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/**
 * `explore --mcp-config` with two real servers the CLI starts over stdio: "reader" offers
 * read-only tools, "writer" a destructive one and others that write or reach out. By default
 * only the reader's tools reach the model and one warning line names what was left out; with
 * the config's opt-ins, both servers' tools do. --tool-search never sends every imported tool
 * in the first request, so the request shows exactly what was imported.
 */
const IDEA = "A shared notebook for field researchers";

let tree: TempTree;
let fake: FakeAnthropicServer;

const server = (mode: string, extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [MCP_FIXTURE_SCRIPT, mode],
  ...extra,
});

const config = (writer: Record<string, unknown> = {}) =>
  JSON.stringify({ mcpServers: { reader: server("reader"), writer: server("writer", writer) } });

beforeEach(async () => {
  tree = await gitTree({
    files: {
      "ideas/README.md": "Ideas\n",
      "mcp.json": config(),
      "mcp-opt-in.json": config({ allowWrite: true, allowOpenWorld: true }),
    },
  });
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await fake.close();
  await tree.cleanup();
});

const explore = (args: string[]) =>
  runCli(["explore", IDEA, "--tool-search", "never", ...args], {
    cwd: tree.dir,
    env: { ...fake.env, ...GIT_IDENTITY },
  });

const mcpToolsSent = (index: number) =>
  (fake.requests[index]?.body.tools ?? [])
    .map((t) => (t as { name: string }).name)
    .filter((name) => name.includes("__"));

const WRITER_WARNING =
  'warning: MCP server "writer": 5 of 5 tools not imported: delete_note (destructive), append_note (not read-only), fetch_feed (open-world), publish_note (not read-only and open-world), sync (no annotations); set "allowWrite": true or "allowOpenWorld": true for "writer" in the MCP config to import them (--dry-run shows each tool\'s annotations)';

describe("idea-explorer explore --mcp-config: read-only tools unless the config opts in", () => {
  it("imports only the read-only server's tools by default and warns once about the other's", async () => {
    fake.enqueue(reply.text("# Field notebook\n\nFine."));
    const run = await explore(["--mcp-config", "mcp.json"]);

    expect(run.code).toBe(0);
    expect(mcpToolsSent(0)).toEqual(["reader__lookup_note", "reader__help_topics"]);
    const warnings = run.stderr.split("\n").filter((line) => line.includes("MCP server"));
    expect(warnings).toEqual([WRITER_WARNING]);
  });

  it("imports both servers' tools with the opt-ins, and the destructive one runs", async () => {
    fake.enqueue(
      reply.toolUse("writer__delete_note", { id: 4 }),
      reply.text("# Field notebook\n\nCleaned up."),
    );
    const run = await explore(["--mcp-config", "mcp-opt-in.json"]);

    expect(run.code).toBe(0);
    expect(mcpToolsSent(0)).toEqual([
      "reader__lookup_note",
      "reader__help_topics",
      "writer__delete_note",
      "writer__append_note",
      "writer__fetch_feed",
      "writer__publish_note",
      "writer__sync",
    ]);
    expect(run.stderr).not.toContain("not imported");
    expect(run.stderr).toMatch(/writer__delete_note → ok/);
    // What the model read back: the server's answer inside the untrusted-data fence.
    expect(JSON.stringify(blocksOf(fake.requests[1]))).toContain(
      String.raw`<untrusted-data kind=\"MCP tool result\" from=\"writer/delete_note\">\ndeleted note 4\n</untrusted-data>`,
    );
  });

  it("--dry-run shows every tool, imported or skipped and why, with its annotations", async () => {
    const run = await explore(["--mcp-config", "mcp.json", "--dry-run"]);

    expect(run.code).toBe(0);
    expect(fake.requests).toHaveLength(0);
    const start = run.stdout.indexOf("MCP tools (");
    expect(start).toBeGreaterThan(-1);
    const lines = run.stdout.slice(start).split("\n").slice(0, 10);
    expect(lines).toEqual([
      "MCP tools (read-only ones unless the config opts in):",
      "  reader: 2 of 2 imported",
      "    lookup_note: imported as reader__lookup_note [readOnly true, destructive true (default), openWorld false, idempotent false (default)]",
      "    help_topics: imported as reader__help_topics [readOnly true, destructive true (default), openWorld false, idempotent false (default)]",
      "  writer: 0 of 5 imported",
      '    delete_note: skipped, destructive (set "allowWrite": true for server "writer" to import it) [readOnly false, destructive true, openWorld true (default), idempotent true]',
      '    append_note: skipped, not read-only (set "allowWrite": true for server "writer" to import it) [readOnly false, destructive false, openWorld false, idempotent false (default)]',
      '    fetch_feed: skipped, open-world (set "allowOpenWorld": true for server "writer" to import it) [readOnly true, destructive true (default), openWorld true, idempotent false (default)]',
      '    publish_note: skipped, not read-only and open-world (set "allowWrite": true and "allowOpenWorld": true for server "writer" to import it) [readOnly false, destructive false, openWorld true, idempotent false (default)]',
      '    sync: skipped, no annotations, so presumed able to write (set "allowWrite": true for server "writer" to import it) [readOnly false (default), destructive true (default), openWorld true (default), idempotent false (default)]',
    ]);
  });

  it("--dry-run --json gives the same per tool, each hint with whether the server gave it", async () => {
    const run = await explore(["--mcp-config", "mcp-opt-in.json", "--dry-run", "--json"]);

    expect(run.code).toBe(0);
    const { mcp } = JSON.parse(run.stdout);
    expect(mcp.map((s: { server: string }) => s.server)).toEqual(["reader", "writer"]);
    expect(mcp[1].tools[0]).toEqual({
      tool: "delete_note",
      imported: true,
      name: "writer__delete_note",
      annotations: {
        readOnlyHint: { value: false, given: true },
        destructiveHint: { value: true, given: true },
        openWorldHint: { value: true, given: false },
        idempotentHint: { value: true, given: true },
      },
    });
    expect(run.stderr).not.toContain("not imported");
  });

  it.each([
    [
      "a tool the server does not have",
      { tools: ["delete_note", "drop_table"], allowWrite: true },
      'idea-explorer explore: MCP config: mcpServers.writer.tools: server "writer" has no tool "drop_table" (it has delete_note, append_note, fetch_feed, publish_note, sync)',
    ],
    [
      "an opt-in that is not true or false",
      { allowWrite: "yes" },
      "idea-explorer explore: MCP config: mcpServers.writer.allowWrite: must be true or false",
    ],
  ])("stops with one line for %s, before any model call (exit 2)", async (_label, writer, line) => {
    writeFileSync(path.join(tree.dir, "bad.json"), config(writer));
    const run = await explore(["--mcp-config", "bad.json"]);

    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([line]);
    expect(run.stderr).not.toContain(tree.dir);
    expect(fake.requests).toHaveLength(0);
  });
});
