import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  blocksOf,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { EARLIER_FOLDER, GIT_IDENTITY, solarIdeasRepo } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

let repo: TempTree;
let fake: FakeAnthropicServer;

beforeEach(async () => {
  repo = await solarIdeasRepo();
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

const ESCAPE = "\u001b]0;pwned\u0007\u001b[2J";

/** A model that gets its tool calls wrong in every way the SDK refuses before a tool runs. */
function scriptUnrulyModel() {
  fake.enqueue(
    reply.toolUse("read_research", { path: 42 }),
    reply.toolUse("read_research", { path: "x".repeat(500) }),
    reply.toolUse(`delete_everything${ESCAPE}`, { all: true }),
    reply.toolUse("read_research", { path: `../../etc/passwd${ESCAPE}` }),
    reply.text("# Widgets\n\nA report after four failed calls.\n\nVerdict: go."),
  );
}

const explore = (args: string[]) =>
  runCli(["explore", "A subscription for widget repairs", "--max-steps", "10", ...args], {
    cwd: repo.dir,
    env: { ...fake.env, ...GIT_IDENTITY },
  });

describe("idea-explorer explore with a model that calls tools badly", () => {
  it("logs every call, refused ones included, and keeps escape sequences off the terminal", async () => {
    scriptUnrulyModel();
    const run = await explore([]);

    expect(run.code).toBe(0);
    const calls = run.stderr
      .split("\n")
      .filter((line) => line.startsWith('{"event":"tool_call"'))
      .map((line) => JSON.parse(line));
    expect(calls.map((c) => [c.name.slice(0, 17), c.ok, c.errorType])).toEqual([
      ["read_research", false, "invalid_input"],
      ["read_research", false, "invalid_input"],
      ["delete_everything", false, "unknown_tool"],
      ["read_research", false, "path_validation"],
    ]);
    // The JSON lines escape control characters; the human lines drop them and stay short.
    expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(run.stderr).toContain("  delete_everything]0;pwned[2J → failed (unknown_tool)");
    expect(run.stderr).toMatch(/ {2}read_research x{119}… → failed \(invalid_input\)/);

    // The model read an error for each refused call and went on to write its report.
    const results = fake.requests.slice(1, 5).map((request) => blocksOf(request)[0]);
    expect(results.map((r) => r?.type)).toEqual(Array(4).fill("tool_result"));
    expect(JSON.stringify(results[2])).toContain("delete_everything");
  });

  it("writes the refused calls into exploration-log.json with --stats", async () => {
    scriptUnrulyModel();
    const run = await explore(["--stats"]);

    expect(run.code).toBe(0);
    const folder = readdirSync(path.join(repo.dir, "ideas")).find((f) => f !== EARLIER_FOLDER);
    const log = JSON.parse(
      readFileSync(path.join(repo.dir, "ideas", folder!, "exploration-log.json"), "utf8"),
    );
    expect(log[0].toolCalls.map((c: { errorType: string }) => c.errorType)).toEqual([
      "invalid_input",
      "invalid_input",
      "unknown_tool",
      "path_validation",
    ]);
    expect(log[0].toolCalls[1].path).toHaveLength(500);
  });
});
