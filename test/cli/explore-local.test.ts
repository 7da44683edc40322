import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  blocksOf,
  FAKE_API_KEY,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import {
  GIT_IDENTITY,
  git as gitIn,
  SOLAR_HITS,
  SOLAR_IDEA,
  scriptSolarExploration,
  solarIdeasRepo,
} from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

const IDEA = SOLAR_IDEA;
const [hit, other] = SOLAR_HITS;

let repo: TempTree;
let fake: FakeAnthropicServer;

const git = (...args: string[]) => gitIn(repo.dir, ...args);

beforeEach(async () => {
  repo = await solarIdeasRepo();
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

const explore = (args: string[], input?: string) =>
  runCli(["explore", ...args], {
    cwd: repo.dir,
    env: { ...fake.env, ...GIT_IDENTITY },
    ...(input === undefined ? {} : { input }),
  });

function ideaFolders(): string[] {
  return readdirSync(path.join(repo.dir, "ideas")).filter((f) => f !== "2026-01-02-solar-dryer");
}

function scriptExploration(report?: string) {
  scriptSolarExploration(fake, {
    ...(report ? { report } : {}),
    narrate: true,
    extra: "\n\nAn invented source: [fake study](https://invented.example/study).",
  });
}

describe("idea-explorer explore (local git repository, fake Anthropic API)", () => {
  it("researches with both tools and commits research.md and exploration-log.json once", async () => {
    scriptExploration();
    const run = await explore([IDEA, "--stats"]);

    expect(run.stderr).not.toMatch(/at .+\(.+:\d+:\d+\)/);
    expect(run.code).toBe(0);
    const [folder] = ideaFolders();
    expect(folder).toMatch(
      /^\d{4}-\d{2}-\d{2}-a-solar-powered-food-dehydrator-kit-for-market-stalls$/,
    );
    expect(run.stdout.trim()).toBe(`ideas/${folder}/research.md`);

    // With --stats the calls go into the log file instead of JSON lines on stderr.
    expect(run.stderr).not.toContain('{"event":"tool_call"');
    // Progress on stderr: steps, each tool call with its path or query and outcome, tokens.
    expect(run.stderr).toContain("step 1 of 5");
    expect(run.stderr).toMatch(/read_research 2026-01-02-solar-dryer\/research\.md → ok/);
    expect(run.stderr).toMatch(/web_search "solar dehydrator market size" → 2 results/);
    expect(run.stderr).toMatch(/tokens so far: [\d,]+ in, [\d,]+ out/);

    // The prompt offered the earlier research as a path read_research accepts, and the tool
    // result the model got back was the file's content.
    const prompt = JSON.stringify(fake.requests[0]?.body.messages[0]);
    expect(prompt).toContain("- 2026-01-02-solar-dryer/research.md");
    const toolResult = JSON.stringify(blocksOf(fake.requests[1]));
    expect(toolResult).toContain("Smallholders lose a third");

    const research = readFileSync(path.join(repo.dir, "ideas", folder!, "research.md"), "utf8");
    const [, yaml, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(research) ?? [];
    expect(parseYaml(yaml!)).toMatchObject({
      title: "Solar dehydrator kits",
      idea: IDEA,
      mode: "business",
      model: expect.stringMatching(/^claude-sonnet/),
      date: folder!.slice(0, 10),
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      sources: 2,
    });
    // The report only: no narration, no invented link, then the sources really retrieved: the
    // cited one numbered as its marker says, the other one consulted.
    expect(body!.trim().startsWith("# Solar dehydrator kits")).toBe(true);
    expect(body).not.toContain("Let me");
    expect(body).not.toContain("invented.example");
    expect(body).toContain("fake study");
    expect(body).toContain("Demand is growing.[[1]](https://market.example/report)");
    expect(body).toMatch(
      /## Sources\n\n1\. \[Dehydrator market report\]\(https:\/\/market\.example\/report\)\n\n### Also consulted\n\n- \[Market stalls go solar\]\(https:\/\/news\.example\/stalls\)\n$/,
    );

    const log = JSON.parse(
      readFileSync(path.join(repo.dir, "ideas", folder!, "exploration-log.json"), "utf8"),
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      idea: IDEA,
      mode: "business",
      steps: 2,
      stoppedBy: "end",
      limits: { maxSteps: 5, tokenBudget: 100000, maxOutputTokens: 16384 },
      searches: [{ query: "solar dehydrator market size", resultCount: 2 }],
      sources: [hit, other].map(({ url, title }) => ({ title, url })),
      outputPath: `ideas/${folder}/research.md`,
    });
    expect(log[0].tokens.input).toBeGreaterThan(0);
    expect(log[0].tokens).toHaveProperty("cacheRead");
    expect(log[0].tokens).toHaveProperty("cacheWrite");
    expect(log[0].toolCalls.map((c: { name: string }) => c.name)).toEqual([
      "read_research",
      "web_search",
    ]);

    // One commit holding exactly the two files, named for the idea.
    expect(git("rev-list", "--count", "HEAD").trim()).toBe("2");
    expect(git("log", "-1", "--format=%s")).toContain(IDEA);
    expect(git("show", "--name-only", "--format=", "HEAD").trim().split("\n").sort()).toEqual([
      `ideas/${folder}/exploration-log.json`,
      `ideas/${folder}/research.md`,
    ]);
    expect(git("status", "--porcelain").trim()).toBe("");
  });

  it("reports an idea already explored without calling the model, and prints its path", async () => {
    scriptExploration();
    const first = await explore([IDEA]);
    expect(first.code).toBe(0);
    // Without --stats each tool call is logged as exactly one JSON line.
    const logged = first.stderr.split("\n").filter((l) => l.startsWith('{"event":"tool_call"'));
    expect(logged.map((l) => JSON.parse(l).name)).toEqual(["read_research", "web_search"]);
    const requests = fake.requests.length;

    // The same idea, differently spelled, is the same idea.
    const again = await explore([`  ${IDEA.toUpperCase()}!  `]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("Already explored");
    expect(again.stdout.trim()).toBe(`ideas/${ideaFolders()[0]}/research.md`);
    expect(fake.requests.length).toBe(requests);
    expect(ideaFolders()).toHaveLength(1);
    expect(git("rev-list", "--count", "HEAD").trim()).toBe("2");
  });

  it("--update appends an Update section and a second log entry in one more commit", async () => {
    scriptExploration();
    await explore([IDEA]);
    fake.enqueue(reply.text("# Solar dehydrator kits\n\nPrices fell 20% this year."));
    const run = await explore([IDEA, "--update"]);

    expect(run.code).toBe(0);
    expect(run.stderr).toContain("Updated");
    expect(ideaFolders()).toHaveLength(1);
    const folder = path.join(repo.dir, "ideas", ideaFolders()[0]!);
    const research = readFileSync(path.join(folder, "research.md"), "utf8");
    expect(research).toContain("Demand is growing.");
    expect(research).toMatch(
      /## Update - \d{4}-\d{2}-\d{2}\n\n### Solar dehydrator kits\n\nPrices fell 20%/,
    );
    // The earlier sources are kept.
    expect(research).toContain("(https://market.example/report)");
    // The model saw the research it was updating.
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain("Demand is growing");
    const log = JSON.parse(readFileSync(path.join(folder, "exploration-log.json"), "utf8"));
    expect(log.map((e: { isUpdate: boolean }) => e.isUpdate)).toEqual([false, true]);
    expect(git("rev-list", "--count", "HEAD").trim()).toBe("3");
  });

  it("--force explores the same idea again into a new folder", async () => {
    scriptExploration();
    await explore([IDEA]);
    fake.enqueue(reply.text("# Second look\n\nStill promising."));
    const run = await explore([IDEA, "--force", "--json"]);

    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ status: "created" });
    expect(ideaFolders().sort()).toEqual([
      expect.stringMatching(/stalls$/),
      expect.stringMatching(/stalls-2$/),
    ]);
    expect(result.path).toMatch(/stalls-2\/research\.md$/);
  });

  it("--continue-from puts the earlier research into the prompt and writes a new folder", async () => {
    fake.enqueue(reply.text("# Dryer, continued\n\nBuilding on the earlier dryer study."));
    const run = await explore([
      "Solar dryers sold as a subscription",
      "--mode",
      "exploration",
      "--continue-from",
      "2026-01-02-solar-dryer",
    ]);

    expect(run.code).toBe(0);
    expect(JSON.stringify(fake.requests[0]?.body)).toContain("Smallholders lose a third");
    const [folder] = ideaFolders();
    expect(folder).toMatch(/solar-dryers-sold-as-a-subscription$/);
    const research = readFileSync(path.join(repo.dir, "ideas", folder!, "research.md"), "utf8");
    expect(research).toContain("mode: exploration");
  });

  it("reads the idea from stdin", async () => {
    fake.enqueue(reply.text("# From stdin\n\nA report."));
    const run = await explore([], `${IDEA}\n`);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(
      /a-solar-powered-food-dehydrator-kit-for-market-stalls\/research\.md$/,
    );
  });

  it("--dry-run prints the prompt, tools, limits and target without calling the model", async () => {
    const run = await explore([IDEA, "--dry-run", "--max-steps", "3", "--token-budget", "5000"]);

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /Target: ideas\/\d{4}-\d{2}-\d{2}-a-solar-powered[^\s]*\/research\.md/,
    );
    expect(run.stdout).toContain("read_research");
    expect(run.stdout).toContain("web_search");
    expect(run.stdout).toMatch(/3 steps, 5000 token budget/);
    expect(run.stdout).toContain("2026-01-02-solar-dryer/research.md");
    expect(fake.requests).toHaveLength(0);
    expect(ideaFolders()).toEqual([]);
  });

  it("stops quietly when the reader of stdout goes away (| head)", async () => {
    const run = await runCli(["explore", IDEA, "--dry-run"], {
      cwd: repo.dir,
      env: { ...fake.env, ...GIT_IDENTITY },
      closeStdout: true,
    });

    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });

  it("stops at the step limit while the model still calls tools, and still writes a report", async () => {
    fake.enqueue(
      reply.toolUse("read_research", { path: "2026-01-02-solar-dryer/research.md" }),
      reply.toolUse("read_research", { path: "2026-01-02-solar-dryer/research.md" }),
      reply.text("# Limited\n\nWritten without more tools."),
    );
    const run = await explore([IDEA, "--max-steps", "2", "--json"]);

    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).stats).toMatchObject({ stoppedBy: "step_limit" });
    // The last request offers no tool to call.
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]?.body.tool_choice).toMatchObject({ type: "none" });
    const research = readFileSync(
      path.join(repo.dir, "ideas", ideaFolders()[0]!, "research.md"),
      "utf8",
    );
    expect(research).toContain("Written without more tools.");
  });

  it("fails with one line and writes nothing when the API stays overloaded", async () => {
    fake.setHandler(() => reply.overloaded());
    const run = await explore([IDEA]);

    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(/^idea-explorer explore: .*overloaded/i);
    expect(run.stderr).not.toContain(FAKE_API_KEY);
    expect(ideaFolders()).toEqual([]);
    expect(git("rev-list", "--count", "HEAD").trim()).toBe("1");
  });

  it("finds a repository git cannot commit to before any model call", async () => {
    scriptExploration();
    // No identity anywhere, and git told not to guess one from the host name.
    const config = path.join(repo.outside, "gitconfig");
    writeFileSync(config, "[user]\n\tuseConfigOnly = true\n");
    const run = await runCli(["explore", IDEA], {
      cwd: repo.dir,
      env: { ...fake.env, GIT_CONFIG_GLOBAL: config },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/git has no identity.*user\.name/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    // Found before any work: nothing paid for, nothing written.
    expect(fake.requests).toHaveLength(0);
    expect(ideaFolders()).toEqual([]);
  });
});
