import { describe, expect, it } from "vitest";
import { citedSentences } from "./cited-sentences.ts";

const cite = (host: string) => `[[cite]](https://${host}.example/)`;
const url = (host: string) => `https://${host}.example/`;

describe("citedSentences", () => {
  it("takes the sentence a citation follows, or the one its full stop closes", () => {
    const report = `Intro. The market reached $4.2 billion in 2025${cite("a")}. Growth is 8%.${cite("b")}`;
    expect(citedSentences(report)).toEqual([
      { url: url("a"), sentence: "The market reached $4.2 billion in 2025", group: 0 },
      { url: url("b"), sentence: "Growth is 8%.", group: 1 },
    ]);
  });

  it("starts after an earlier citation in the same sentence, and lists a group's pages once", () => {
    const report = `A grew 5%${cite("a")} and B 7%${cite("b")}${cite("c")}${cite("b")}.`;
    expect(citedSentences(report)).toEqual([
      { url: url("a"), sentence: "A grew 5%", group: 0 },
      { url: url("b"), sentence: "and B 7%", group: 1 },
      { url: url("c"), sentence: "and B 7%", group: 1 },
    ]);
  });

  it("reads Markdown as text and keeps to the block: list item, continuation line, table cell", () => {
    const report = [
      `Para one ends 3%${cite("p")}.`,
      `- item **one** grew [5%](https://x.example/)${cite("a")}`,
      `- second line\n  continues 9%${cite("b")}`,
      `| a | b |\n|---|---|\n| x 3% | y 4%${cite("c")} |`,
    ].join("\n\n");
    expect(citedSentences(report).map((c) => c.sentence)).toEqual([
      "Para one ends 3%",
      "item one grew 5%",
      "second line continues 9%",
      "y 4%",
    ]);
  });

  it("does not end a sentence at an abbreviation or a decimal point", () => {
    const report = `U.S. sales were 1.2k units in Jan. 2025, e.g. in Ohio${cite("a")}.`;
    expect(citedSentences(report)[0]?.sentence).toBe(
      "U.S. sales were 1.2k units in Jan. 2025, e.g. in Ohio",
    );
  });

  it("keeps the last 400 characters of a run-on sentence, from a word's start", () => {
    const sentence = citedSentences(`${"word ".repeat(200)}end 5%${cite("a")}`)[0]?.sentence ?? "";
    expect(sentence.length).toBeLessThanOrEqual(400);
    expect(sentence.startsWith("word ")).toBe(true);
    expect(sentence.endsWith("end 5%")).toBe(true);
  });

  it("finds nothing in a report without citations", () => {
    expect(citedSentences("No citations [here](https://a.example/) at all.")).toEqual([]);
  });
});

describe("citedSentences: a citation inside parentheses", () => {
  it("leaves out the link's words after an opening parenthesis", () => {
    const report = `Sensors drift 5 percent (study${cite("a")}). Pots (big ones) grow 20% (market${cite("b")}).`;
    expect(citedSentences(report).map((c) => c.sentence)).toEqual([
      "Sensors drift 5 percent",
      "Pots (big ones) grow 20%",
    ]);
  });
});
