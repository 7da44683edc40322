import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ErrorCode, McpError, type Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  FAKE_API_KEY,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { REPO_ROOT, runCli } from "../helpers/run-cli.ts";
import {
  EARLIER_TEXT,
  GIT_IDENTITY,
  git as gitIn,
  SOLAR_IDEA,
  scriptSolarExploration,
  solarIdeasRepo,
} from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";
import { connectMcp, type McpSession, textOf } from "./mcp-session.ts";

const IDEA = SOLAR_IDEA;

let repo: TempTree;
let fake: FakeAnthropicServer;
let session: McpSession | undefined;

const git = (...args: string[]) => gitIn(repo.dir, ...args);

beforeEach(async () => {
  repo = await solarIdeasRepo();
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await session?.close();
  session = undefined;
  await fake.close();
  await repo.cleanup();
});

const modelEnv = () => ({ ...fake.env });

async function connect(env: Record<string, string> = modelEnv()): Promise<McpSession> {
  session = await connectMcp(["--repo", repo.dir], {
    cwd: repo.dir,
    env: { ...GIT_IDENTITY, ...env },
  });
  return session;
}

const call = (
  s: McpSession,
  name: string,
  args: Record<string, unknown>,
  onprogress?: (p: Progress) => void,
) => s.call(name, args, onprogress);

function newFolders(): string[] {
  return readdirSync(path.join(repo.dir, "ideas")).filter((f) => f !== "2026-01-02-solar-dryer");
}

describe("idea-explorer mcp (a real MCP client over stdio, fake Anthropic API)", () => {
  it("lists explore_idea, refresh_exploration, read_research and search_research with every input field described", async () => {
    const s = await connect();
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
    expect(s.client.getServerVersion()).toMatchObject({
      name: "idea-explorer",
      version: pkg.version,
    });
    expect(s.client.getInstructions()).toMatch(/search_research/);
    const { tools } = await s.client.listTools();

    expect(tools.map((t) => t.name).sort()).toEqual([
      "explore_idea",
      "read_research",
      "refresh_exploration",
      "search_research",
    ]);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe("object");
      const properties = Object.entries(tool.inputSchema.properties ?? {});
      expect(properties.length).toBeGreaterThan(0);
      for (const [name, schema] of properties) {
        expect((schema as { description?: string }).description, `${tool.name}.${name}`).toMatch(
          /\w{3,}/,
        );
      }
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    const explore = byName.explore_idea!;
    expect(Object.keys(explore.inputSchema.properties ?? {})).toEqual([
      "idea",
      "mode",
      "context",
      "language",
      "update",
      "force",
      "continue_from",
      "depth",
      "parallel",
      "max_cost_usd",
      "web_fetch",
      "max_fetches",
      "max_fetches_per_step",
      "max_page_chars",
      "fetch_allow_hosts",
      "fetch_deny_hosts",
      "check_claims",
      "check_model",
      "timeout_seconds",
    ]);
    expect(explore.inputSchema.properties?.check_claims).toMatchObject({
      enum: ["figures", "model"],
    });
    expect(explore.inputSchema.properties?.depth).toMatchObject({ enum: ["quick", "deep"] });
    expect(explore.inputSchema.required).toEqual(["idea"]);
    expect(explore.inputSchema.additionalProperties).toBe(false);
    expect(explore.inputSchema.properties?.mode).toMatchObject({
      enum: ["business", "exploration"],
      default: "business",
    });
    expect(explore.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    expect(byName.read_research?.inputSchema.required).toEqual(["path"]);
    expect(byName.read_research?.annotations?.readOnlyHint).toBe(true);
    expect(byName.search_research?.inputSchema.required).toEqual(["query"]);
    expect(s.protocolErrors).toEqual([]);
  });

  it("explore_idea on a model the price list does not know says cost unknown, never a guess", async () => {
    session = await connectMcp(["--repo", repo.dir, "--model", "claude-sonnet-9"], {
      cwd: repo.dir,
      env: { ...GIT_IDENTITY, ...modelEnv() },
    });
    const s = session;
    scriptSolarExploration(fake);
    const result = await call(s, "explore_idea", { idea: IDEA, mode: "exploration" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      stats: { cost: { priced: false, reason: "no price for claude-sonnet-9" } },
    });
    expect(textOf(result)).toContain(", cost unknown (no price for claude-sonnet-9)");
    expect(fake.requests.every((r) => r.body.model === "claude-sonnet-9")).toBe(true);
  });

  it("explore_idea runs the explore workflow: progress, two files in one commit, then read and search find them", async () => {
    const s = await connect();
    scriptSolarExploration(fake, { tokensPerTurn: { input_tokens: 20_000, output_tokens: 1_000 } });
    const progress: Progress[] = [];
    const result = await call(s, "explore_idea", { idea: IDEA, mode: "exploration" }, (p) =>
      progress.push(p),
    );

    expect(result.isError).toBeFalsy();
    const [folder] = newFolders();
    expect(folder).toMatch(
      /^\d{4}-\d{2}-\d{2}-a-solar-powered-food-dehydrator-kit-for-market-stalls$/,
    );
    const readPath = `${folder}/research.md`;
    expect(result.structuredContent).toMatchObject({
      status: "created",
      path: `ideas/${readPath}`,
      readResearchPath: readPath,
      folder: `ideas/${folder}`,
      commitSha: expect.stringMatching(/^[0-9a-f]{40}$/),
      stats: {
        steps: 2,
        toolCalls: 2,
        sources: 2,
        stoppedBy: "end",
        // 40k input and 2k output tokens of Sonnet 5.5 at $2 / $10 per million, and one
        // server-side search at $10 per 1,000.
        cost: {
          priced: true,
          usd: expect.closeTo(0.08 + 0.02 + 0.01, 9),
          inputUsd: expect.closeTo((40_000 * 2) / 1e6, 9),
          outputUsd: expect.closeTo((2_000 * 10) / 1e6, 9),
          searchUsd: 0.01,
        },
      },
    });
    expect(textOf(result)).toMatch(
      new RegExp(
        `^Wrote ideas/${folder}/research\\.md \\(2 model steps, 2 tool calls, 2 sources, 40,000 input and 2,000 output tokens, \\d+\\.\\d s, \\$0\\.11(; [^)]*)?\\)\\. Read it with read_research, path "${readPath}"`,
      ),
    );

    // Progress notifications carry the CLI's progress lines, numbered upwards.
    const messages = progress.map((p) => p.message ?? "");
    expect(messages[0]).toMatch(/^Exploring in exploration mode with claude-sonnet/);
    expect(messages).toContain("Checking the repository for earlier research...");
    expect(messages).toContain("Researching...");
    expect(messages).toContain("Writing research.md and exploration-log.json...");
    expect(
      messages.some((m) => /^read_research 2026-01-02-solar-dryer\/research\.md → ok/.test(m)),
    ).toBe(true);
    expect(messages.some((m) => /^step 1 of 5 done · tokens so far/.test(m))).toBe(true);
    const numbers = progress.map((p) => p.progress);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);

    // The files and the single commit, as `explore` makes them.
    const research = readFileSync(path.join(repo.dir, "ideas", readPath), "utf8");
    const [, yaml] = /^---\n([\s\S]*?)\n---\n/.exec(research) ?? [];
    expect(parseYaml(yaml!)).toMatchObject({ idea: IDEA, mode: "exploration", sources: 2 });
    expect(research).toContain("Demand is growing.");
    const log = JSON.parse(
      readFileSync(path.join(repo.dir, "ideas", folder!, "exploration-log.json"), "utf8"),
    );
    expect(log).toMatchObject([{ idea: IDEA, mode: "exploration", steps: 2 }]);
    expect(git("rev-list", "--count", "HEAD").trim()).toBe("2");
    expect(git("show", "--name-only", "--format=", "HEAD").trim().split("\n").sort()).toEqual([
      `ideas/${folder}/exploration-log.json`,
      `ideas/${readPath}`,
    ]);
    expect(git("status", "--porcelain").trim()).toBe("");

    // read_research: the agent's payload, over the same sandbox.
    const read = await call(s, "read_research", { path: readPath });
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toEqual({
      ok: true,
      content: research,
      bytes: Buffer.byteLength(research),
    });
    expect(textOf(read)).toBe(research);

    const traversal = await call(s, "read_research", { path: "../../etc/passwd" });
    expect(traversal.isError).toBe(true);
    expect(traversal.structuredContent).toMatchObject({ ok: false, error_type: "path_validation" });
    expect(textOf(traversal)).toMatch(/^path_validation: Path contains '\.\.'[^\n]*$/);
    const missing = await call(s, "read_research", { path: "2020-01-01-nothing/research.md" });
    expect(missing.structuredContent).toMatchObject({ ok: false, error_type: "file_not_found" });

    // search_research: paths read_research accepts, newest match first.
    const found = await call(s, "search_research", { query: "solar dehydrator" });
    expect(found.isError).toBeFalsy();
    const results = (found.structuredContent as { results: { path: string }[] }).results;
    expect(results.map((r) => r.path)).toEqual([readPath, "2026-01-02-solar-dryer/research.md"]);
    expect(textOf(found)).toContain(`path: ${readPath}`);

    // The same idea again is reported, without a model call or a commit.
    const requests = fake.requests.length;
    const again = await call(s, "explore_idea", { idea: IDEA.toUpperCase() });
    expect(again.structuredContent).toMatchObject({
      status: "duplicate",
      path: `ideas/${readPath}`,
    });
    expect(textOf(again)).toMatch(/^Already explored: .*update: true/);
    expect(fake.requests.length).toBe(requests);
    expect(git("rev-list", "--count", "HEAD").trim()).toBe("2");

    // update: true adds to it, in one more commit.
    fake.enqueue(reply.text("# Solar dehydrator kits\n\nPrices fell 20% this year."));
    const updated = await call(s, "explore_idea", { idea: IDEA, update: true });
    expect(updated.structuredContent).toMatchObject({
      status: "updated",
      path: `ideas/${readPath}`,
    });
    expect(textOf(updated)).toMatch(/^Updated ideas\//);
    expect(readFileSync(path.join(repo.dir, "ideas", readPath), "utf8")).toContain(
      "Prices fell 20%",
    );
    expect(git("rev-list", "--count", "HEAD").trim()).toBe("3");

    // stdout held MCP messages only; logs and tool-call JSON lines went to stderr.
    expect(s.protocolErrors).toEqual([]);
    expect(s.stderr()).toContain('"event":"tool_call"');
    expect(s.stderr()).toContain("Researching...");
  });

  it("bad arguments are refused as invalid params, tool failures are one-line isError results, and the server keeps serving", async () => {
    const s = await connect();
    const oneLine = async (args: Record<string, unknown>, pattern: RegExp) => {
      const result = await call(s, "explore_idea", args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(pattern);
      expect(textOf(result)).not.toContain("\n");
      expect(textOf(result)).not.toContain(FAKE_API_KEY);
      expect(textOf(result)).not.toContain(repo.dir);
    };
    const invalidParams = async (
      args: Record<string, unknown>,
      pattern: RegExp,
      tool = "explore_idea",
    ) => {
      const error = await call(s, tool, args).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
      expect((error as McpError).message).toMatch(pattern);
      expect((error as McpError).message).not.toContain("\n");
    };

    // One field at a time, the schema is checked before the tool runs (JSON-RPC -32602); rules
    // across fields are the request's own and come back as a tool error.
    await invalidParams(
      { idea: "   " },
      /invalid arguments for explore_idea: idea: must not be empty$/,
    );
    await invalidParams(
      { idea: IDEA, mode: "poetry" },
      /invalid arguments for explore_idea: mode: must be "business" or "exploration"$/,
    );
    await invalidParams(
      { idea: IDEA, continue_from: "../../etc" },
      /invalid arguments for explore_idea: continue_from: must name an earlier exploration folder such as 2026-01-05-my-idea$/,
    );
    await invalidParams(
      { idea: IDEA, continueFrom: "2026-01-02-solar-dryer" },
      /invalid arguments for explore_idea: unknown field "continueFrom"$/,
    );
    await oneLine({ idea: IDEA, update: true, force: true }, /^choose either update or force/);
    expect(fake.requests).toHaveLength(0);

    fake.enqueue(reply.error(401, "authentication_error", "invalid x-api-key"));
    await oneLine({ idea: IDEA }, /^Anthropic API rejected the API key \(401\)/);
    expect(s.stderr()).toMatch(/tool call failed: Anthropic API rejected the API key \(401\)/);
    expect(newFolders()).toEqual([]);
    expect(git("rev-list", "--count", "HEAD").trim()).toBe("1");

    await invalidParams(
      { query: "   " },
      /invalid arguments for search_research: query: query must not be empty/,
      "search_research",
    );

    // Still serving.
    const read = await call(s, "read_research", { path: "2026-01-02-solar-dryer/research.md" });
    expect(read.structuredContent).toMatchObject({ ok: true, content: EARLIER_TEXT });
    expect(s.protocolErrors).toEqual([]);
  });

  it("a cancelled explore_idea stops its model call, writes nothing, and the next one runs", async () => {
    const s = await connect();
    fake.enqueue(reply.hang());
    const cancel = new AbortController();
    const running = s.client.callTool(
      { name: "explore_idea", arguments: { idea: IDEA } },
      undefined,
      {
        signal: cancel.signal,
      },
    );
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1), { timeout: 20_000 });
    expect(fake.requests[0]?.closedByClient).toBe(false);
    cancel.abort("changed my mind");
    await expect(running).rejects.toThrow();
    // The cancel reaches the server's run: it drops the model request it was waiting on.
    await vi.waitFor(
      () => expect(fake.requests[0]?.closedByClient, "the model request is still open").toBe(true),
      { timeout: 10_000 },
    );

    fake.enqueue(reply.text("# Market stall lighting\n\nLEDs are cheap."));
    const next = await call(s, "explore_idea", { idea: "Solar lighting for market stalls" });
    expect(next.structuredContent).toMatchObject({ status: "created" });
    expect(newFolders()).toEqual([expect.stringMatching(/-solar-lighting-for-market-stalls$/)]);
    expect(git("rev-list", "--count", "HEAD").trim()).toBe("2");
  });

  it("SIGTERM stops the server and the exploration it is running, before anything is written", async () => {
    const s = await connect();
    fake.enqueue(reply.hang());
    const running = s.call("explore_idea", { idea: IDEA });
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1), { timeout: 20_000 });
    process.kill(s.pid, "SIGTERM");

    await expect(running).rejects.toThrow();
    await vi.waitFor(() => expect(() => process.kill(s.pid, 0)).toThrow(), { timeout: 20_000 });
    expect(s.stderr()).toContain("stopping: terminated (SIGTERM)");
    expect(newFolders()).toEqual([]);
    expect(git("rev-list", "--count", "HEAD").trim()).toBe("1");
    expect(git("status", "--porcelain").trim()).toBe("");
  });

  it("starts without a model key: the read-only tools work, explore_idea says what to set", async () => {
    const s = await connect({ ANTHROPIC_BASE_URL: fake.url });
    expect(s.stderr()).toMatch(/warning: ANTHROPIC_API_KEY is not set/);

    const read = await call(s, "read_research", { path: "2026-01-02-solar-dryer/research.md" });
    expect(read.structuredContent).toMatchObject({ ok: true });
    const found = await call(s, "search_research", { query: "mango dryer" });
    expect(textOf(found)).toContain("path: 2026-01-02-solar-dryer/research.md");

    const explore = await call(s, "explore_idea", { idea: IDEA });
    expect(explore.isError).toBe(true);
    expect(textOf(explore)).toMatch(/^ANTHROPIC_API_KEY is not set; [^\n]*$/);
    expect(fake.requests).toHaveLength(0);
    expect(newFolders()).toEqual([]);
  });
});

describe("idea-explorer mcp start-up", () => {
  const mcp = (args: string[], env: Record<string, string> = modelEnv()) =>
    runCli(["mcp", ...args], { cwd: repo.dir, env: { ...GIT_IDENTITY, ...env } });

  const refusals: [string, string[], RegExp, Record<string, string>?][] = [
    ["a missing ideas folder", ["--repo", "no-such-folder"], /does not exist/],
    ["an unknown provider", ["--provider", "nope"], /Unknown provider "nope"/],
    ["a mistyped model", ["--model", "sonet"], /Unknown model "sonet"/],
    ["openai-compatible without a URL", ["--provider", "openai-compatible"], /needs --base-url/],
    ["two repositories", ["--repo", ".", "--github", "a/b"], /either --github or --repo/],
    ["GitHub without a token", ["--github", "a/b"], /GITHUB_TOKEN is not set/],
    ["an unknown option", ["--bogus"], /Unknown option '--bogus'/],
    ["an argument", ["an-idea"], /unexpected argument "an-idea"/],
    // Without a key too: the one line is the fatal one, not the key's warning.
    [
      "a malformed SEARXNG_URL",
      [],
      /SEARXNG_URL/,
      { ...GIT_IDENTITY, SEARXNG_URL: "searx.local", ANTHROPIC_API_KEY: "" },
    ],
    // Checked with the repository: explore_idea could not commit.
    ["a git repository without an identity", [], /git/i, { GIT_AUTHOR_NAME: "" }],
  ];

  it.each(refusals)(
    "refuses %s with one line on stderr and exit 2",
    async (_, args, message, env) => {
      const run = await runCli(["mcp", ...args], {
        cwd: repo.dir,
        env: env ? { ...modelEnv(), ...env } : { ...GIT_IDENTITY, ...modelEnv() },
      });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      const lines = run.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^idea-explorer mcp: /);
      expect(lines[0]).toMatch(message);
      expect(run.stderr).not.toContain(repo.dir);
      expect(fake.requests).toHaveLength(0);
    },
  );

  it("stops with exit 0 and nothing on stdout when the client closes stdin", async () => {
    const run = await mcp([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("stopping: the client closed the connection");
  });

  it("--help shows the options and the tools; the command list names mcp", async () => {
    const help = await mcp(["--help"]);
    expect(help.code).toBe(0);
    for (const text of [
      "--repo DIR",
      "--github OWNER/REPO",
      "--model M",
      "--provider P",
      "--base-url URL",
      "--api-key KEY",
      "explore_idea",
      "read_research",
      "search_research",
    ]) {
      expect(help.stdout).toContain(text);
    }
    // The MCP server's version (serverInfo) and --version read the same package version.
    const version = await runCli(["--version"], { cwd: repo.dir });
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
    expect(version.stdout).toBe(`${pkg.version}\n`);
    const all = await runCli(["--help"], { cwd: repo.dir });
    expect(all.stdout).toMatch(/\n {2}mcp {8}serve explore_idea/);
  });
});
