import { describe, expect, it } from "vitest";
import type { StepProgress } from "../../agent/agent-types.ts";
import { LIVE_ITEMS } from "../../jobs/workflow.ts";
import { createLiveProgress } from "./live-progress.ts";

const at = () => new Date("2026-05-01T10:00:00Z");
const step = (over: Partial<StepProgress>): StepProgress => ({
  step: 1,
  maxSteps: 5,
  final: false,
  toolCalls: [],
  finishReason: "tool_use",
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  ...over,
});

describe("live progress", () => {
  it("lists each web search as it ends, with its results, and counts them all", () => {
    const live = createLiveProgress(at);
    live.toolCall({ name: "read_research", path: "x/research.md", durationMs: 1, ok: true });
    const ok = live.toolCall({
      name: "web_search",
      query: "dog bakery\u001b[2J market",
      durationMs: 1,
      ok: true,
      resultCount: 4,
    });
    expect(ok).toEqual({
      startedAt: "2026-05-01T10:00:00.000Z",
      queries: [{ query: "dog bakery [2J market", ok: true, results: 4 }],
      queryCount: 1,
    });
    const failed = live.toolCall({ name: "web_search", query: "q2", durationMs: 1, ok: false });
    expect(failed.queries?.at(-1)).toEqual({ query: "q2", ok: false });
  });

  it("keeps the latest LIVE_ITEMS searches, pages and lines, each cut to a bound", () => {
    const live = createLiveProgress(at);
    let last = {};
    for (let i = 1; i <= LIVE_ITEMS + 5; i++) {
      live.toolCall({ name: "web_search", query: `q${i}`, durationMs: 1, ok: true });
      last = live.step(
        step({ sources: [{ title: "t".repeat(1_000), url: `https://example.com/${i}` }] }),
      );
      live.message(`sub-question-${i}`, `[${i}/25] searched "q${i}"`);
    }
    const queries = live.toolCall({ name: "web_search", query: "last", durationMs: 1, ok: true });
    expect(queries.queries).toHaveLength(LIVE_ITEMS);
    expect(queries.queries?.[0]?.query).toBe("q7");
    expect(queries.queryCount).toBe(LIVE_ITEMS + 6);
    expect(last).toMatchObject({ pageCount: LIVE_ITEMS + 5 });
    const pages = (last as { pages: { title: string; url: string }[] }).pages;
    expect(pages).toHaveLength(LIVE_ITEMS);
    expect(pages[0]?.url).toBe("https://example.com/6");
    expect(pages[0]?.title.length).toBe(300);
    expect(JSON.stringify(queries).length + JSON.stringify(last).length).toBeLessThan(20_000);
    expect(live.message("synthesis", "Writing").lines).toHaveLength(LIVE_ITEMS);
  });

  it("lists a page once however many steps retrieve it", () => {
    const live = createLiveProgress(at);
    const page = { title: "Market", url: "https://example.com/m" };
    live.step(step({ sources: [page] }));
    expect(live.step(step({ sources: [page] }))).toMatchObject({ pages: [page], pageCount: 1 });
  });

  it("sums the tokens and cost of runs going on at once, and gives no cost if one is unpriced", () => {
    const live = createLiveProgress(at);
    live.step(step({ inputTokens: 100, outputTokens: 10, costUsd: 0.5 }), "sub-question-1");
    live.step(step({ inputTokens: 50, outputTokens: 5, costUsd: 0.1 }), "sub-question-2");
    // A later step of the same run replaces its totals, which are the run's so far.
    const both = live.step(
      step({ inputTokens: 200, outputTokens: 20, costUsd: 1 }),
      "sub-question-1",
    );
    expect(both).toMatchObject({ inputTokens: 250, outputTokens: 25, costUsd: 1.1 });
    const unpriced = live.step(step({ inputTokens: 1, outputTokens: 1 }), "sub-question-3");
    expect(unpriced.costUsd).toBeUndefined();
    expect(unpriced.inputTokens).toBe(251);
  });

  it("keeps deep research's plan whole, beside the latest lines", () => {
    const live = createLiveProgress(at);
    const plan =
      "Plan: 2 sub-questions, 2 at a time\n  1. Who buys? (demand)\n  2. Who sells? (supply)";
    live.message("plan", plan);
    expect(live.message("sub-question-1", "[1/2] started: Who buys?")).toEqual({
      startedAt: "2026-05-01T10:00:00.000Z",
      plan,
      lines: ["[1/2] started: Who buys?"],
    });
  });
});
