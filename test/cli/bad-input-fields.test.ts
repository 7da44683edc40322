import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exploreIdeaInputSchema } from "../../src/mcp/explore-idea-input.ts";
import { type FakeAnthropicServer, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";
import { fieldKinds } from "../helpers/wrong-types.ts";
import { connectRawMcp, type RawMcpSession } from "./mcp-raw-session.ts";
import { runInterviewCli } from "./run-interview-cli.ts";

/**
 * The bad-input table's classes, field by field where a table row per field would be a list:
 * every argument of explore_idea (walked from its own schema, so a new one is walked too) with a
 * value of the wrong type, and every MCP tool's text with a lone surrogate, over stdio as a
 * client sends them, each one line naming the field and what it takes, with no model call. And
 * the other side of the control-character rule: a Windows line break is a line break, not a
 * refusal, from a file piped to the CLI.
 */
let fake: FakeAnthropicServer;
let repo: TempTree;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  repo = await gitTree({ files: { "README.md": "seed\n" } });
});
afterAll(async () => {
  await fake.close();
  await repo.cleanup();
});

describe("explore_idea over MCP: a value of the wrong type, argument by argument", () => {
  let session: RawMcpSession;
  beforeAll(async () => {
    session = await connectRawMcp(["--repo", "."], {
      cwd: repo.dir,
      env: { ...fake.env, ...GIT_IDENTITY },
    });
  });
  afterAll(async () => {
    await session.close();
  });

  const cases = fieldKinds(exploreIdeaInputSchema.shape).flatMap(([field, kind]) =>
    kind.wrong.map((value) => [field, JSON.stringify(value), value, kind.words] as const),
  );

  it.each(cases)("%s = %s: -32602 naming it and what it takes", async (field, _, value, words) => {
    const requests = fake.requests.length;
    const args = field === "idea" ? { idea: value } : { idea: "x", [field]: value };
    const { reply } = await session.request("tools/call", {
      name: "explore_idea",
      arguments: args,
    });
    expect(reply.error?.code).toBe(-32602);
    const message = reply.error?.message ?? "";
    expect(message).toMatch(
      new RegExp(`^invalid arguments for explore_idea: ${field}(\\.\\d+)?: `),
    );
    for (const word of words) expect(message).toContain(word);
    expect(message).not.toMatch(/invalid input|received|expected/i);
    expect(fake.requests.length).toBe(requests);
  });

  it.each([
    ["search_research", { query: "solar\ud800" }, "query", 6],
    ["read_research", { path: "\udc00/research.md" }, "path", 1],
  ])("%s with a lone surrogate: -32602 naming the argument", async (name, args, field, at) => {
    const { reply } = await session.request("tools/call", { name, arguments: args });
    const code = field === "path" ? "U+DC00" : "U+D800";
    expect(reply.error).toEqual({
      code: -32602,
      message: `invalid arguments for ${name}: ${field}: must be valid Unicode (${code} at character ${at} is half of a surrogate pair)`,
    });
  });
});

describe("interview: a line with a control character", () => {
  it("is refused in one line before the model sees it, and the session goes on", async () => {
    const requests = fake.requests.length;
    const run = await runInterviewCli(["--codebase", "."], {
      input: "\u001b[2Jclear the screen\n",
      env: { ...fake.env },
      cwd: repo.dir,
    });
    expect(run.stderr).toBe(
      "idea-explorer interview: your message must not contain control characters (U+001B at character 1); it was not sent: type it again without that character\n",
    );
    expect(run.stdout).toContain("No files written this session");
    expect(run.code).toBe(1);
    expect(fake.requests.length).toBe(requests);
  });
});

describe("a Windows line break is a line break", () => {
  it("explore --dry-run --json takes an idea piped from a Windows file and a CRLF --context", async () => {
    const run = await runCli(
      ["explore", "--dry-run", "--json", "--context", "for stalls\r\nin Lagos"],
      {
        cwd: repo.dir,
        env: { ...fake.env, ...GIT_IDENTITY },
        input: "Solar dryers\r\nfor market stalls\r\n",
      },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const user = (JSON.parse(run.stdout) as { prompt: { user: string } }).prompt.user;
    expect(user).toContain("Solar dryers\nfor market stalls");
    expect(user).toContain("for stalls\nin Lagos");
    expect(user).not.toContain("\r");
    expect(fake.requests).toHaveLength(0);
  });
});
