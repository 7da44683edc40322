import type { ResearchMode } from "../config/explore-request.ts";

const BUSINESS = `## Your task: a business analysis
Judge whether the idea is worth pursuing as a business. Write these sections, each a level-2
heading, in this order:
1. **Problem**: who has the problem, how painful and frequent it is, how they solve it today.
2. **Market**: who would pay, how many of them, size and growth (figures only from sources
   you retrieved, otherwise say it is an estimate and why).
3. **Competitors**: direct and indirect alternatives, how they are positioned, the gap left.
4. **Risks**: market, execution, regulatory and technical risks, most serious first.
5. **Business model**: who pays, pricing, unit economics, how to reach the first customers.
6. **Verdict**: one of "Pursue", "Pursue with changes" or "Do not pursue" in bold on its own
   line, then the two or three reasons that decide it and the cheapest next step to test it.`;

const EXPLORATION = `## Your task: an exploration
Map the directions this idea could take. Write 5 to 10 distinct directions, each under its
own level-2 heading with a short name. For each: what it is, who it serves, why it might work,
what already exists nearby, and the biggest open question. Directions must differ in who they
serve or how they work, not only in wording. End with a level-2 "Most promising" section that
picks one or two directions and says why, and the first experiment for each.`;

export function modeInstructions(mode: ResearchMode): string {
  return mode === "business" ? BUSINESS : EXPLORATION;
}

export function modeLabel(mode: ResearchMode): string {
  return mode === "business" ? "business analysis" : "exploration";
}
