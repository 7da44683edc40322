import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  block,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { serve, startLoopbackSite } from "../fakes/loopback-site.ts";
import {
  type FakeOpenAiCompatible,
  startFakeOpenAiCompatible,
} from "../fakes/openai-compatible-server.ts";
import { type FakeSearchServer, startSearxngFake } from "../fakes/search-servers.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/**
 * Every citation's sentence is checked against the passage it rests on: Anthropic's native
 * cited_text, the text of a page web_fetch read, a client-side search snippet. The figures of
 * each sentence (numbers, money, percentages, years, quoted phrases) must be in that passage
 * after normalization; research.md lists the ones that are not under "## Checks", the log keeps
 * every citation's sentence, passage and outcome.
 */
const IDEA = "Refill stations for cleaning products in corner shops";
const hit = (name: string) => ({ url: `https://${name}.example/report`, title: `${name} report` });
const market = hit("market");
const revenue = hit("revenue");
const units = hit("units");
const stores = hit("stores");
const prices = hit("prices");
const growth = hit("growth");
const fiscal = hit("fiscal");
const users = hit("users");
const press = hit("press");
const rival = hit("rival");

let repo: TempTree;
let fake: FakeAnthropicServer;

beforeEach(async () => {
  repo = await gitTree({ files: { "README.md": "ideas\n" } });
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

const explore = (...args: string[]) =>
  runCli(["explore", IDEA, "--json", ...args], {
    cwd: repo.dir,
    env: { ...fake.env, ...GIT_IDENTITY },
  });

function readRun(stdout: string) {
  const result = JSON.parse(stdout);
  const folder = path.join(repo.dir, path.dirname(result.path));
  return {
    result,
    research: readFileSync(path.join(folder, "research.md"), "utf8"),
    log: JSON.parse(readFileSync(path.join(folder, "exploration-log.json"), "utf8")),
  };
}

const sentence = (text: string, source: { url: string; title: string }, citedText: string) =>
  block.text(text, [block.cite(source, citedText)]);

describe("idea-explorer explore: figure checks of native citations (fake Anthropic API)", () => {
  it("checks each cited sentence's figures in its cited_text, both ways, and lists what is not there", async () => {
    fake.enqueue(
      reply.webSearch(
        "refill market",
        [market, revenue, units, stores, prices, growth, fiscal, users, press, rival],
        {
          answer: [
            block.text("# Refill stations\n\n"),
            // Each normalization form, sentence one way and passage the other.
            sentence(
              "The market reached $4.2 billion in 2025.",
              market,
              "Sales hit USD 4.2bn in FY2025.",
            ),
            sentence(" Revenue was USD 4.2bn.", revenue, "revenue of $4.2 billion"),
            sentence(" Shops sold 1.2k units.", units, "about 1,200 units were sold"),
            sentence(" It serves 1,200 stores.", stores, "1.2 thousand stores"),
            sentence(" Prices fell 8 percent.", prices, "prices dropped 8%"),
            sentence(" Demand grew 8%.", growth, "grew 8 per cent"),
            sentence(" Results for FY2025 are in.", fiscal, "results for 2025"),
            block.text("\n\n"),
            // Not in the passage: a figure, a quoted phrase.
            sentence("Refill users number 3 million.", users, "some 2 million users"),
            sentence(
              " The CEO called it “a quiet revolution”.",
              press,
              "the CEO called it a loud revolution",
            ),
            block.text("\n\n"),
            sentence("EcoRefill is the only chain.", rival, "the only chain"),
          ],
        },
      ),
    );
    const run = await explore();

    expect(run.code).toBe(0);
    const { result, research, log } = readRun(run.stdout);
    const claims = log[0].claims.map((c: Record<string, unknown>) => [c.source, c.outcome]);
    expect(claims).toEqual([
      [1, "supported"],
      [2, "supported"],
      [3, "supported"],
      [4, "supported"],
      [5, "supported"],
      [6, "supported"],
      [7, "supported"],
      [8, "not_found"],
      [9, "not_found"],
      [10, "nothing_to_check"],
    ]);
    expect(log[0].claims[7]).toMatchObject({
      url: users.url,
      sentence: "Refill users number 3 million.",
      passage: "some 2 million users",
      kind: "cited_text",
      figures: ["3 million"],
      missing: ["3 million"],
    });
    expect(log[0].claims[0]).toMatchObject({
      sentence: "The market reached $4.2 billion in 2025.",
      passage: "Sales hit USD 4.2bn in FY2025.",
      missing: [],
    });
    const counts = { citations: 10, supported: 7, notFound: 2, nothingToCheck: 1 };
    expect(log[0].checks).toEqual(counts);
    expect(result.stats.checks).toEqual(counts);

    // Nothing is removed from the report; the Checks section ends the file and lists exactly the two.
    expect(research).toContain("Refill users number 3 million.[[8]]");
    const checks = research.slice(research.indexOf("\n## Checks\n"));
    expect(research.indexOf("\n## Checks\n")).toBeGreaterThan(research.indexOf("\n## Sources\n"));
    const items = checks.split("\n").filter((line) => line.startsWith("- "));
    expect(items).toEqual([
      `- “Refill users number 3 million.” [[8]](${users.url}) — not in the source: 3 million`,
      `- “The CEO called it “a quiet revolution”.” [[9]](${press.url}) — not in the source: “a quiet revolution”`,
    ]);
    expect(run.stderr).toContain(
      "figures: 7 supported, 2 not found in the source, 1 with nothing to check",
    );
  });

  it("writes no Checks section when every cited figure is in its passage, and keeps it through an update", async () => {
    fake.enqueue(
      reply.webSearch("refill market", [market, rival], {
        answer: [
          block.text("# Refill stations\n\n"),
          sentence("The market reached $4.2 billion in 2025.", market, "USD 4.2bn in 2025"),
          block.text(" "),
          sentence("EcoRefill is the only chain.", rival, "the only chain"),
        ],
      }),
    );
    const first = await explore();
    expect(first.code).toBe(0);
    const clean = readRun(first.stdout);
    expect(clean.research).not.toContain("## Checks");
    expect(clean.log[0].checks).toEqual({
      citations: 2,
      supported: 1,
      notFound: 0,
      nothingToCheck: 1,
    });

    fake.enqueue(
      reply.webSearch("refill users", [users], {
        answer: [
          block.text("# Refill stations\n\n"),
          sentence("Refill users number 3 million.", users, "some 2 million users"),
        ],
      }),
    );
    const update = await explore("--update");
    expect(update.code).toBe(0);
    const updated = readRun(update.stdout);
    expect(
      updated.research.endsWith(
        `## Checks\n\nFigures or quotes in these sentences were not found in the passage of the source they cite. Nothing was removed from the report; check them against the source before relying on them.\n\n- “Refill users number 3 million.” [[3]](${users.url}) — not in the source: 3 million\n`,
      ),
    ).toBe(true);
  });
});

describe("idea-explorer explore --check-claims model (fake Anthropic API, scripted judge)", () => {
  it("asks the check model about each cited passage, lists what it finds unsupported, and prices its calls", async () => {
    fake.enqueue(
      reply.webSearch("refill market", [market, users, rival], {
        answer: [
          block.text("# Refill stations\n\n"),
          sentence("The market reached $4.2 billion in 2025.", market, "USD 4.2bn in 2025"),
          sentence(" Most refill users are students.", users, "users of all ages"),
          sentence(" EcoRefill is the only chain.", rival, "the only chain"),
        ],
      }),
    );
    const verdicts: Record<string, string> = {
      "The market reached": "supported - the passage gives USD 4.2bn in 2025",
      "Most refill users": "unsupported - the passage says nothing about students",
      "EcoRefill is": "unclear - the passage is too short to tell",
    };
    const judgeUsage = { input_tokens: 300, output_tokens: 20 };
    fake.setHandler((request) => {
      const prompt = JSON.stringify(request.body.messages);
      const key = Object.keys(verdicts).find((start) => prompt.includes(start));
      return key
        ? reply.text(verdicts[key]!, { usage: judgeUsage })
        : reply.badRequest("no scripted verdict for this request");
    });
    const run = await explore("--check-claims", "model");

    expect(run.code).toBe(0);
    // One research call and one call per cited passage, to the cheap model.
    expect(fake.requests).toHaveLength(4);
    expect(fake.requests.slice(1).map((r) => r.body.model)).toEqual([
      "claude-haiku-4-5",
      "claude-haiku-4-5",
      "claude-haiku-4-5",
    ]);
    const { result, research, log } = readRun(run.stdout);
    expect(log[0].claims.map((c: { model?: { verdict: string } }) => c.model?.verdict)).toEqual([
      "supported",
      "unsupported",
      "unclear",
    ]);
    const counts = {
      citations: 3,
      supported: 1,
      notFound: 0,
      nothingToCheck: 2,
      model: { supported: 1, unsupported: 1, unclear: 1, skipped: 0, usd: expect.any(Number) },
    };
    expect(log[0].checks).toEqual(counts);
    expect(result.stats.checks).toEqual(counts);
    // Haiku 4.5 at $1 / $5 per million tokens: three calls of 300 in and 20 out.
    const judgeUsd = (3 * (300 * 1 + 20 * 5)) / 1_000_000;
    expect(log[0].modelCheck).toMatchObject({ model: "claude-haiku-4-5", calls: 3 });
    expect(log[0].modelCheck.cost.usd).toBeCloseTo(judgeUsd, 9);
    expect(log[0].checks.model.usd).toBeCloseTo(judgeUsd, 9);
    // The run's cost counts the check: the research's own price plus the judge's.
    const researchUsd = log[0].cost.usd - judgeUsd;
    expect(researchUsd).toBeGreaterThan(0);
    const items = research
      .slice(research.indexOf("\n## Checks\n"))
      .split("\n")
      .filter((line: string) => line.startsWith("- "));
    expect(items).toEqual([
      `- “Most refill users are students.” [[2]](${users.url}) — the check model judged that the source does not support it: the passage says nothing about students`,
    ]);
    expect(run.stderr).toContain("model check: 1 supported, 1 unsupported, 1 unclear");
  });
});

describe("idea-explorer explore: figure checks of a fetched page (fake Anthropic API, loopback site)", () => {
  it("checks a link to a page web_fetch read against the page text around the matching words", async () => {
    const filler = "<p>Unrelated paragraph about weather and football results.</p>".repeat(40);
    const site = await startLoopbackSite({
      "/refill": serve(
        "text/html",
        `<title>Refill report</title><main>${filler}<p>Refill subscriptions grew 14% in 2025 to 3,400 stores across Europe.</p>${filler}</main>`,
      ),
    });
    try {
      const url = `${site.origin}/refill`;
      fake.enqueue(
        reply.webSearch("refill report", [{ url, title: "Refill report" }], {
          narration: "Reading the report.",
        }),
        reply.toolUse("web_fetch", { url }),
        reply.text(
          `# Refill stations\n\nSubscriptions grew 14 percent in 2025 ([report](${url})). They reached 5,000 stores ([report](${url})).`,
        ),
      );
      const run = await explore("--allow-private-fetch");
      expect(run.code).toBe(0);
      const { research, log } = readRun(run.stdout);
      expect(log[0].claims.map((c: { outcome: string }) => c.outcome)).toEqual([
        "supported",
        "not_found",
      ]);
      expect(log[0].claims[0].kind).toBe("page");
      expect(log[0].claims[0].passage).toContain("grew 14% in 2025 to 3,400 stores");
      expect(log[0].claims[0].passage.length).toBeLessThanOrEqual(600);
      expect(research).toContain(
        `- “They reached 5,000 stores” [[1]](${url}) — not in the source: 5,000`,
      );
    } finally {
      await site.close();
    }
  });
});

describe("idea-explorer explore: figure checks of search snippets (local model, SearXNG)", () => {
  let local: FakeOpenAiCompatible;
  let searxng: FakeSearchServer;

  beforeEach(async () => {
    local = await startFakeOpenAiCompatible();
    searxng = await startSearxngFake();
    searxng.hits = [
      { title: "Sensor study", url: "https://plants.example/sensors", snippet: "Drift of 5%." },
      { title: "Pots market", url: "https://market.example/pots", snippet: "Growing 12%." },
    ];
  });

  afterEach(async () => {
    await Promise.all([local.close(), searxng.close()]);
  });

  it("checks a link to a search result against its snippet", async () => {
    local.enqueue(
      { toolCall: { name: "web_search", arguments: { query: "soil sensor drift" } } },
      {
        text: "# Plant reminders\n\nSensors drift 5 percent ([study](https://plants.example/sensors)). Smart pots grow 20% a year ([market](https://market.example/pots)).",
      },
    );
    const run = await runCli(
      [
        "explore",
        "Houseplant watering reminders",
        "--json",
        "--provider",
        "openai-compatible",
        "--base-url",
        local.url,
        "--model",
        "llama3.1:8b",
      ],
      { cwd: repo.dir, env: { ...GIT_IDENTITY, SEARXNG_URL: searxng.url } },
    );
    expect(run.code).toBe(0);
    const { research, log } = readRun(run.stdout);
    expect(
      log[0].claims.map((c: { kind: string; outcome: string; passage: string }) => [
        c.kind,
        c.passage,
        c.outcome,
      ]),
    ).toEqual([
      ["snippet", "Drift of 5%.", "supported"],
      ["snippet", "Growing 12%.", "not_found"],
    ]);
    expect(research).toContain(
      "- “Smart pots grow 20% a year” [[2]](https://market.example/pots) — not in the source: 20%",
    );
  });
});
