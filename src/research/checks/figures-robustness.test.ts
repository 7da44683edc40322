import { describe, expect, it } from "vitest";
import { figuresIn, passageHas } from "./figures.ts";

/** A small seeded generator (mulberry32): the same strings on every run, so a failure repeats. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Pieces that drive the readers' branches, and some they must survive. */
const PIECES = [
  ..."0123456789",
  ".",
  ",",
  "-",
  "−",
  "–",
  " ",
  " ",
  "\u00A0",
  "\u202F",
  "\n",
  "$",
  "US$",
  "€",
  "£",
  "¥",
  "USD",
  "EUR",
  "%",
  "k",
  "K",
  "m",
  "bn",
  "B",
  " million",
  " billion",
  " percent",
  " dollars",
  "two",
  "twenty-five",
  "FY",
  "fiscal ",
  "March",
  "Mar.",
  "May",
  "st",
  "rd",
  "“",
  "”",
  '"',
  "«",
  "»",
  "„",
  "「",
  "…",
  "...",
  "[",
  "]",
  "/",
  ":",
  "A",
  "z",
  "GPT",
  "Windows",
  "iPhone",
  "é",
  "中",
  "年",
  "🙂",
  "\uD800",
  "\uDC00",
  "\u0301",
  "\u202E",
  "\u0000",
  " to ",
  " and ",
  // Words that name properties of every JavaScript object: no lexicon may take them for a unit.
  " constructor",
  "toString",
  " __proto__",
];

function randomText(next: () => number, pieces: number): string {
  let text = "";
  for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

describe("figuresIn and passageHas on hostile input", () => {
  it("never throw on random strings, and find a sentence's figures in the sentence itself", () => {
    const next = random(22);
    const notInItself: string[] = [];
    const notFinite: string[] = [];
    for (let round = 0; round < 2_000; round++) {
      const sentence = randomText(next, Math.floor(next() * 60));
      const passage = randomText(next, Math.floor(next() * 200));
      for (const figure of figuresIn(sentence)) {
        passageHas(passage, figure);
        const numeric = figure.value !== undefined && figure.kind !== "year";
        if (numeric && !(Number.isFinite(figure.value) && Number.isFinite(figure.step))) {
          notFinite.push(`${figure.text} in ${JSON.stringify(sentence)}`);
        }
        if (!passageHas(sentence, figure))
          notInItself.push(`${figure.text} in ${JSON.stringify(sentence)}`);
      }
    }
    expect(notInItself).toEqual([]);
    expect(notFinite).toEqual([]);
  });

  it("reads 100 KB of text in one pass: no pattern backtracks over it", () => {
    const size = 100_000;
    const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    const next = random(7);
    const texts = [
      fill("1,"),
      fill("1."),
      fill("1-"),
      fill("1 "),
      fill("$1.2bn "),
      fill("March 3, "),
      fill("“"),
      fill('"a b '),
      fill("«x "),
      fill("!"),
      fill("ab1"),
      fill("two "),
      fill("FY"),
      fill("🙂"),
      randomText(next, 100_000).slice(0, size),
    ];
    // Counted, not timed: each text is read once as a sentence and once as a passage; a reader
    // that backtracked over the whole text would not return within the test's timeout.
    let read = 0;
    for (const text of texts) {
      expect(text.length).toBe(size);
      const figures = figuresIn(`${text} “the end is near” 8%`);
      expect(figures.length).toBeGreaterThan(0);
      for (const figure of figures.slice(0, 3)) passageHas(text, figure);
      read++;
    }
    expect(read).toBe(texts.length);
  });
});
