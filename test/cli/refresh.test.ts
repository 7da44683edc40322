import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { fingerprintIdea, isoDate, slugifyIdea } from "../../src/research/idea-identity.ts";
import { newResearch, renderResearch } from "../../src/research/research-document.ts";
import {
  block,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { REPO_ROOT, runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, git as gitIn, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

const DAY = 86_400_000;
const today = isoDate(new Date());
const daysAgo = (n: number) => isoDate(new Date(Date.now() - n * DAY));

const OLD = { url: "https://old.example/market", title: "Market in spring" };
const NEW = { url: "https://new.example/prices", title: "Kit prices fall" };

/** A research.md as the product writes it, researched `age` days ago, citing OLD as [1]. */
function seeded(idea: string, mode: "business" | "exploration", age: number) {
  const date = daysAgo(age);
  const folder = `${date}-${slugifyIdea(idea)}`;
  const verdict = mode === "business" ? "\n\n## Verdict\n\n**Pursue**\n" : "";
  const doc = newResearch(
    {
      title: idea,
      idea,
      mode,
      model: "claude-test",
      date,
      fingerprint: fingerprintIdea(idea),
      sources: 1,
    },
    {
      report: `# ${idea}\n\n## Market\n\nKits sell for $120 [[cite]](${OLD.url}).${verdict}`,
      sources: [OLD],
    },
  );
  return { folder, idea, text: renderResearch(doc) };
}

const DRYER = seeded("Solar dehydrator kits for market stalls", "business", 100);
const TEA = seeded("A tea subscription club", "exploration", 200);
const FRESH = seeded("Mobile bike repair vans", "business", 10);

let repo: TempTree;
let fake: FakeAnthropicServer;
const git = (...args: string[]) => gitIn(repo.dir, ...args);
const commits = () => Number(git("rev-list", "--count", "HEAD").trim());

beforeEach(async () => {
  repo = await gitTree({
    files: Object.fromEntries(
      [DRYER, TEA, FRESH].map((e) => [`ideas/${e.folder}/research.md`, e.text]),
    ),
  });
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

const env = () => ({ ...fake.env, ...GIT_IDENTITY });
const refresh = (args: string[]) => runCli(["refresh", ...args], { cwd: repo.dir, env: env() });

/** The refresh's answer: a search that finds NEW, What changed citing it, the verdict now. */
function refreshReply() {
  return reply.message([
    ...block.webSearch("solar dehydrator kit prices 2026", [NEW]),
    block.text(
      "# Solar dehydrator kits\n\n## Market\n\nStill growing.\n\n## What changed\n\n- Kit price: $120 → $95",
      [block.cite(NEW, "Kit prices fall")],
    ),
    block.text(".\n\n## Verdict\n\n**Pursue with changes**\n\nCheaper kits shrink the margin."),
  ]);
}

const read = (folder: string, file: string) =>
  readFileSync(path.join(repo.dir, "ideas", folder, file), "utf8");

describe("idea-explorer refresh (local git repository, fake Anthropic API)", () => {
  it("refreshes a 100-day-old exploration: one update that starts with What changed, its new source numbered on, the verdict change logged, one commit", async () => {
    fake.enqueue(refreshReply());
    const before = commits();
    const run = await refresh(["--mode", "business"]);

    expect(run.stderr).not.toMatch(/at .+\(.+:\d+:\d+\)/);
    expect(run.code).toBe(0);
    expect(fake.requests).toHaveLength(1);
    const prompt = JSON.stringify(fake.requests[0]?.body);
    expect(prompt).toContain(
      `REFRESHES it: find out what changed since ${DRYER.folder.slice(0, 10)}`,
    );
    expect(prompt).toContain('headed exactly \\"What changed\\"');

    const research = read(DRYER.folder, "research.md");
    expect(research.match(/^## Update - /gm)).toHaveLength(1);
    expect(research).toMatch(
      new RegExp(
        `## Update - ${today}\\n\\n### What changed\\n\\n- Kit price: \\$120 → \\$95\\[\\[2\\]\\]\\(${NEW.url}\\)`,
      ),
    );
    expect(research).toContain(`2. [${NEW.title}](${NEW.url})`);
    const front = parseYaml(research.split("---\n")[1]!);
    expect(front).toMatchObject({ refreshed: [today], updated: today });

    const log = JSON.parse(read(DRYER.folder, "exploration-log.json"));
    expect(log.at(-1).refresh).toEqual({
      previousDate: DRYER.folder.slice(0, 10),
      verdictBefore: "Pursue",
      verdictAfter: "Pursue with changes",
      verdictChanged: true,
      newSources: [NEW.url],
    });
    expect(commits()).toBe(before + 1);
    expect(run.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^refreshed ideas/${DRYER.folder}/research\\.md \\(100 days since .*verdict: Pursue → Pursue with changes; 1 new source`,
        ),
      ),
      expect.stringMatching(
        /^Refreshed 1 of 1 exploration last researched 90 or more days ago \(1 verdict changed/,
      ),
    ]);
    // The others were not touched: the tea club is an exploration, the bike vans are fresh.
    expect(read(TEA.folder, "research.md")).toBe(TEA.text);
    expect(read(FRESH.folder, "research.md")).toBe(FRESH.text);
  });

  it("--older-than and --limit pick the stalest first; --dry-run lists them and calls no model", async () => {
    const listed = async (args: string[]) => {
      const run = await refresh(["--dry-run", ...args]);
      expect(run.code).toBe(0);
      return run.stdout
        .split("\n")
        .filter((l) => l.startsWith("would refresh"))
        .map((l) => /ideas\/(\S+)/.exec(l)?.[1]);
    };
    expect(await listed([])).toEqual([TEA.folder, DRYER.folder]);
    expect(await listed(["--older-than", "150d"])).toEqual([TEA.folder]);
    expect(await listed(["--older-than", "5", "--limit", "2"])).toEqual([TEA.folder, DRYER.folder]);
    expect(await listed(["--older-than", "1w"])).toEqual([TEA.folder, DRYER.folder, FRESH.folder]);
    const dry = await refresh(["--dry-run"]);
    expect(dry.stdout).toContain(
      `would refresh ideas/${TEA.folder} (exploration; last researched ${TEA.folder.slice(0, 10)}, 200 days ago)`,
    );
    expect(dry.stdout).toMatch(
      /2 explorations last researched 90 or more days ago would be refreshed; each: /,
    );
    expect(fake.requests).toHaveLength(0);
    expect(commits()).toBe(1);
  });

  it("a refresh killed mid-research and run again pays once more and commits once", async () => {
    let held = 0;
    fake.setHandler(() => {
      held += 1;
      return reply.hang();
    });
    const child = spawn(
      process.execPath,
      [path.join(REPO_ROOT, "bin/idea-explorer.js"), "refresh", "--folder", DRYER.folder],
      {
        cwd: repo.dir,
        env: { PATH: process.env.PATH ?? "", HOME: repo.dir, ...env() },
        stdio: "ignore",
      },
    );
    const closed = new Promise((resolve) => child.on("close", resolve));
    for (const end = Date.now() + 40_000; held === 0 && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(held).toBe(1);
    child.kill("SIGKILL");
    await closed;
    expect(commits()).toBe(1);

    fake.setHandler(undefined);
    fake.enqueue(refreshReply());
    const run = await refresh(["--folder", DRYER.folder]);
    expect(run.code).toBe(0);
    expect(fake.requests).toHaveLength(2);
    expect(commits()).toBe(2);
    expect(read(DRYER.folder, "research.md").match(/^## Update - /gm)).toHaveLength(1);
  });

  it("refuses, with --no-wait, an exploration another run is exploring, and refreshes the rest", async () => {
    let held = 0;
    fake.setHandler(() => {
      held += 1;
      return reply.hang();
    });
    const other = spawn(
      process.execPath,
      [path.join(REPO_ROOT, "bin/idea-explorer.js"), "explore", DRYER.idea, "--update"],
      {
        cwd: repo.dir,
        env: { PATH: process.env.PATH ?? "", HOME: repo.dir, ...env() },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let otherErr = "";
    other.stderr?.on("data", (c) => {
      otherErr += c;
    });
    const closed = new Promise((resolve) => other.on("close", resolve));
    try {
      for (const end = Date.now() + 40_000; held === 0 && Date.now() < end; ) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(held, otherErr).toBe(1);
      fake.setHandler(undefined);
      fake.enqueue(reply.text("# Tea\n\n## What changed\n\nNothing moved."));
      const run = await refresh(["--no-wait"]);
      expect(run.code).toBe(1);
      const lines = run.stdout.trim().split("\n");
      expect(lines[0]).toMatch(new RegExp(`^refreshed ideas/${TEA.folder}/research\\.md`));
      expect(lines[1]).toMatch(
        new RegExp(
          `^failed ideas/${DRYER.folder}: this idea is already being explored by another run`,
        ),
      );
      expect(lines[2]).toMatch(/^Refreshed 1 of 2 explorations .*1 failed/);
      expect(read(DRYER.folder, "research.md")).toBe(DRYER.text);
    } finally {
      other.kill("SIGKILL");
      await closed;
    }
  });
});
