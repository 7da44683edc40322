import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exploreBodySchema } from "../../src/server/explore-body.ts";
import { type FakeAnthropicServer, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { type ServeProcess, startServeProcess } from "../helpers/serve-process.ts";
import { GIT_IDENTITY, git, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";
import { connectRawMcp, type RawMcpSession } from "./mcp-raw-session.ts";

/**
 * Bad input on every surface, as a user types it: each gets its exit code or status, exactly
 * one line that names what to fix, no stack trace, no host path or secret, no model request
 * (all of these can be judged before paying) and nothing written.
 */

const SECRET = "sk-ant-do-not-print-me-0123456789";
let fake: FakeAnthropicServer;
let repo: TempTree;

beforeAll(async () => {
  fake = await startFakeAnthropic({ apiKey: SECRET });
  repo = await gitTree({ files: { "README.md": "seed\n", "afile.txt": "not a folder\n" } });
});
afterAll(async () => {
  await fake.close();
  await repo.cleanup();
});

type CliCase = {
  args: string[];
  line: string;
  code?: number;
  input?: string;
  env?: Record<string, string>;
};

const LONG = "x".repeat(10_001);
const CONTROL = "must not contain control characters";
const NOT_UNICODE = (code: string, at: number) =>
  `must be valid Unicode (${code} at character ${at} is half of a surrogate pair)`;

const cli: Record<string, CliCase> = {
  "explore: empty idea": { args: ["explore", ""], line: "idea: must not be empty" },
  "explore: blank idea on stdin": {
    args: ["explore"],
    input: "   \n",
    line: "idea: must not be empty",
  },
  "explore: NUL on stdin": {
    args: ["explore"],
    input: "solar\u0000dryers",
    line: `idea: ${CONTROL} (U+0000 at character 6)`,
  },
  "explore: terminal escape in the idea": {
    args: ["explore", "abc\u001b]0;pwned\u0007"],
    line: `idea: ${CONTROL} (U+001B at character 4)`,
  },
  "explore: carriage return alone in the idea (rewrites the terminal line)": {
    args: ["explore", "safe idea\rEVIL"],
    line: `idea: ${CONTROL} (U+000D at character 10)`,
  },
  "explore: escape sequence on stdin": {
    args: ["explore"],
    input: "\u001b[31mred idea\u001b[0m\n",
    line: `idea: ${CONTROL} (U+001B at character 1)`,
  },
  "explore: carriage return alone on stdin": {
    args: ["explore"],
    input: "solar dryers\rEVIL\r\n",
    line: `idea: ${CONTROL} (U+000D at character 13)`,
  },
  "explore: one-byte escape (C1) in the context": {
    args: ["explore", "x", "--context", "ab\u009b2J"],
    line: `--context: ${CONTROL} (U+009B at character 3)`,
  },
  "explore: idea too long": {
    args: ["explore", LONG],
    line: "idea: must be at most 10,000 characters",
  },
  "explore: idea too long on stdin": {
    args: ["explore"],
    input: LONG,
    line: "idea: must be at most 10,000 characters",
  },
  "explore: idea starting with -": {
    args: ["explore", "-ward off pests"],
    line: `Unknown option '-w'; to pass text that starts with "-", put -- before it: idea-explorer explore -- "-…" (see idea-explorer explore --help)`,
  },
  "explore: unknown option": {
    args: ["explore", "x", "--frobnicate"],
    line: "Unknown option '--frobnicate' (see idea-explorer explore --help)",
  },
  "explore: empty model": {
    args: ["explore", "x", "--model", ""],
    line: "--model: must not be empty (leave it out for the default model)",
  },
  "explore: mistyped model alias": {
    args: ["explore", "x", "--model", "sonet"],
    line: 'Unknown model "sonet"; use one of sonnet (claude-sonnet-5-5), opus (claude-opus-5-5), haiku (claude-haiku-5-5), or a full model id such as claude-sonnet-5-5.',
  },
  "explore: context too long": {
    args: ["explore", "x", "--context", LONG],
    line: "--context: must be at most 10,000 characters",
  },
  "explore: bell in the context": {
    args: ["explore", "x", "--context", "a\u0007"],
    line: `--context: ${CONTROL} (U+0007 at character 2)`,
  },
  "explore: unknown mode": {
    args: ["explore", "x", "--mode", "bogus"],
    line: '--mode: must be "business" or "exploration"',
  },
  "explore: unknown depth": {
    args: ["explore", "x", "--depth", "thorough"],
    line: '--depth: must be "quick" or "deep"',
  },
  "explore: too many in parallel": {
    args: ["explore", "x", "--depth", "deep", "--parallel", "7"],
    line: "--parallel: must be a whole number from 1 to 6",
  },
  "explore: zero steps": {
    args: ["explore", "x", "--max-steps", "0"],
    line: "--max-steps: must be a whole number from 1 to 50",
  },
  "explore: steps not a number": {
    args: ["explore", "x", "--max-steps", "abc"],
    line: '--max-steps must be a whole number, got "abc"',
  },
  "explore: negative steps": {
    args: ["explore", "x", "--max-steps", "-3"],
    line: '--max-steps needs a value; one that starts with "-" is written --max-steps=VALUE (see idea-explorer explore --help)',
  },
  "explore: tiny token budget": {
    args: ["explore", "x", "--token-budget", "5"],
    line: "--token-budget: must be a whole number from 1,000 to 10,000,000",
  },
  "explore: timeout too short": {
    args: ["explore", "x", "--timeout", "5s"],
    line: '--timeout must be a duration from 10 s to 24 h, such as 90s, 15m or 1h; got "5s"',
  },
  "explore: timeout not a duration": {
    args: ["explore", "x", "--timeout", "forever"],
    line: '--timeout must be a duration from 10 s to 24 h, such as 90s, 15m or 1h; got "forever"',
  },
  "explore: zero request timeout": {
    args: ["explore", "x", "--request-timeout", "0"],
    line: '--request-timeout must be a duration from 1 s to 24 h, such as 90s, 15m or 1h; got "0"',
  },
  "explore: update and force": {
    args: ["explore", "x", "--update", "--force"],
    line: "choose either update or force, not both",
  },
  "explore: update of an idea never explored": {
    args: ["explore", "never explored here", "--update"],
    line: "update: this idea has not been explored in this repository yet; explore it without update first",
  },
  "explore: continue-from escaping": {
    args: ["explore", "x", "--continue-from", "../../etc"],
    line: "--continue-from: must name an earlier exploration folder such as 2026-01-05-my-idea",
  },
  "explore: continue-from that does not exist": {
    args: ["explore", "x", "--continue-from", "2026-01-01-nothing-here"],
    line: "continue-from: no research found at ideas/2026-01-01-nothing-here/research.md",
  },
  "explore: unknown provider": {
    args: ["explore", "x", "--provider", "nope"],
    line: 'Unknown provider "nope"; use one of: anthropic, openai-compatible.',
  },
  "explore: local provider without a base URL": {
    args: ["explore", "x", "--provider", "openai-compatible"],
    line: "--provider openai-compatible needs --base-url, e.g. http://localhost:11434/v1 for Ollama.",
  },
  "explore: local provider without a model": {
    args: [
      "explore",
      "x",
      "--provider",
      "openai-compatible",
      "--base-url",
      "http://127.0.0.1:9/v1",
    ],
    line: "--provider openai-compatible needs --model with the name your server serves, e.g. llama3.1:8b.",
  },
  "explore: base URL that is not one": {
    args: ["explore", "x", "--provider", "openai-compatible", "--base-url", "x", "--model", "m"],
    line: "--base-url must start with http:// or https://, for example http://localhost:11434/v1.",
  },
  "explore: base URL with a password": {
    args: [
      "explore",
      "x",
      "--provider",
      "openai-compatible",
      "--base-url",
      "http://user:pw@127.0.0.1:11500/v1",
      "--model",
      "m",
    ],
    line: '--base-url must not hold a user name or password; remove "user:password@" and pass the key with --api-key.',
  },
  "explore: ANTHROPIC_BASE_URL with a password": {
    args: ["explore", "x"],
    env: { ANTHROPIC_BASE_URL: "http://user:pw@127.0.0.1:9" },
    line: 'ANTHROPIC_BASE_URL must not hold a user name or password; remove "user:password@" and pass the key with ANTHROPIC_API_KEY.',
  },
  "explore: no API key": {
    args: ["explore", "x"],
    env: { ANTHROPIC_API_KEY: "" },
    line: "ANTHROPIC_API_KEY is not set; export your Anthropic API key, or use --provider openai-compatible --base-url URL for a local model.",
  },
  "explore: folder that does not exist": {
    args: ["explore", "x", "--repo", "no/such/folder"],
    line: "--repo no/such/folder: The ideas folder does not exist",
  },
  "explore: a file as the folder": {
    args: ["explore", "x", "--repo", "afile.txt"],
    line: "--repo afile.txt: The ideas folder is not a directory",
  },
  "explore: malformed --github": {
    args: ["explore", "x", "--github", "bad"],
    line: '--github must look like owner/repo, got "bad"',
  },
  "explore: --github without a token": {
    args: ["explore", "x", "--github", "a/b"],
    line: "GITHUB_TOKEN is not set; export a token with contents:write access to a/b",
  },
  "explore: --github and --repo": {
    args: ["explore", "x", "--github", "a/b", "--repo", "."],
    line: "choose either --github or --repo, not both",
  },
  "explore: bad GITHUB_TIMEOUT_MS": {
    args: ["explore", "x"],
    env: { GITHUB_TIMEOUT_MS: "abc" },
    line: "GITHUB_TIMEOUT_MS: must be a whole number of milliseconds from 1 to 2147483647",
  },
  "explore: missing codebase": {
    args: ["explore", "x", "--codebase", "no/such"],
    line: "--codebase: The codebase folder does not exist",
  },
  "explore: bad tool-search": {
    args: ["explore", "x", "--tool-search", "bogus"],
    line: '--tool-search must be one of auto, always, never, anthropic, got "bogus"',
  },
  "explore: anthropic tool search with a local model": {
    args: [
      "explore",
      "x",
      "--tool-search",
      "anthropic",
      "--provider",
      "openai-compatible",
      "--base-url",
      "http://127.0.0.1:9/v1",
      "--model",
      "m",
    ],
    line: "--tool-search anthropic needs the anthropic provider; use auto, always or never",
  },
  "explore: malformed SEARXNG_URL": {
    args: [
      "explore",
      "x",
      "--provider",
      "openai-compatible",
      "--base-url",
      "http://127.0.0.1:9/v1",
      "--model",
      "m",
    ],
    env: { SEARXNG_URL: "notaurl" },
    line: "SEARXNG_URL must start with http:// or https://, for example http://localhost:8080.",
  },
  "explore: git without an identity": {
    args: ["explore", "x"],
    env: {
      GIT_AUTHOR_NAME: "",
      GIT_AUTHOR_EMAIL: "",
      GIT_COMMITTER_NAME: "",
      GIT_COMMITTER_EMAIL: "",
    },
    line: 'git has no identity for the commit: set user.name and user.email (git config user.name "…")',
  },
  "interview: no codebase": {
    args: ["interview"],
    line: "--codebase DIR is required (the codebase to ground the interview in)",
  },
  "interview: missing codebase": {
    args: ["interview", "--codebase", "/no/such"],
    line: '--codebase "/no/such": the codebase folder does not exist',
  },
  "interview: unknown option": {
    args: ["interview", "--bogus"],
    line: "Unknown option '--bogus' (see idea-explorer interview --help)",
  },
  "serve: stray argument": {
    args: ["serve", "foo"],
    line: 'unexpected argument "foo": serve takes options only (see idea-explorer serve --help)',
  },
  "serve: port out of range": {
    args: ["serve", "--port", "70000"],
    line: "--port must be from 0 to 65535, got 70000",
  },
  "serve: zero concurrency": {
    args: ["serve", "--concurrency", "0"],
    line: "--concurrency must be from 1 to 64, got 0",
  },
  "serve: negative rate limit": {
    args: ["serve", "--rate-limit", "-1"],
    line: '--rate-limit needs a value; one that starts with "-" is written --rate-limit=VALUE (see idea-explorer serve --help)',
  },
  "serve: unknown option": {
    args: ["serve", "--bogus"],
    line: "Unknown option '--bogus' (see idea-explorer serve --help)",
  },
  "mcp: stray argument": {
    args: ["mcp", "foo"],
    line: 'unexpected argument "foo": mcp takes options only (see idea-explorer mcp --help)',
  },
  "mcp: unknown option": {
    args: ["mcp", "--bogus"],
    line: "Unknown option '--bogus' (see idea-explorer mcp --help)",
  },
};

describe("bad input on the command line", () => {
  it.each(Object.entries(cli))("%s", async (_, c) => {
    const before = git(repo.dir, "rev-parse", "HEAD");
    const requests = fake.requests.length;
    const run = await runCli(c.args, {
      cwd: repo.dir,
      env: { ...fake.env, ...GIT_IDENTITY, ...c.env },
      ...(c.input === undefined ? {} : { input: c.input }),
    });
    const [command] = c.args;
    expect(run.code).toBe(c.code ?? 2);
    expect(run.stderr).toBe(`idea-explorer ${command}: ${c.line}\n`);
    expect(run.stdout).toBe("");
    expect(run.stderr).not.toContain(SECRET);
    expect(run.stderr).not.toContain(repo.dir);
    expect(fake.requests.length).toBe(requests);
    expect(git(repo.dir, "rev-parse", "HEAD")).toBe(before);
    expect(git(repo.dir, "status", "--porcelain", "--untracked-files=all")).toBe("");
    expect(existsSync(path.join(repo.dir, "ideas"))).toBe(false);
  });

  it("--json on a failure prints one JSON object on stdout too", async () => {
    const run = await runCli(["explore", "", "--json"], { cwd: repo.dir, env: fake.env });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({
      status: "error",
      error: { code: "configuration_error", message: "idea: must not be empty" },
    });
  });
});

type ApiCase = { body: unknown; line: string; raw?: string };

const api: Record<string, ApiCase> = {
  "no idea": { body: { mode: "business" }, line: "idea: must be text" },
  "empty idea": { body: { idea: "  " }, line: "idea: must not be empty" },
  "NUL in the idea": {
    body: { idea: "solar\u0000dryers" },
    line: `idea: ${CONTROL} (U+0000 at character 6)`,
  },
  "escape in the context": {
    body: { idea: "x", context: "\u001b[2J" },
    line: `context: ${CONTROL} (U+001B at character 1)`,
  },
  "carriage return alone in the idea": {
    body: { idea: "safe\rEVIL" },
    line: `idea: ${CONTROL} (U+000D at character 5)`,
  },
  "one-byte escape (C1) in the context": {
    body: { idea: "x", context: "\u009b2J" },
    line: `context: ${CONTROL} (U+009B at character 1)`,
  },
  "lone surrogate in the idea": {
    body: { idea: "solar\ud800" },
    line: `idea: ${NOT_UNICODE("U+D800", 6)}`,
  },
  "lone surrogate in the context": {
    raw: '{"idea":"x","context":"\\udc00"}',
    body: undefined,
    line: `context: ${NOT_UNICODE("U+DC00", 1)}`,
  },
  "lone surrogate in callback_secret": {
    body: { idea: "x", webhook_url: "https://example.com/h", callback_secret: "s\ud800" },
    line: `callback_secret: ${NOT_UNICODE("U+D800", 2)}`,
  },
  "update as text": { body: { idea: "x", update: "yes" }, line: "update: must be true or false" },
  "collect_tool_stats as a number": {
    body: { idea: "x", collect_tool_stats: 1 },
    line: "collect_tool_stats: must be true or false",
  },
  "parallel as text": {
    body: { idea: "x", depth: "deep", parallel: "3" },
    line: "parallel: must be a whole number from 1 to 6",
  },
  "idea too long": { body: { idea: LONG }, line: "idea: must be at most 10,000 characters" },
  "unknown field": {
    body: { idea: "x", continueFrom: "2026-01-01-a" },
    // The body's own field list, so a field added to the body does not break this row.
    line: `unknown field "continueFrom"; allowed: ${Object.keys(exploreBodySchema.shape).join(", ")}`,
  },
  "unknown depth": {
    body: { idea: "x", depth: "thorough" },
    line: 'depth: must be "quick" or "deep"',
  },
  "parallel out of range": {
    body: { idea: "x", depth: "deep", parallel: 0 },
    line: "parallel: must be a whole number from 1 to 6",
  },
  "unknown mode": {
    body: { idea: "x", mode: "fun" },
    line: 'mode: must be "business" or "exploration"',
  },
  "empty model": {
    body: { idea: "x", model: "" },
    line: "model: must not be empty (leave it out for the default model)",
  },
  "update and force": {
    body: { idea: "x", update: true, force: true },
    line: "choose either update or force, not both",
  },
  "timeout too short": {
    body: { idea: "x", timeout_seconds: 1 },
    line: "timeout_seconds: must be a whole number from 10 to 86,400",
  },
  "secret without webhook": {
    body: { idea: "x", callback_secret: "s" },
    line: "callback_secret: needs webhook_url (the secret signs webhook deliveries)",
  },
  "not an object": { body: ["x"], line: "the request body must be a JSON object" },
  "not JSON": { body: undefined, raw: "{idea:", line: "the request body is not valid JSON" },
};

describe("bad input to the HTTP API", () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await startServeProcess(["--repo", ".", "--rate-limit", "0"], {
      cwd: repo.dir,
      env: { ...fake.env, ...GIT_IDENTITY },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each(Object.entries(api))("%s: 400 with one line, no job, no model call", async (_, c) => {
    const requests = fake.requests.length;
    const answer = await fetch(`${server.url}/api/explore`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: c.raw ?? JSON.stringify(c.body),
    });
    const body = (await answer.json()) as { error: { message: string } };
    expect(answer.status).toBe(400);
    expect(body.error.message).toBe(c.line);
    expect(body.error.message).not.toContain("\n");
    expect(fake.requests.length).toBe(requests);
    const jobs = (await (await fetch(`${server.url}/api/jobs`)).json()) as { jobs: unknown[] };
    expect(jobs.jobs).toEqual([]);
  });
});

describe("bad arguments to explore_idea over MCP", () => {
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

  it.each([
    [{ idea: "" }, "invalid arguments for explore_idea: idea: must not be empty"],
    [
      { idea: "solar\u0000dryers" },
      `invalid arguments for explore_idea: idea: ${CONTROL} (U+0000 at character 6)`,
    ],
    [
      { idea: "x", mode: "fun" },
      'invalid arguments for explore_idea: mode: must be "business" or "exploration"',
    ],
    [
      { idea: "safe\rEVIL" },
      `invalid arguments for explore_idea: idea: ${CONTROL} (U+000D at character 5)`,
    ],
    [
      { idea: "x", context: "\u001b[2J" },
      `invalid arguments for explore_idea: context: ${CONTROL} (U+001B at character 1)`,
    ],
    [
      { idea: "solar\ud800" },
      `invalid arguments for explore_idea: idea: ${NOT_UNICODE("U+D800", 6)}`,
    ],
    [
      { idea: "x", continue_from: "\udc00" },
      `invalid arguments for explore_idea: continue_from: ${NOT_UNICODE("U+DC00", 1)}`,
    ],
    [
      { idea: "x", update: "yes" },
      "invalid arguments for explore_idea: update: must be true or false",
    ],
    [
      { idea: "x", timeout_seconds: 3 },
      "invalid arguments for explore_idea: timeout_seconds: must be a whole number from 10 to 86,400",
    ],
  ])("%j: -32602 in one line, no model call", async (args, line) => {
    const requests = fake.requests.length;
    const { reply } = await session.request("tools/call", {
      name: "explore_idea",
      arguments: args,
    });
    expect(reply.error).toEqual({ code: -32602, message: line });
    expect(fake.requests.length).toBe(requests);
  });
});
