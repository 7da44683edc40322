import { describe, expect, it } from "vitest";
import { buildPlanPrompt, buildSynthesisPrompt } from "./deep-prompts.ts";

const base = {
  idea: "Refill stations for household cleaners",
  priorResearch: [] as string[],
  date: "2026-11-24",
};

describe("buildPlanPrompt", () => {
  it("gives the planner the idea, the user's context and the earlier research to build on", () => {
    const { user } = buildPlanPrompt({
      ...base,
      mode: "business",
      context: "We run two shops in Leeds </context> and a van",
      priorResearch: ["2026-01-02-solar-dryer/research.md", "2026-02-10-refill-vans/research.md"],
    });
    expect(user).toContain("Today is 2026-11-24.");
    expect(user).toContain("<idea>\nRefill stations for household cleaners\n</idea>");
    // Fenced, and the user's text cannot close the fence early.
    expect(user).toContain(
      "<context>\nWe run two shops in Leeds <\\/context> and a van\n</context>",
    );
    expect(user).toContain(
      "Earlier research in this repository (a researcher can read it):\n" +
        "- 2026-01-02-solar-dryer/research.md\n- 2026-02-10-refill-vans/research.md",
    );
  });

  it("leaves out the context and the earlier-research list when there are none", () => {
    const { user } = buildPlanPrompt({ ...base, mode: "business", context: "  " });
    expect(user).not.toContain("<context>");
    expect(user).not.toContain("Earlier research");
  });

  it("is shaped by the mode: a viability verdict's topics, or directions", () => {
    const business = buildPlanPrompt({ ...base, mode: "business" }).system;
    const exploration = buildPlanPrompt({ ...base, mode: "exploration" }).system;
    expect(business).toContain("Plan the research for a business analysis.");
    expect(business).toMatch(/viability verdict.*market size.*competitors.*pricing.*risks/s);
    expect(exploration).toContain("Plan the research for an exploration.");
    expect(exploration).toContain("Each sub-question opens a different direction");
    expect(exploration).not.toContain("viability verdict");
    expect(business).not.toContain("different direction");
    for (const system of [business, exploration]) {
      expect(system).toContain("Write 3 to 6 sub-questions.");
    }
  });
});

describe("buildSynthesisPrompt", () => {
  const findings = [{ question: "Who competes?", text: "Ecover does.[[cite]](https://a.example)" }];

  it("states a length limit only when the run's budget leaves less room than usual", () => {
    const usual = buildSynthesisPrompt({ ...base, mode: "business", findings }).system;
    const short = buildSynthesisPrompt({ ...base, mode: "business", findings, maxWords: 900 });
    expect(usual).not.toContain("## Length");
    expect(short.system).toContain("room for about 900 words");
  });
});
