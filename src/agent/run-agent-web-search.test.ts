import { afterEach, describe, expect, it } from "vitest";
import {
  block,
  cacheBreakpoints,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import { memoryExecutor, quietRecorder, researchTools } from "../../test/helpers/research-tools.ts";
import { priceFor } from "../models/price-source.ts";
import type { SearchFunction } from "../search/search-function.ts";
import { runAgent } from "./run-agent.ts";

const PRIOR = "2026-01-02-solar-dryers/research.md";
const base = { instructions: "Research the idea.", prompt: "A bakery for dogs" };
const market = { url: "https://example.com/pet-food-market", title: "Pet food market 2026" };
const rival = { url: "https://rival.example/bakery", title: "Barkery, a rival" };
let fake: FakeAnthropicServer;

afterEach(async () => {
  await fake?.close();
});

describe("runAgent with web search", () => {
  it("keeps only the answer after the searches, with its citations, as content", async () => {
    fake = await startFakeAnthropic({
      replies: [
        reply.webSearch("dog bakery market", [market, rival], {
          narration: "Let me search for the market size first.",
          answer: [
            block.text("# Dog bakery\n\nThe market is "),
            block.text("worth $2B", [block.cite(market, "worth $2B")]),
            block.text(" and Barkery leads it."),
          ],
        }),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      ...base,
      tools: researchTools(),
      collectToolStats: true,
    });

    expect(run.content).toBe(
      "# Dog bakery\n\nThe market is worth $2B[[cite]](https://example.com/pet-food-market) and Barkery leads it.",
    );
  });

  it("follows each cited block with its pages, in stream order, on the report's continuation too", async () => {
    fake = await startFakeAnthropic({
      replies: [
        reply.message(
          [
            ...block.webSearch("dog bakery market", [market, rival]),
            block.text("# Dog bakery\n\n"),
            block.text("Barkery leads.", [block.cite(rival, "leads"), block.cite(market, "size")]),
            block.text(" The market is "),
          ],
          { stopReason: "max_tokens" },
        ),
        reply.message([block.text("worth $2B.", [block.cite(market, "worth $2B")])]),
      ],
    });
    const run = await runAgent({ model: fake.model(), ...base, tools: researchTools() });

    expect(run.content).toBe(
      "# Dog bakery\n\nBarkery leads.[[cite]](https://rival.example/bakery)[[cite]](https://example.com/pet-food-market)" +
        " The market is worth $2B.[[cite]](https://example.com/pet-food-market)",
    );
    expect(run.continued).toBe(true);
  });

  it("returns every page the searches retrieved as sources, deduplicated, first seen first", async () => {
    fake = await startFakeAnthropic({
      replies: [
        reply.pauseTurn([...block.webSearch("dog bakery market", [market, rival])]),
        reply.webSearch("dog bakery rivals", [{ ...rival, url: `${rival.url}/` }], {
          answer: "# Report\n\nTwo sources.",
        }),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      ...base,
      tools: researchTools(),
      collectToolStats: true,
    });

    expect(run.sources).toEqual([market, rival]);
  });

  it("logs each server-side web search as one JSON line with its query and result count", async () => {
    const lines: string[] = [];
    fake = await startFakeAnthropic({
      replies: [
        reply.message([
          ...block.webSearch("dog bakery market", [market, rival]),
          ...block.webSearchError("dog bakery rivals", "max_uses_exceeded"),
          block.text("# Report\n\nDone."),
        ]),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      ...base,
      tools: researchTools(),
      logSink: (line) => lines.push(line),
    });

    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        event: "tool_call",
        name: "web_search",
        query: "dog bakery market",
        durationMs: 0,
        ok: true,
        resultCount: 2,
        providerExecuted: true,
      },
      {
        event: "tool_call",
        name: "web_search",
        query: "dog bakery rivals",
        durationMs: 0,
        ok: false,
        errorType: "max_uses_exceeded",
        providerExecuted: true,
      },
    ]);
    expect(run.toolCalls).toHaveLength(2);
  });

  describe("charges the searches the provider bills", () => {
    const pricing = {
      modelId: "claude-sonnet-5-5",
      price: priceFor("anthropic", "claude-sonnet-5-5"),
    };
    const oneFailed = (usage?: Record<string, unknown>) =>
      reply.message(
        [
          ...block.webSearch("dog bakery market", [market, rival]),
          ...block.webSearchError("dog bakery rivals", "too_many_requests"),
          block.text("# Report\n\nDone."),
        ],
        { usage: { input_tokens: 0, output_tokens: 0, ...usage } },
      );
    const searchUsd = async (...replies: ReturnType<typeof reply.message>[]) => {
      fake = await startFakeAnthropic({ replies });
      const run = await runAgent({
        model: fake.model(),
        ...base,
        tools: researchTools(),
        pricing,
        logSink: () => {},
      });
      return run.cost?.priced ? run.cost.searchUsd : undefined;
    };

    it("one search of two when the other failed: the API reports web_search_requests 1", async () => {
      expect(await searchUsd(oneFailed())).toBe(0.01);
    });

    it("the figure the API reports, summed over steps, not the calls counted", async () => {
      const reported = { server_tool_use: { web_search_requests: 3 } };
      expect(await searchUsd(reply.pauseTurn([]), oneFailed(reported))).toBe(0.03);
    });

    it("without a reported figure, only the searches that returned results", async () => {
      expect(await searchUsd(oneFailed({ server_tool_use: undefined }))).toBe(0.01);
    });
  });

  it("collects tool calls instead of logging them with collectToolStats", async () => {
    const lines: string[] = [];
    fake = await startFakeAnthropic({
      replies: [reply.webSearch("dog bakery market", [market], { answer: "# Report\n\nDone." })],
    });
    const run = await runAgent({
      model: fake.model(),
      ...base,
      tools: researchTools(),
      collectToolStats: true,
      logSink: (line) => lines.push(line),
    });

    expect(lines).toEqual([]);
    expect(run.toolCalls).toEqual([
      {
        name: "web_search",
        query: "dog bakery market",
        durationMs: 0,
        ok: true,
        resultCount: 1,
        providerExecuted: true,
      },
    ]);
  });

  it("takes sources from a client-side web_search backend's results", async () => {
    const search: SearchFunction = async (query) => [
      { title: "Dog treats", url: "https://treats.example/", snippet: `about ${query}` },
    ];
    const recorder = quietRecorder();
    fake = await startFakeAnthropic({
      replies: [
        reply.toolUse("web_search", { query: "dog treats" }),
        reply.text("# Report\n\nDone."),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      ...base,
      tools: researchTools({ search, recorder }),
      recorder,
    });

    expect(run.sources).toEqual([{ title: "Dog treats", url: "https://treats.example/" }]);
    expect(run.toolCalls).toMatchObject([
      { name: "web_search", query: "dog treats", resultCount: 1 },
    ]);
  });

  it("marks the system prompt, the last tool and the conversation for caching and reports cache reads", async () => {
    fake = await startFakeAnthropic({
      replies: [
        reply.toolUse(
          "read_research",
          { path: PRIOR },
          { usage: { cache_creation_input_tokens: 2000 } },
        ),
        reply.text("# Report\n\nDone.", { usage: { cache_read_input_tokens: 2000 } }),
      ],
    });
    const run = await runAgent({
      model: fake.model(),
      ...base,
      tools: researchTools({ executor: memoryExecutor({ [PRIOR]: "x" }) }),
    });

    for (const request of fake.requests) {
      expect(cacheBreakpoints(request.body)).toEqual([
        "request",
        "tools.read_research",
        "system.0",
      ]);
    }
    // The tool definitions are byte-identical on every step, in the order given.
    expect(fake.requests[1]?.body.tools).toEqual(fake.requests[0]?.body.tools);
    expect(run.usage).toMatchObject({ cacheWriteTokens: 2000, cacheReadTokens: 2000 });
  });

  it("reports progress after each step", async () => {
    const progress: unknown[] = [];
    fake = await startFakeAnthropic({
      replies: [
        reply.toolUse(
          "read_research",
          { path: PRIOR },
          { usage: { input_tokens: 10, output_tokens: 5 } },
        ),
        reply.text("# Report\n\nDone.", { usage: { input_tokens: 20, output_tokens: 7 } }),
      ],
    });
    await runAgent({
      model: fake.model(),
      ...base,
      tools: researchTools({ executor: memoryExecutor({ [PRIOR]: "x" }) }),
      limits: { maxSteps: 3 },
      onStep: (p) => progress.push(p),
    });

    expect(progress).toEqual([
      {
        step: 1,
        maxSteps: 3,
        final: false,
        toolCalls: [{ toolName: "read_research", input: { path: PRIOR }, providerExecuted: false }],
        finishReason: "tool_use",
        inputTokens: 10,
        outputTokens: 5,
        totalTokens: 15,
        sources: [],
      },
      {
        step: 2,
        maxSteps: 3,
        final: false,
        toolCalls: [],
        finishReason: "end_turn",
        inputTokens: 30,
        outputTokens: 12,
        totalTokens: 42,
        sources: [],
      },
    ]);
  });

  it("reports each step's retrieved pages and, for a priced model, the cost so far", async () => {
    const progress: { sources?: unknown; costUsd?: number }[] = [];
    const price = priceFor("anthropic", "claude-sonnet-5-5")!;
    fake = await startFakeAnthropic({
      replies: [
        reply.webSearch("dog bakery market", [market, rival], {
          answer: "# Report\n\nDone.",
          usage: { input_tokens: 1_000_000, output_tokens: 0 },
        }),
      ],
    });
    await runAgent({
      model: fake.model(),
      ...base,
      tools: researchTools(),
      pricing: { modelId: "claude-sonnet-5-5", price },
      logSink: () => {},
      onStep: (p) => progress.push(p),
    });

    expect(progress.map((p) => p.sources)).toEqual([[market, rival]]);
    // A million input tokens and one search at $10 per 1,000.
    expect(progress[0]?.costUsd).toBeCloseTo(price.inputPerMTok + 0.01, 6);
  });

  it("sends only the tools prepareStep activates, on the final no-tools step too", async () => {
    fake = await startFakeAnthropic({
      replies: [reply.toolUse("read_research", { path: PRIOR }), reply.text("# Report\n\nDone.")],
    });
    await runAgent({
      model: fake.model(),
      ...base,
      tools: researchTools({ executor: memoryExecutor({ [PRIOR]: "x" }) }),
      limits: { maxSteps: 1 },
      prepareStep: () => ({ activeTools: ["read_research"] }),
    });

    expect(fake.requests.map((r) => r.body.tools?.map((t) => t.name))).toEqual([
      ["read_research"],
      ["read_research"],
    ]);
    expect(fake.requests[1]?.body.tool_choice).toEqual({ type: "none" });
  });
});
