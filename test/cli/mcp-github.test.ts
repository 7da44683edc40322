import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_API_KEY,
  type FakeAnthropicServer,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { changedFiles, type FakeGitHub, type FakeRepo } from "../fakes/github-server.ts";
import {
  GITHUB_TOKEN,
  REFILL_EARLIER,
  REFILL_IDEA,
  refillIdeasOnGitHub,
  scriptRefillExploration,
} from "../helpers/refill-ideas-on-github.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";
import { connectMcp, type McpSession, textOf } from "./mcp-session.ts";

const TOKEN = GITHUB_TOKEN;
const IDEA = REFILL_IDEA;
const _EARLIER = REFILL_EARLIER;

let github: FakeGitHub;
let repo: FakeRepo;
let fake: FakeAnthropicServer;
let cwd: TempTree;
let session: McpSession | undefined;

beforeEach(async () => {
  ({ github, repo } = await refillIdeasOnGitHub());
  fake = await startFakeAnthropic();
  cwd = await makeTempTree({});
});

afterEach(async () => {
  await session?.close();
  session = undefined;
  await Promise.all([github.close(), fake.close(), cwd.cleanup()]);
});

const env = (token = TOKEN) => ({
  ANTHROPIC_API_KEY: FAKE_API_KEY,
  ANTHROPIC_BASE_URL: fake.url,
  GITHUB_API_URL: github.url,
  GITHUB_TOKEN: token,
});

describe("idea-explorer mcp --github (fake GitHub REST API, fake Anthropic API)", () => {
  it("explore_idea commits both files at once and answers with the GitHub URL; the read-only tools use the Contents API", async () => {
    session = await connectMcp(["--github", "me/ideas"], { cwd: cwd.dir, env: env() });
    scriptRefillExploration(fake);
    const head = repo.head();
    const result = await session.call("explore_idea", { idea: IDEA });

    expect(result.isError).toBeFalsy();
    const log = repo.log();
    expect(log).toHaveLength(2);
    expect(log[0]?.parents).toEqual([head]);
    const [logFile, researchFile] = changedFiles(repo, log[0]!.sha);
    expect(researchFile).toMatch(/^ideas\/\d{4}-\d{2}-\d{2}-refill-stations-[\w-]+\/research\.md$/);
    expect(logFile).toBe(researchFile!.replace("research.md", "exploration-log.json"));
    const url = `https://github.com/me/ideas/blob/main/${researchFile}`;
    expect(result.structuredContent).toMatchObject({
      status: "created",
      path: researchFile,
      url,
      commitSha: log[0]?.sha,
    });
    expect(textOf(result)).toMatch(new RegExp(`^Wrote ${url.replace(/[.]/g, "\\.")} \\(`));

    const readPath = researchFile!.slice("ideas/".length);
    const read = await session.call("read_research", { path: readPath });
    expect(read.structuredContent).toMatchObject({ ok: true });
    expect(textOf(read)).toContain("Refills cut packaging costs.");
    expect(github.requestsTo("GET", `/contents/${researchFile}`).length).toBeGreaterThan(0);

    const found = await session.call("search_research", { query: "eco refills" });
    const paths = (found.structuredContent as { results: { path: string }[] }).results.map(
      (r) => r.path,
    );
    expect(paths).toEqual(expect.arrayContaining([readPath, "2026-03-01-eco-refills/research.md"]));
    expect(session.stderr()).not.toContain(TOKEN);
    expect(session.protocolErrors).toEqual([]);
  });

  it("refuses to start with a token GitHub rejects: one line, exit 2, no token shown", async () => {
    const run = await runCli(["mcp", "--github", "me/ideas"], {
      cwd: cwd.dir,
      env: env("ghp_wrongToken000000000000000000000000"),
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^idea-explorer mcp: /)]);
    expect(run.stderr).not.toContain("ghp_wrongToken");
    expect(fake.requests).toHaveLength(0);
  });
});
