import { describe, expect, it } from "vitest";
import { StoreError } from "../../store/research-reader.ts";
import { cutReport, fitToStore } from "./fit-report.ts";
import type { ResearchOutcome } from "./research-outcome.ts";

const outcome = (report: string): ResearchOutcome => ({
  report,
  model: "m",
  startedAt: "2026-01-01T00:00:00.000Z",
  endedAt: "2026-01-01T00:00:01.000Z",
  steps: 1,
  stoppedBy: "end",
  usage: {
    inputTokens: 1,
    outputTokens: 1,
    totalTokens: 2,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  },
  limits: { maxSteps: 5, tokenBudget: 100, maxOutputTokens: 10 },
  toolCalls: [],
  sources: [],
});

// Frontmatter and sources around the report, and the note a truncated report ends with.
const render = (o: ResearchOutcome) =>
  `---\ntitle: x\n---\n\n${o.report}${o.truncated ? "\n\n> cut" : ""}\n\n## Sources\n\n1. [a](https://a.example)\n`;
const bytes = (text: string) => Buffer.byteLength(text, "utf8");

describe("fitToStore", () => {
  it("leaves a report that fits as it is", () => {
    const small = outcome("# Title\n\nOne paragraph.");
    const fitted = fitToStore(small, render, 10_000);
    expect(fitted.outcome).toBe(small);
    expect(fitted.text).toBe(render(small));
  });

  it("cuts an oversized report after its last whole paragraph that fits, and marks it", () => {
    const paragraphs = Array.from({ length: 4000 }, (_, i) => `Paragraph ${i} ${"x".repeat(40)}.`);
    const report = `# Title\n\n${paragraphs.join("\n\n")}`;
    const limit = 50_000;
    const { outcome: fitted, text } = fitToStore(outcome(report), render, limit);
    expect(bytes(text)).toBeLessThanOrEqual(limit);
    expect(text).toBe(render(fitted));
    expect(fitted.truncated).toBe(true);
    expect(fitted.cutForSize).toEqual({
      reportBytes: bytes(report),
      keptBytes: expect.any(Number),
    });
    expect(report.startsWith(fitted.report)).toBe(true);
    expect(fitted.report).toMatch(/\nParagraph \d+ x{40}\.$/);
    expect(report.slice(fitted.report.length)).toMatch(/^\n\nParagraph \d+ /);
    // Derived again from the kept length alone (as the run's result is), it is the same cut.
    expect(cutReport(outcome(report), fitted.cutForSize!.keptBytes)).toEqual(fitted);
  });

  it("cuts one huge line between characters, never inside one", () => {
    const report = "é".repeat(40_000);
    const { outcome: fitted, text } = fitToStore(outcome(report), render, 30_001);
    expect(bytes(text)).toBeLessThanOrEqual(30_001);
    expect(fitted.report).toMatch(/^é+$/);
  });

  it("refuses, committing nothing, when even the rest of the file is over the limit", () => {
    const heavy = (o: ResearchOutcome) => `${"p".repeat(20_000)}\n\n${render(o)}`;
    expect(() => fitToStore(outcome("# Title\n\nText.\n\nMore."), heavy, 10_000)).toThrow(
      StoreError,
    );
  });
});
