import { describe, expect, it } from "vitest";
import { type Figure, figuresIn, passageHas } from "./figures.ts";

/** The sentence's figures the passage does not hold, as the sentence writes them. */
const missing = (sentence: string, passage: string) =>
  figuresIn(sentence)
    .filter((f) => !passageHas(passage, f))
    .map((f) => f.text);

const sentenceWith = (form: string) => `The filing reports ${form} for the period.`;
const passageWith = (form: string) => `According to the annual filing, ${form} was recorded.`;

/** Ways of writing one figure: each must be found in a passage that writes it any other way. */
const SAME_FIGURE: Record<string, string[]> = {
  thousands: ["1,200", "1200", "1.2k", "1.2K", "1.2 thousand"],
  "US dollars, billions": [
    "$4.2 billion",
    "USD 4.2bn",
    "4.2 billion dollars",
    "US$4.2B",
    "$4,200 million",
    "4.2bn USD",
    "$4.2bn",
    "4.2 billion US dollars",
  ],
  "US dollars, millions": [
    "$3 million",
    "$3m",
    "$3M",
    "$3mn",
    "3 million dollars",
    "USD 3 million",
  ],
  "US dollars, trillions": ["$1.5 trillion", "$1.5tn", "$1.5T", "1.5 trillion dollars"],
  euros: ["€4.2 billion", "EUR 4.2bn", "4.2 billion euros", "€4.2bn", "4.2bn EUR", "4,2 Mrd. €"],
  pounds: ["£4.2 billion", "GBP 4.2bn", "4.2 billion pounds", "£4.2bn"],
  percent: ["8%", "8 percent", "8 per cent", "8 pct", "8.0%", "8 %"],
  year: ["2025", "FY2025", "FY 2025", "fiscal 2025"],
  date: [
    "March 3, 2025",
    "3 March 2025",
    "2025-03-03",
    "Mar. 3, 2025",
    "3 Mar 2025",
    "3rd March 2025",
  ],
  "month and year": ["March 2025", "2025-03", "03/2025"],
  decimals: ["1,234.5", "1.234,5"],
  millions: ["1,200,000", "1.2 million", "1.2m", "1.2 mn"],
  "negative percent": ["-5%", "−5%"],
  "spelled with a scale": ["two billion dollars", "$2 billion", "USD 2bn"],
};

describe("passageHas: the same figure written another way", () => {
  for (const [name, forms] of Object.entries(SAME_FIGURE)) {
    it(`finds ${name} in every form, both ways`, () => {
      const failures: string[] = [];
      for (const a of forms) {
        expect(figuresIn(sentenceWith(a)).map((f) => f.text)).toEqual([a]);
        for (const b of forms) {
          if (missing(sentenceWith(a), passageWith(b)).length) failures.push(`${a} in ${b}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

/** [sentence's figure, passage's figure, found?] */
const PAIRS: [string, string, boolean][] = [
  // Rounding at the sentence's precision: a rounder passage does not support a precise sentence.
  ["$4.2 billion", "$4.23 billion", true],
  ["$4.23 billion", "$4.2 billion", false],
  ["1.2k", "1,249", true],
  ["1,249", "1.2k", false],
  ["$4.2 billion", "$4.26 billion", false],
  ["1.2k", "1,260", false],
  ["8%", "8.4%", true],
  ["8.4%", "8%", false],
  // Money stated with no currency in the passage: found; a different currency stated: not.
  ["$4.2 billion", "4.2 billion", true],
  ["4.2 billion", "$4.2 billion", true],
  ["$4.2 billion", "€4.2 billion", false],
  ["€4.2bn", "£4.2bn", false],
  ["$4.2bn", "A$4.2bn", false],
  // Scale.
  ["$4.2 million", "$4.2 billion", false],
  ["4.2 million", "4.2 billion", false],
  ["1.2k", "1.2 million", false],
  // A percentage is not a bare number, nor the other way.
  ["8%", "8", false],
  ["8", "8%", false],
  // Years and dates.
  ["2025", "2024", false],
  ["FY2025", "FY2024", false],
  ["2025", "March 3, 2025", true],
  ["March 3, 2025", "March 4, 2025", false],
  ["March 3, 2025", "March 2025", false],
  ["March 2025", "2025-03-03", true],
  ["March 2025", "April 2025", false],
  ["March 3", "March 3, 2025", true],
  // Whole numbers only: never a part of a larger one.
  ["12", "120", false],
  ["12", "2012", false],
  ["12", "1,200", false],
  ["12", "12", true],
  ["1,200", "2,1200", false],
  // Written inside other forms.
  ["$4.2 billion", "a $4.2-billion deal", true],
  ["2024", "3/4/2024", true],
  ["2025", "by mid-2025", true],
  ["2025", "revenue 2025E", true],
  ["$12.5 billion", "12,5 milliards d'euros", true],
  ["5%", "five percent", true],
];

describe("passageHas: near misses and rounding", () => {
  for (const [sentence, passage, found] of PAIRS) {
    it(`${found ? "finds" : "does not find"} ${sentence} in ${passage}`, () => {
      const figures = figuresIn(sentenceWith(sentence));
      expect(figures).toHaveLength(1);
      expect(passageHas(passageWith(passage), figures[0]!)).toBe(found);
    });
  }
});

describe("passageHas: quoted phrases", () => {
  const sentence = "The CEO called it “a defining moment for the industry” in May.";

  it("finds a quote after case, whitespace, quote-mark and edge-punctuation normalization", () => {
    expect(missing(sentence, 'He said: "A defining\n  moment for the INDUSTRY."')).toEqual([]);
    expect(
      missing("Critics saw «cost — and speed» as the issue.", "it is cost – and speed, they say"),
    ).toEqual([]);
  });

  it("does not find a quote with a word changed, or cut mid-word", () => {
    expect(missing(sentence, "a defining moment for the market")).toEqual([
      "“a defining moment for the industry”",
    ]);
    expect(missing("He spoke of “a new era”.", "a new erasure of rights")).toEqual(["“a new era”"]);
  });

  it("reads an ellipsis as words left out, each part in order", () => {
    const quoted = "She said “prices will rise … by next year” today.";
    expect(missing(quoted, "prices will rise sharply, we think, by next year")).toEqual([]);
    expect(missing(quoted, "by next year prices will rise")).toHaveLength(1);
  });

  it("checks a quote's numbers as part of the quote, not one by one", () => {
    const figures = figuresIn("He promised “10 new stores by 2026” last year.");
    expect(figures.map((f) => f.kind)).toEqual(["quote"]);
  });
});

const texts = (sentence: string) => figuresIn(sentence).map((f) => f.text);
const kinds = (sentence: string) => figuresIn(sentence).map((f) => `${f.kind} ${f.text}`);

describe("figuresIn on report sentences", () => {
  it("finds every figure of a sentence, in order, each with its kind", () => {
    expect(
      kinds(
        "The global market was worth $4.2 billion in 2024 and is forecast to grow 10–12% a year until March 2030, reaching 1.2 million users.",
      ),
    ).toEqual([
      "money $4.2 billion",
      "year 2024",
      "percent 10–12%",
      "percent 12%",
      "date March 2030",
      "number 1.2 million",
    ]);
  });

  it("reads both ends of a range with the unit written once", () => {
    const figures = figuresIn("Analysts expect $10–12 billion, or between 5 and 7 percent.");
    expect(figures.map((f: Figure) => [f.kind, f.value, f.currency])).toEqual([
      ["money", 10e9, "USD"],
      ["money", 12e9, "USD"],
      ["percent", 5, undefined],
      ["percent", 7, undefined],
    ]);
  });

  it("leaves product and model names, ordinals and citation markers alone", () => {
    expect(
      texts(
        "Nvidia's H100 runs GPT-4 for B2B and Web3 firms; ISO 9001, COVID-19, the iPhone 15 and Windows 11 ranked 3rd [2].",
      ),
    ).toEqual([]);
    expect(texts("Sales of the iPhone 15 rose 8% in Q3 2025.")).toEqual(["8%", "2025"]);
    expect(texts("In 2025 the 3-year plan cost 3.5 times more.")).toEqual(["2025", "3.5"]);
    expect(
      texts(
        "The S&P 500 rose 24% in the '90s and in 2024–25, trading 24/7 on Python 3.12 at 10:30.",
      ),
    ).toEqual(["24%", "2024"]);
  });

  it("does not take spelled-out small numbers for figures, only before a scale", () => {
    expect(texts("Two firms and three partners agreed.")).toEqual([]);
    expect(texts("It has three million users.")).toEqual(["three million"]);
  });

  it("returns nothing for a sentence without figures, or one in another script", () => {
    expect(figuresIn("The market is crowded and growing fast.")).toEqual([]);
    expect(texts("市场规模在2025年达到12%。")).toEqual(["2025", "12%"]);
  });

  it("lists a figure written twice once", () => {
    expect(texts("Margins rose 8% while costs fell 8%.")).toEqual(["8%"]);
  });
});
