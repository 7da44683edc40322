import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/agent/agent-limits.ts";
import { DEFAULT_WEB_SEARCH_MAX_USES } from "../../src/models/anthropic-web-search.ts";
import { priceFor } from "../../src/models/price-source.ts";
import { formatUsd } from "../../src/models/pricing.ts";
import { estimateCost } from "../../src/research/explore/cost-estimate.ts";
import {
  FAKE_API_KEY,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { REPO_ROOT, runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, git, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/** With --json, stdout holds exactly one JSON object however the run ends. */

const IDEA = "Bicycle couriers for pharmacies";

let fake: FakeAnthropicServer;
let repo: TempTree;
beforeEach(async () => {
  fake = await startFakeAnthropic();
  repo = await gitTree({ files: { "README.md": "seed\n" } });
});
afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

const env = () => ({ ...fake.env, ...GIT_IDENTITY });

/** The whole of stdout, parsed as one JSON value (JSON.parse refuses anything after it). */
const onlyJson = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

function nothingWritten() {
  expect(readdirSync(repo.dir)).not.toContain("ideas");
  expect(git(repo.dir, "rev-list", "--count", "HEAD").trim()).toBe("1");
}

describe("explore --json", () => {
  it("--dry-run --json prints the plan as one JSON object and calls no model", async () => {
    const run = await runCli(["explore", IDEA, "--dry-run", "--json"], {
      cwd: repo.dir,
      env: env(),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(onlyJson(run.stdout)).toMatchObject({
      status: "would_create",
      dryRun: true,
      path: expect.stringMatching(
        /^ideas\/\d{4}-\d{2}-\d{2}-bicycle-couriers-for-pharmacies\/research\.md$/,
      ),
      model: { id: "claude-sonnet-5-5", provider: "anthropic" },
    });
    expect(fake.requests).toHaveLength(0);
    nothingWritten();
  });

  it("--dry-run tells what the limits let the run cost before paying: text, --json, a cap, an unknown model", async () => {
    const dryRun = (...args: string[]) =>
      runCli(
        ["explore", IDEA, "--dry-run", "--max-steps", "3", "--token-budget", "50000", ...args],
        {
          cwd: repo.dir,
          env: env(),
        },
      );
    const expected = estimateCost(priceFor("anthropic", "claude-sonnet-5-5"), "claude-sonnet-5-5", {
      depth: "quick",
      maxSteps: 3,
      tokenBudget: 50_000,
      maxOutputTokens: DEFAULT_LIMITS.maxOutputTokens,
      searchesPerStep: DEFAULT_WEB_SEARCH_MAX_USES,
    });
    if (!expected.priced) throw new Error(expected.reason);
    expect(onlyJson((await dryRun("--json")).stdout).estimate).toEqual(expected);
    const { low, high } = expected.typicalUsd;
    expect((await dryRun()).stdout).toContain(
      `\nCost: at most ${formatUsd(expected.maxUsd)} under these limits; typically ${formatUsd(low)}–${formatUsd(high)}\n`,
    );
    expect((await dryRun("--max-cost", "0.05")).stdout).toMatch(
      /\nCost: at most \$0\.05 under your --max-cost; typically \$\S+–\$\S+\n/,
    );
    const unknown = await dryRun("--model", "claude-sonnet-9", "--json");
    expect(onlyJson(unknown.stdout).estimate).toEqual({
      priced: false,
      reason: "no price for claude-sonnet-9",
    });
    expect((await dryRun("--model", "claude-sonnet-9")).stdout).toContain(
      "\nCost: unknown (no price for claude-sonnet-9)\n",
    );
    expect(fake.requests).toHaveLength(0);
    nothingWritten();
  });

  it.each([
    [
      "rejects the key (401)",
      () => reply.unauthorized(),
      "Anthropic API rejected the API key (401): invalid x-api-key; check the key",
    ],
    [
      "stays overloaded (529)",
      () => reply.overloaded(),
      "Anthropic API overloaded (529) after 3 attempts; try again later",
    ],
  ])(
    "a model server that %s: the error object on stdout, one line on stderr, exit 1",
    async (_, answer, message) => {
      fake.setHandler(answer);
      const run = await runCli(["explore", IDEA, "--json"], { cwd: repo.dir, env: env() });
      expect(run.code).toBe(1);
      expect(onlyJson(run.stdout)).toEqual({
        status: "error",
        error: { code: "model_error", message },
      });
      expect(run.stderr.trim().split("\n").at(-1)).toBe(`idea-explorer explore: ${message}`);
      expect(run.stdout + run.stderr).not.toContain(FAKE_API_KEY);
      nothingWritten();
    },
    60_000,
  );

  it("interrupted by SIGINT: the error object on stdout, exit 130", async () => {
    fake.setHandler(async () => reply.hang());
    const child = spawn(
      process.execPath,
      [path.join(REPO_ROOT, "bin/idea-explorer.js"), "explore", IDEA, "--json"],
      {
        cwd: repo.dir,
        env: { PATH: process.env.PATH ?? "", HOME: repo.dir, ...env() },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = new Promise<number | null>((resolve) => child.on("close", resolve));
    const end = Date.now() + 20_000;
    while (fake.requests.length === 0) {
      if (Date.now() > end) throw new Error(`the model was never called: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill("SIGINT");
    expect(await code).toBe(130);
    expect(onlyJson(stdout)).toEqual({
      status: "error",
      error: { code: "interrupted", message: "interrupted (Ctrl+C); nothing was committed" },
    });
    expect(stderr.trim().split("\n").at(-1)).toBe(
      "idea-explorer explore: interrupted (Ctrl+C); nothing was committed",
    );
    nothingWritten();
  }, 30_000);
});
