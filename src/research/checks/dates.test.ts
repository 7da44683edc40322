import { describe, expect, it } from "vitest";
import { datesIn } from "./dates.ts";

const parts = (text: string) =>
  datesIn(text).map(({ start, end, ...date }) => ({ text: text.slice(start, end), ...date }));

describe("datesIn", () => {
  it("reads month-first, day-first and ISO dates, with or without a day or a year", () => {
    expect(
      parts(
        "Filed Sept. 30, 2024, signed 1st of June 2025, due 2026-01-15, paid in Feb 2025 and on May 4.",
      ),
    ).toEqual([
      { text: "Sept. 30, 2024", month: 9, year: 2024, day: 30 },
      { text: "1st of June 2025", month: 6, year: 2025, day: 1 },
      { text: "2026-01-15", month: 1, year: 2026, day: 15 },
      { text: "Feb 2025", month: 2, year: 2025 },
      { text: "May 4", month: 5, day: 4 },
    ]);
  });

  it("reads no date from a month alone, a lower-case word, an impossible day or a slash date", () => {
    expect(
      parts("In March, sales may 3 times rise; March 40 and 2025-13-01 and 3/4/2025."),
    ).toEqual([]);
  });

  it("reads a year range as no date", () => {
    expect(parts("From 2020-2025 the market doubled.")).toEqual([]);
  });
});
