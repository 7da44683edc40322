import { describe, expect, it } from "vitest";
import { citationStats } from "./citation-stats.ts";

const a = { title: "A", url: "https://a.example/1" };
const b = { title: "B", url: "https://b.example/2" };
const c = { title: "C", url: "https://c.example/3" };
const cite = (url: string) => `[[cite]](${url})`;

describe("citationStats", () => {
  it("counts markers, cited and consulted pages, and the paragraphs and list items cited", () => {
    const report = [
      `# Title${cite(c.url)}`,
      `Market grows.${cite(a.url)}${cite(b.url)}${cite(a.url)}`,
      "An uncited paragraph\nover two lines.",
      `- item one${cite(a.url)}\n- item two\n  - nested${cite(b.url)}`,
      `> quoted${cite(`${b.url}/`)}`,
      "| table | cell |\n| --- | --- |\n| x | y |",
      "```\ncode\n```",
    ].join("\n\n");

    expect(citationStats(report, [a, b, c])).toEqual({
      markers: 6,
      citedSources: 3,
      consultedSources: 0,
      paragraphs: 6,
      paragraphsWithCitation: 4,
    });
  });

  it("counts retrieved pages the report never cites as consulted", () => {
    expect(
      citationStats(`Fact.${cite(a.url)}\n\nOpinion.`, [a, b, c, { ...b, url: `${b.url}#x` }]),
    ).toEqual({
      markers: 1,
      citedSources: 1,
      consultedSources: 2,
      paragraphs: 2,
      paragraphsWithCitation: 1,
    });
  });
});
