import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  block,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import {
  type FakeOpenAiCompatible,
  startFakeOpenAiCompatible,
} from "../fakes/openai-compatible-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

/** Runs that succeed but are weaker than they look must say so: cut-off reports, failed searches. */

let repo: TempTree;
afterEach(async () => {
  await repo.cleanup();
});

function research(): {
  frontmatter: Record<string, unknown>;
  text: string;
  log: Record<string, unknown>[];
} {
  const [folder] = readdirSync(path.join(repo.dir, "ideas"));
  const dir = path.join(repo.dir, "ideas", folder as string);
  const text = readFileSync(path.join(dir, "research.md"), "utf8");
  const frontmatter = parseYaml(text.split("---\n")[1] ?? "") as Record<string, unknown>;
  const log = JSON.parse(readFileSync(path.join(dir, "exploration-log.json"), "utf8"));
  return { frontmatter, text, log };
}

describe("a report cut off at the output limit", () => {
  let fake: FakeAnthropicServer;
  beforeEach(async () => {
    fake = await startFakeAnthropic();
    repo = await gitTree({ files: { "README.md": "seed\n" } });
  });
  afterEach(async () => {
    await fake.close();
  });
  const explore = () =>
    runCli(["explore", "Bicycle couriers for pharmacies", "--json"], {
      cwd: repo.dir,
      env: { ...fake.env, ...GIT_IDENTITY },
    });

  it("is continued once and joined when the continuation ends", async () => {
    fake.enqueue(
      reply.message([block.text("# Couriers\n\nDemand is stro")], { stopReason: "max_tokens" }),
      reply.text("ng in cities.\n\n## Verdict\n\nGo."),
    );
    const run = await explore();
    expect(run.code, run.stderr).toBe(0);
    expect(fake.requests).toHaveLength(2);
    // The continuation is asked for after the cut-off answer, with no tools to call.
    const last = fake.requests[1]!.body;
    expect(last.messages.at(-2)?.role).toBe("assistant");
    expect(JSON.stringify(last.messages.at(-1))).toContain("cut off by the output limit");
    const { frontmatter, text, log } = research();
    expect(text).toContain("Demand is strong in cities.\n\n## Verdict\n\nGo.");
    expect(frontmatter.truncated).toBeUndefined();
    expect(log[0]?.stoppedBy).toBe("end");
    expect(run.stderr).not.toContain("warning:");
    expect(JSON.parse(run.stdout).warnings).toBeUndefined();
  });

  it("still cut off after the continuation: marked in frontmatter, report, log, stderr and --json", async () => {
    fake.enqueue(
      reply.message([block.text("# Couriers\n\nDemand is")], { stopReason: "max_tokens" }),
      reply.message([block.text(" strong and")], { stopReason: "max_tokens" }),
    );
    const run = await explore();
    expect(run.code, run.stderr).toBe(0);
    expect(fake.requests).toHaveLength(2);
    const { frontmatter, text, log } = research();
    expect(frontmatter.truncated).toBe(true);
    expect(text).toContain("Demand is strong and\n\n> **Note:** this report is incomplete");
    expect(log[0]?.stoppedBy).toBe("max_tokens");
    expect(log[0]?.truncated).toBe(true);
    const warning =
      'warning: the report was cut off at the model\'s output limit (16,384 tokens), even after asking it once to continue; it is committed with "truncated: true"';
    expect(run.stderr.trim().split("\n").at(-1)).toBe(warning);
    expect(JSON.parse(run.stdout).warnings).toEqual([warning.slice("warning: ".length)]);
  });
});

describe("web searches that all fail", () => {
  let local: FakeOpenAiCompatible;
  beforeEach(async () => {
    local = await startFakeOpenAiCompatible();
    repo = await makeTempTree({});
  });
  afterEach(async () => {
    await local.close();
  });

  it("end the run with a warning naming the failure, and are logged as searchFailures", async () => {
    local.enqueue(
      { toolCall: { name: "web_search", arguments: { query: "pharmacy couriers" } } },
      { toolCall: { name: "web_search", arguments: { query: "courier prices" } } },
      { text: "# Couriers\n\nNo data." },
    );
    const run = await runCli(
      [
        "explore",
        "Bicycle couriers for pharmacies",
        "--provider",
        "openai-compatible",
        "--base-url",
        local.url,
        "--model",
        "llama3.1:8b",
        "--json",
      ],
      // Nothing listens on port 9 of loopback: SearXNG is down.
      { cwd: repo.dir, env: { SEARXNG_URL: "http://127.0.0.1:9" } },
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.trim().split("\n");
    const lastLine = lines.at(-1) ?? "";
    expect(lastLine).toMatch(
      /^warning: 2 of 2 web searches failed: .+; the report rests on no web search: check the search backend$/,
    );
    // The preflight's probe said so before the run started, too.
    const probe =
      "warning: web search may fail: SearXNG at http://127.0.0.1:9 did not answer within 3 s; check that it is running and that SEARXNG_URL is right";
    expect(lines.indexOf(probe)).toBeGreaterThanOrEqual(0);
    expect(lines.indexOf(probe)).toBeLessThan(lines.findIndex((l) => l.startsWith("Exploring in")));
    expect(JSON.parse(run.stdout).warnings).toEqual(
      [probe, lastLine].map((line) => line.slice("warning: ".length)),
    );
    const { log } = research();
    expect(log[0]?.searchFailures).toEqual([
      expect.objectContaining({ query: "pharmacy couriers", errorType: expect.any(String) }),
      expect.objectContaining({ query: "courier prices" }),
    ]);
  });
});

describe("a model server that never answers", () => {
  let fake: FakeAnthropicServer;
  beforeEach(async () => {
    fake = await startFakeAnthropic();
    fake.setHandler(async () => reply.hang());
    repo = await gitTree({ files: { "README.md": "seed\n" } });
  });
  afterEach(async () => {
    await fake.close();
  });

  it("is asked again with a notice per retry, then the run fails in one line within the limits", async () => {
    const started = Date.now();
    const run = await runCli(
      ["explore", "Bicycle couriers for pharmacies", "--request-timeout", "1s"],
      { cwd: repo.dir, env: { ...fake.env, ...GIT_IDENTITY } },
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toContain("the model did not answer within 1 s; retrying, 2 of 3");
    expect(lines).toContain("the model did not answer within 1 s; retrying, 3 of 3");
    expect(lines.at(-1)).toBe(
      "idea-explorer explore: the model did not answer within 1 s (3 attempts); check that its server is running, or allow more time with --request-timeout",
    );
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests.every((r) => r.closedByClient)).toBe(true);
    expect(readdirSync(repo.dir)).not.toContain("ideas");
  });

  it("with --timeout and --request-timeout: a notice per retry, then one line, within the run's limit", async () => {
    const started = Date.now();
    const run = await runCli(
      ["explore", "Bicycle couriers for pharmacies", "--timeout", "10s", "--request-timeout", "4s"],
      { cwd: repo.dir, env: { ...fake.env, ...GIT_IDENTITY } },
    );
    // A bound, not a benchmark: the run's limit plus start-up and exit.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    const notice = lines.indexOf("the model did not answer within 4 s; retrying, 2 of 3");
    expect(notice, run.stderr).toBeGreaterThanOrEqual(0);
    expect(lines.slice(notice + 1)).toEqual([
      "the model did not answer within 4 s; retrying, 3 of 3",
      "idea-explorer explore: The agent run did not finish within 10 s, its time limit (raise it with --timeout, or timeout_seconds in the API)",
    ]);
    expect(fake.requests).toHaveLength(3);
    expect(readdirSync(repo.dir)).not.toContain("ideas");
  }, 30_000);

  it("names --timeout when the whole run's limit ends it", async () => {
    const run = await runCli(["explore", "Bicycle couriers for pharmacies", "--timeout", "10s"], {
      cwd: repo.dir,
      env: { ...fake.env, ...GIT_IDENTITY },
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe(
      "idea-explorer explore: The agent run did not finish within 10 s, its time limit (raise it with --timeout, or timeout_seconds in the API)",
    );
  }, 30_000);
});
