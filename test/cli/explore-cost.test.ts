import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { priceFor } from "../../src/models/price-source.ts";
import type { ModelPrice } from "../../src/models/pricing.ts";
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
import {
  EARLIER_PATH,
  GIT_IDENTITY,
  SOLAR_HITS,
  solarIdeasRepo,
} from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/** What a run cost, from the usage the API reported, and a cost limit that stops a run in time. */

/** Anthropic's published prices for the default model, Sonnet 5.5 (per million tokens). */
const SONNET_5_5 = { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.2, searchPer1k: 10 };
const price = priceFor("anthropic", "claude-sonnet-5-5") as ModelPrice;
const usdOf = (input: number, output: number) =>
  (input * price.inputPerMTok + output * price.outputPerMTok) / 1_000_000;
const SOURCE = expect.stringMatching(/^@pydantic\/genai-prices \d+\.\d+\.\d+ \(claude-sonnet-5\)$/);

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

/** A model that searches the web on every turn (each turn pauses, as long server-tool turns do). */
function keepsSearching() {
  fake.setHandler(async (request) =>
    request.body.tool_choice?.type === "none"
      ? reply.text("# Couriers\n\nWorth a pilot.", {
          usage: { input_tokens: 1_000, output_tokens: 100 },
        })
      : reply.webSearch(`pharmacy couriers ${request.index + 1}`, [...SOLAR_HITS], {
          usage: { input_tokens: 1_000, output_tokens: 100 },
        }),
  );
}

function couriersFile(name: string): string {
  const folder = readdirSync(path.join(repo.dir, "ideas")).find((f) => f.includes("couriers"));
  return readFileSync(path.join(repo.dir, "ideas", folder as string, name), "utf8");
}

function log(): Record<string, unknown>[] {
  return JSON.parse(couriersFile("exploration-log.json"));
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
    // 2 tool steps (100k in, 1k out each) and the report (50k in, 2k out).
    const usd = usdOf(250_000, 4_000);
    expect(log()[0]?.cost).toEqual({
      priced: true,
      usd: expect.closeTo(usd, 9),
      inputUsd: expect.closeTo(usdOf(250_000, 0), 9),
      outputUsd: expect.closeTo(usdOf(0, 4_000), 9),
      cacheUsd: 0,
      searchUsd: 0,
      source: SOURCE,
    });
    expect(JSON.parse(run.stdout).stats.cost.usd).toBeCloseTo(usd, 9);
    expect(run.stderr).toMatch(
      new RegExp(`^Wrote ideas/.+/research\\.md \\(.*\\$${usd.toFixed(2)}\\)$`, "m"),
    );
  });

  it("prices Sonnet 5.5 at $2 / $10 / $2.50 / $0.20 per million and $10 per 1,000 searches, per call", async () => {
    // Two calls as the API reports them: uncached input apart from the cache's writes and reads.
    const cached = { cache_creation_input_tokens: 20_000, cache_read_input_tokens: 100_000 };
    fake.enqueue(
      reply.message([...block.webSearch("pharmacy couriers", [...SOLAR_HITS])], {
        stopReason: "pause_turn",
        usage: { input_tokens: 10_000, output_tokens: 1_000, ...cached },
      }),
      reply.message(
        [
          ...block.webSearch("pharmacy couriers prices", [...SOLAR_HITS]),
          block.text("# Couriers\n\nWorth a pilot."),
        ],
        {
          usage: {
            input_tokens: 5_000,
            output_tokens: 2_000,
            ...cached,
            server_tool_use: { web_search_requests: 2 },
          },
        },
      ),
    );
    const run = await explore("--model", "claude-sonnet-5-5", "--json");
    expect(run.code, run.stderr).toBe(0);
    const perM = (tokens: number, usd: number) => (tokens * usd) / 1_000_000;
    const inputUsd = perM(15_000, SONNET_5_5.input);
    const outputUsd = perM(3_000, SONNET_5_5.output);
    const cacheUsd = perM(40_000, SONNET_5_5.cacheWrite) + perM(200_000, SONNET_5_5.cacheRead);
    const searchUsd = (3 * SONNET_5_5.searchPer1k) / 1000;
    const usd = inputUsd + outputUsd + cacheUsd + searchUsd;
    const cost = {
      priced: true,
      usd: expect.closeTo(usd, 9),
      inputUsd: expect.closeTo(inputUsd, 9),
      outputUsd: expect.closeTo(outputUsd, 9),
      cacheUsd: expect.closeTo(cacheUsd, 9),
      searchUsd: expect.closeTo(searchUsd, 9),
      source: SOURCE,
    };
    expect(log()[0]?.cost).toEqual(cost);
    expect(JSON.parse(run.stdout).stats.cost).toEqual(cost);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(
      new RegExp(`^Wrote ideas/.+/research\\.md \\(.*[,;] \\$${usd.toFixed(2)}\\)$`),
    );
  });

  it("is unknown for a model newer than the price source, never an older model's price", async () => {
    fake.enqueue(reply.text("# Couriers\n\nWorth a pilot."));
    const run = await explore("--model", "claude-sonnet-9", "--json");
    expect(run.code, run.stderr).toBe(0);
    const unknown = { priced: false, reason: "no price for claude-sonnet-9" };
    expect(log()[0]?.cost).toEqual(unknown);
    expect(JSON.parse(run.stdout).stats.cost).toEqual(unknown);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(
      /[,;] cost unknown \(no price for claude-sonnet-9\)\)$/,
    );
  });

  it("--max-cost stops a run that keeps working, and the report is still written", async () => {
    keepsReading();
    const step = usdOf(100_000, 1_000);
    const run = await explore("--max-steps", "10", "--max-cost", String(1.5 * step));
    expect(run.code, run.stderr).toBe(0);
    // One step's cost is under the limit, two pass it: then the report.
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]?.body.tool_choice).toEqual({ type: "none" });
    expect(JSON.stringify(fake.requests[2]?.body.messages.at(-1))).toContain("cost budget");
    expect(log()[0]).toMatchObject({ stoppedBy: "cost_budget" });
  });

  it("charges the server-side searches the API bills: one of two, when the other failed", async () => {
    fake.enqueue(
      reply.message(
        [
          ...block.webSearch("pharmacy couriers", [...SOLAR_HITS]),
          ...block.webSearchError("pharmacy couriers prices", "unavailable"),
          block.text("# Couriers\n\nWorth a pilot."),
        ],
        { usage: { input_tokens: 10_000, output_tokens: 1_000 } },
      ),
    );
    const run = await explore("--json");
    expect(run.code, run.stderr).toBe(0);
    // 10k in and 1k out, and one search.
    const usd = usdOf(10_000, 1_000) + price.webSearchPer1k / 1000;
    const cost = {
      priced: true,
      usd: expect.closeTo(usd, 9),
      inputUsd: expect.closeTo(usdOf(10_000, 0), 9),
      outputUsd: expect.closeTo(usdOf(0, 1_000), 9),
      cacheUsd: 0,
      searchUsd: 0.01,
      source: SOURCE,
    };
    expect(JSON.parse(run.stdout).stats.cost).toEqual(cost);
    expect(log()[0]?.cost).toEqual(cost);
    expect(run.stderr).toMatch(
      new RegExp(`^Wrote ideas/.+/research\\.md \\(.*[,;] \\$${usd.toFixed(2)}\\)$`, "m"),
    );
  });

  it("--max-cost stops a run that keeps searching: tools off, the report written, requests bounded", async () => {
    keepsSearching();
    const turn = usdOf(1_000, 100) + price.webSearchPer1k / 1000;
    const run = await explore("--max-steps", "10", "--max-cost", String(2.5 * turn));
    expect(run.code, run.stderr).toBe(0);
    // Each searching turn costs its tokens and its search: three turns pass the limit.
    expect(fake.requests).toHaveLength(4);
    for (const request of fake.requests.slice(0, 3)) {
      expect(request.body.tool_choice).toEqual({ type: "auto" });
      expect(request.body.tools?.map((t) => t.name)).toContain("web_search");
    }
    expect(fake.requests[3]?.body.tool_choice).toEqual({ type: "none" });
    expect(couriersFile("research.md")).toContain("Worth a pilot.");
    expect(log()[0]).toMatchObject({
      stoppedBy: "cost_budget",
      steps: 4,
      cost: { priced: true, searchUsd: 0.03 },
    });
  });

  it("is unknown, never guessed, for a model without a price; a cost limit then is refused before paying", async () => {
    const run = await explore("--model", "claude-custom-gateway-model", "--max-cost", "1");
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n").at(-1)).toBe(
      "idea-explorer explore: max-cost needs a price for claude-custom-gateway-model; give its dollars per million tokens with --price-in and --price-out (or IDEA_EXPLORER_PRICE_IN and IDEA_EXPLORER_PRICE_OUT)",
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the cost of a run with a local model (openai-compatible)", () => {
  let local: FakeOpenAiCompatible;
  beforeEach(async () => {
    local = await startFakeOpenAiCompatible();
    local.enqueue({ text: "# Couriers\n\nWorth a pilot." });
  });
  afterEach(() => local.close());

  const exploreLocally = (args: string[] = [], env: Record<string, string> = {}) =>
    runCli(
      [
        "explore",
        "Bicycle couriers for pharmacies",
        "--provider",
        "openai-compatible",
        "--base-url",
        local.url,
        "--model",
        "llama3.1:8b",
        ...args,
      ],
      { cwd: repo.dir, env: { ...GIT_IDENTITY, ...env } },
    );

  it("is unknown without a price: the last line says so, never a guess", async () => {
    const run = await exploreLocally();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(
      /^Wrote ideas\/.+\/research\.md \(cited 0 of 0 sources[,;] cost unknown \(no price for llama3\.1:8b\)\)$/,
    );
    expect(log()[0]?.cost).toEqual({ priced: false, reason: "no price for llama3.1:8b" });
  });

  // The fake reports 100 input and 20 output tokens per request.
  it("takes its price from IDEA_EXPLORER_PRICE_IN and IDEA_EXPLORER_PRICE_OUT", async () => {
    const run = await exploreLocally(["--json"], {
      IDEA_EXPLORER_PRICE_IN: "2",
      IDEA_EXPLORER_PRICE_OUT: "10",
    });
    expect(run.code, run.stderr).toBe(0);
    const cost = {
      priced: true,
      usd: 0.0004,
      inputUsd: 0.0002,
      outputUsd: 0.0002,
      cacheUsd: 0,
      searchUsd: 0,
      source: "price given by the user (--price-in / --price-out)",
    };
    expect(JSON.parse(run.stdout).stats.cost).toEqual(cost);
    expect(log()[0]?.cost).toEqual(cost);
  });

  it("--price-in and --price-out win over the environment's price", async () => {
    const run = await exploreLocally(["--price-in", "4", "--price-out", "20", "--json"], {
      IDEA_EXPLORER_PRICE_IN: "2",
      IDEA_EXPLORER_PRICE_OUT: "10",
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).stats.cost).toMatchObject({ priced: true, usd: 0.0008 });
  });

  it("refuses one price variable without the other, or a price that is not a number, before paying", async () => {
    const half = await exploreLocally([], { IDEA_EXPLORER_PRICE_IN: "2" });
    expect(half.code).toBe(2);
    expect(half.stderr.trim().split("\n").at(-1)).toBe(
      "idea-explorer explore: IDEA_EXPLORER_PRICE_IN and IDEA_EXPLORER_PRICE_OUT go together: the model's dollars per million input and output tokens",
    );
    const bad = await exploreLocally([], {
      IDEA_EXPLORER_PRICE_IN: "two",
      IDEA_EXPLORER_PRICE_OUT: "10",
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split("\n").at(-1)).toBe(
      "idea-explorer explore: IDEA_EXPLORER_PRICE_IN: must be a number of US dollars per million tokens, such as 3 or 0.25",
    );
    expect(local.requests).toHaveLength(0);
  });
});
