import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnthropicServer, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/**
 * `explore --mcp-config FILE` with a server that cannot be started: the CLI, as an MCP client,
 * stops before any model call with one line naming the server and its command as configured.
 */
let tree: TempTree;
let fake: FakeAnthropicServer;

beforeEach(async () => {
  tree = await gitTree({
    files: {
      "ideas/README.md": "Ideas\n",
      "mcp.json": JSON.stringify({
        mcpServers: { notes: { command: "/no/such/binary", args: ["--stdio"] } },
      }),
    },
  });
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await fake.close();
  await tree.cleanup();
});

describe("idea-explorer explore --mcp-config with a command that does not exist", () => {
  it("names the server and the command as configured, in one line, before paying (exit 2)", async () => {
    const run = await runCli(
      ["explore", "A pricing page generator for indie SaaS", "--mcp-config", "mcp.json"],
      { cwd: tree.dir, env: { ...fake.env, ...GIT_IDENTITY } },
    );

    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([
      'idea-explorer explore: --mcp-config: MCP server "notes" did not start: command "/no/such/binary" was not found (check its "command" and PATH)',
    ]);
    expect(fake.requests).toHaveLength(0);
  });
});
