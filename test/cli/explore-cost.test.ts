import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnthropicServer, reply, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { EARLIER_PATH, GIT_IDENTITY, solarIdeasRepo } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/** What a run cost, from the usage the API reported, and a cost limit that stops a run in time. */

let fake: FakeAnthropicServer;
let repo: TempTree;
beforeEach(async () => {
  fake = await startFakeAnthropic();
  repo = await solarIdeasRepo();
});
afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

/** A model that would read research forever; told it may not use tools, it writes the report. */
function keepsReading() {
  fake.setHandler(async (request) =>
    request.body.tool_choice?.type === "none"
      ? reply.text("# Couriers\n\nWorth a pilot.", {
          usage: { input_tokens: 50_000, output_tokens: 2_000 },
        })
      : reply.toolUse(
          "read_research",
          { path: EARLIER_PATH },
          {
            usage: { input_tokens: 100_000, output_tokens: 1_000 },
          },
        ),
  );
}

function log(): Record<string, unknown>[] {
  const folder = readdirSync(path.join(repo.dir, "ideas")).find((f) => f.includes("couriers"));
  return JSON.parse(
    readFileSync(path.join(repo.dir, "ideas", folder as string, "exploration-log.json"), "utf8"),
  );
}

const explore = (...args: string[]) =>
  runCli(["explore", "Bicycle couriers for pharmacies", "--token-budget", "10000000", ...args], {
    cwd: repo.dir,
    env: { ...fake.env, ...GIT_IDENTITY },
  });

describe("the cost of a run", () => {
  it("is computed from the usage and shown on the last line, in --json and in the log", async () => {
    keepsReading();
    const run = await explore("--max-steps", "2", "--json");
    expect(run.code, run.stderr).toBe(0);
    // 2 tool steps (100k in, 1k out each) and the report (50k in, 2k out) at $3 / $15 per M.
    const usd = (250_000 * 3 + 4_000 * 15) / 1_000_000;
    expect(log()[0]?.cost).toEqual({
      priced: true,
      usd,
      inputUsd: 0.75,
      outputUsd: 0.06,
      cacheUsd: 0,
      searchUsd: 0,
    });
    expect(JSON.parse(run.stdout).stats.cost.usd).toBe(usd);
    expect(run.stderr).toMatch(/^Wrote ideas\/.+\/research\.md \(.*\$0\.81\)$/m);
  });

  it("--max-cost stops a run that keeps working, and the report is still written", async () => {
    keepsReading();
    const run = await explore("--max-steps", "10", "--max-cost", "0.50");
    expect(run.code, run.stderr).toBe(0);
    // $0.315 after one step, $0.63 after two: the second passes the limit, then the report.
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]?.body.tool_choice).toEqual({ type: "none" });
    expect(JSON.stringify(fake.requests[2]?.body.messages.at(-1))).toContain("cost budget");
    expect(log()[0]).toMatchObject({ stoppedBy: "cost_budget" });
  });

  it("is unknown, never guessed, for a model without a price; a cost limit then is refused before paying", async () => {
    const run = await explore("--model", "claude-custom-gateway-model", "--max-cost", "1");
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n").at(-1)).toBe(
      "idea-explorer explore: max-cost needs a price for claude-custom-gateway-model; give its dollars per million tokens with --price-in and --price-out",
    );
    expect(fake.requests).toHaveLength(0);
  });
});
