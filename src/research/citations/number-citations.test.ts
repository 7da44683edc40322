import { describe, expect, it } from "vitest";
import { numberCitations } from "./number-citations.ts";

const a = { title: "A", url: "https://a.example/1" };
const b = { title: "B", url: "https://b.example/2" };
const c = { title: "C", url: "https://c.example/3" };
const cite = (url: string) => `[[cite]](${url})`;

describe("numberCitations", () => {
  it("numbers pages in order of first citation and reuses a page's number", () => {
    const { text, numbered } = numberCitations(
      `X${cite(b.url)} Y${cite(a.url)} Z${cite(`${b.url}/`)}`,
      [],
      [a, b, c],
    );
    expect(text).toBe(`X[[1]](${b.url}) Y[[2]](${a.url}) Z[[1]](${b.url})`);
    expect(numbered).toEqual([b, a]);
  });

  it("writes citations side by side as one ascending group, each page once", () => {
    const { text } = numberCitations(
      `X${cite(a.url)} Y${cite(c.url)}${cite(a.url)}${cite(c.url)}.`,
      [],
      [a, b, c],
    );
    expect(text).toBe(`X[[1]](${a.url}) Y[[1]](${a.url})[[2]](${c.url}).`);
  });

  it("continues an existing numbering", () => {
    const { text, numbered } = numberCitations(`New${cite(c.url)}${cite(a.url)}.`, [a, b], [a, c]);
    expect(text).toBe(`New[[1]](${a.url})[[3]](${c.url}).`);
    expect(numbered).toEqual([a, b, c]);
  });

  it("leaves text without placeholders alone", () => {
    const report = "Plain [link](https://a.example/1) and [[1]](https://a.example/1).";
    expect(numberCitations(report, [a], [a])).toEqual({ text: report, numbered: [a] });
  });
});
