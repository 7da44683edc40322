import { describe, expect, it } from "vitest";
import { describeExploration } from "./exploration-summary.ts";

const business = (body: string) => `---\ntitle: T\nmode: business\n---\n\n${body}`;

describe("describeExploration", () => {
  it("takes the latest verdict: a numbered heading, then an update's own", () => {
    const first = "# T\n\n## 6. Verdict\n\n**Pursue** because.\n";
    expect(describeExploration("f", business(first), undefined).summary.verdict).toBe("Pursue");
    const updated = `${first}\n## Update - 2026-02-01\n\n### Verdict\n\n- **Do not pursue**: the market left.\n`;
    expect(describeExploration("f", business(updated), undefined).summary).toMatchObject({
      verdict: "Do not pursue",
      updates: ["2026-02-01"],
    });
    const free = business("## Verdict\n\nWorth a [pilot](https://x.example) with three shops.\n");
    expect(describeExploration("f", free, undefined).summary.verdict).toBe(
      "Worth a pilot with three shops.",
    );
    expect(describeExploration("f", business("## Market\n\nx\n"), undefined).summary.verdict).toBe(
      null,
    );
  });

  it("reads CRLF files, and research written by hand without frontmatter", () => {
    const crlf = business("# T\r\n\r\n## Verdict\r\n\r\nPursue with changes\r\n").replace(
      /\n/g,
      "\r\n",
    );
    expect(describeExploration("f", crlf, undefined).summary.verdict).toBe("Pursue with changes");
    const hand =
      "# Notes\n\nText [[1]](https://a.example)\n\n## Sources\n\n1. [A](https://a.example)\n";
    expect(describeExploration("2026-01-01-notes", hand, undefined)).toMatchObject({
      summary: { title: "Notes", mode: null, date: "2026-01-01", citedSources: 1 },
      sources: [{ n: 1, title: "A", url: "https://a.example" }],
      model: null,
    });
  });

  it("reads a hand-edited log leniently: bad fields dropped, one object taken as one run", () => {
    const research = business("# T\n");
    expect(describeExploration("f", research, "not json").log).toBeUndefined();
    expect(describeExploration("f", research, "[1, null]").log).toBeUndefined();
    const single = JSON.stringify({
      steps: "three",
      tokens: { input: 5, output: -1 },
      cost: { priced: true, usd: "free" },
      searches: [{ query: "q", resultCount: 2 }, { nope: 1 }],
      stoppedBy: "max_steps",
    });
    expect(describeExploration("f", research, single).log).toEqual({
      runs: [
        {
          startedAt: null,
          model: null,
          mode: null,
          isUpdate: false,
          steps: 0,
          tokens: { input: 5, output: 0, total: 0, cacheRead: 0, cacheWrite: 0 },
          costUsd: null,
          stoppedBy: "max_steps",
          queries: 1,
        },
      ],
      steps: 0,
      tokens: { input: 5, output: 0, total: 0, cacheRead: 0, cacheWrite: 0 },
      costUsd: null,
      stoppedBy: "max_steps",
      queries: [{ query: "q", resultCount: 2, ok: true }],
    });
  });

  it("sums the cost of every run when each is known", () => {
    const log = JSON.stringify([
      { steps: 2, cost: { priced: true, usd: 0.1 } },
      { steps: 3, cost: { priced: true, usd: 0.2 } },
    ]);
    expect(describeExploration("f", business("# T\n"), log).log).toMatchObject({
      steps: 5,
      costUsd: 0.3,
    });
  });

  it("sums the runs' figure checks, the model's where it ran; a run without any adds nothing", () => {
    const checks = (n: number) => ({
      citations: 6 * n,
      supported: 3 * n,
      notFound: 2 * n,
      nothingToCheck: n,
    });
    const log = JSON.stringify([
      { checks: checks(1) },
      {},
      { checks: { ...checks(2), model: { supported: 4, unsupported: 1, unclear: 1, skipped: 0 } } },
      { checks: "all fine" },
    ]);
    expect(describeExploration("f", business("# T\n"), log).log?.checks).toEqual({
      citations: 18,
      supported: 9,
      notFound: 6,
      nothingToCheck: 3,
      model: { supported: 4, unsupported: 1, unclear: 1, skipped: 0 },
    });
    const none = describeExploration("f", business("# T\n"), JSON.stringify([{ steps: 1 }]));
    expect(none.log).not.toHaveProperty("checks");
  });
});
