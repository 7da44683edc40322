import { describe, expect, it } from "vitest";
import { buildSynthesisPrompt } from "./deep-prompts.ts";
import { buildExplorePrompt } from "./explore-prompt.ts";

const base = {
  idea: "Eine App für Bäckereien",
  tools: ["web_search"],
  priorResearch: [],
  date: "2026-01-05",
} as const;

describe("the prompt's language section", () => {
  it("asks for the whole report in the language by name, with the verdict words it reads back", () => {
    const { system } = buildExplorePrompt({ ...base, mode: "business", language: "de" });
    expect(system).toContain("## Language\nWrite the whole report in German");
    expect(system).toContain('"Urteil"');
    expect(system).toContain('"Verfolgen", "Mit Änderungen verfolgen" or "Nicht verfolgen"');
  });

  it("names an exploration's closing section in the language", () => {
    const { system } = buildExplorePrompt({ ...base, mode: "exploration", language: "ja" });
    expect(system).toContain("Write the whole report in Japanese");
    expect(system).toContain('"最も有望な方向"');
  });

  it("asks for English for a German idea when the request says en", () => {
    const { system } = buildExplorePrompt({ ...base, mode: "business", language: "en" });
    expect(system).toContain("Write the whole report in English, whatever language the idea");
    expect(system).not.toContain("Urteil");
  });

  it("names a language without its own headings too (Italian)", () => {
    const { system } = buildExplorePrompt({ ...base, mode: "business", language: "it" });
    expect(system).toContain("Write the whole report in Italian");
  });

  it("is left out without a language (plans persisted before languages existed)", () => {
    expect(buildExplorePrompt({ ...base, mode: "business" }).system).not.toContain("## Language");
  });

  it("reaches deep research's synthesis", () => {
    const { system } = buildSynthesisPrompt({
      mode: "business",
      idea: base.idea,
      date: base.date,
      findings: [],
      language: "fr",
    });
    expect(system).toContain("Write the whole report in French");
    expect(system).toContain('"Ne pas poursuivre"');
  });
});
