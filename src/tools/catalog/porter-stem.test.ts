import { describe, expect, it } from "vitest";
import { porterStem } from "./porter-stem.ts";

/** Pairs from Porter's paper and the reference vocabulary/output files of his implementation. */
const REFERENCE: [string, string][] = [
  // Step 1a: plurals.
  ["caresses", "caress"],
  ["ponies", "poni"],
  ["ties", "ti"],
  ["caress", "caress"],
  ["cats", "cat"],
  // Step 1b: -ed, -ing, and the repairs after them.
  ["feed", "feed"],
  ["agreed", "agre"],
  ["plastered", "plaster"],
  ["bled", "bled"],
  ["motoring", "motor"],
  ["sing", "sing"],
  ["conflated", "conflat"],
  ["troubled", "troubl"],
  ["sized", "size"],
  ["hopping", "hop"],
  ["tanned", "tan"],
  ["falling", "fall"],
  ["hissing", "hiss"],
  ["fizzed", "fizz"],
  ["failing", "fail"],
  ["filing", "file"],
  // Step 1c.
  ["happy", "happi"],
  ["sky", "sky"],
  // Steps 2 to 5, whole words through every step.
  ["relational", "relat"],
  ["conditional", "condit"],
  ["rational", "ration"],
  ["digitizer", "digit"],
  ["operator", "oper"],
  ["feudalism", "feudal"],
  ["decisiveness", "decis"],
  ["hopefulness", "hope"],
  ["callousness", "callous"],
  ["formality", "formal"],
  ["sensitivity", "sensit"],
  ["triplicate", "triplic"],
  ["formative", "form"],
  ["formalize", "formal"],
  ["electrical", "electr"],
  ["hopeful", "hope"],
  ["goodness", "good"],
  ["revival", "reviv"],
  ["allowance", "allow"],
  ["inference", "infer"],
  ["airliner", "airlin"],
  ["adjustable", "adjust"],
  ["defensible", "defens"],
  ["irritant", "irrit"],
  ["replacement", "replac"],
  ["adjustment", "adjust"],
  ["dependent", "depend"],
  ["adoption", "adopt"],
  ["communism", "commun"],
  ["activate", "activ"],
  ["effective", "effect"],
  ["bowdlerize", "bowdler"],
  ["probate", "probat"],
  ["rate", "rate"],
  ["cease", "ceas"],
  ["controlling", "control"],
  ["roll", "roll"],
  ["generalization", "gener"],
  ["oscillators", "oscil"],
];

describe("porterStem", () => {
  it.each(REFERENCE)("%s → %s", (word, expected) => {
    expect(porterStem(word)).toBe(expected);
  });

  it("conflates a word's inflections and derivations", () => {
    const forms = ["connect", "connected", "connecting", "connection", "connections"];
    expect(new Set(forms.map(porterStem))).toEqual(new Set(["connect"]));
  });

  it("leaves words of one or two letters alone", () => {
    expect(porterStem("is")).toBe("is");
    expect(porterStem("a")).toBe("a");
  });
});
