import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakeAnthropicServer } from "../fakes/anthropic-server.ts";
import { changedFiles, type FakeGitHub, type FakeRepo } from "../fakes/github-server.ts";
import {
  GITHUB_TOKEN,
  REFILL_IDEA,
  type RefillWorld,
  scriptRefillExploration,
  startRefillWorld,
} from "../helpers/refill-ideas-on-github.ts";
import { runCli } from "../helpers/run-cli.ts";
import { connectMcp, type McpSession, textOf } from "./mcp-session.ts";

let world: RefillWorld;
let github: FakeGitHub;
let repo: FakeRepo;
let fake: FakeAnthropicServer;
let session: McpSession | undefined;

beforeEach(async () => {
  world = await startRefillWorld();
  ({ github, repo, fake } = world);
});

afterEach(async () => {
  await session?.close();
  session = undefined;
  await world.close();
});

describe("idea-explorer mcp --github (fake GitHub REST API, fake Anthropic API)", () => {
  it("explore_idea commits both files at once and answers with the GitHub URL; the read-only tools use the Contents API", async () => {
    session = await connectMcp(["--github", "me/ideas"], { cwd: world.cwd.dir, env: world.env() });
    scriptRefillExploration(fake);
    const head = repo.head();
    const result = await session.call("explore_idea", { idea: REFILL_IDEA });

    expect(result.isError).toBeFalsy();
    const log = repo.log();
    expect(log).toHaveLength(2);
    expect(log[0]?.parents).toEqual([head]);
    const [logFile, researchFile] = changedFiles(repo, log[0]!.sha);
    expect(researchFile).toMatch(/^ideas\/\d{4}-\d{2}-\d{2}-refill-stations-[\w-]+\/research\.md$/);
    expect(logFile).toBe(researchFile!.replace("research.md", "exploration-log.json"));
    const url = `${world.github.url}/me/ideas/blob/main/${researchFile}`;
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
    expect(session.stderr()).not.toContain(GITHUB_TOKEN);
    expect(session.protocolErrors).toEqual([]);
  });

  it("refuses to start with a token GitHub rejects: one line, exit 2, no token shown", async () => {
    const run = await runCli(["mcp", "--github", "me/ideas"], {
      cwd: world.cwd.dir,
      env: world.env("ghp_wrongToken000000000000000000000000"),
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^idea-explorer mcp: /)]);
    expect(run.stderr).not.toContain("ghp_wrongToken");
    expect(fake.requests).toHaveLength(0);
  });
});
