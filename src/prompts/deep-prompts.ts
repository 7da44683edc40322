import type { ResearchMode } from "../config/explore-request.ts";
import { fenced, OUTPUT_RULES, sections } from "./explore-prompt.ts";
import { modeInstructions, modeLabel } from "./mode-instructions.ts";
import { languageInstructions } from "./report-language.ts";

export const MIN_SUB_QUESTIONS = 3;
export const MAX_SUB_QUESTIONS = 6;

/** What the plan's sub-questions should cover, per mode: the report's sections, to be researched. */
const PLAN_FOCUS: Record<ResearchMode, string> = {
  business:
    "Cover what a viability verdict rests on: the problem and who has it, market size and " +
    "growth, competitors and alternatives, pricing and business model, and the main risks.",
  exploration:
    "Each sub-question opens a different direction the idea could take: different users, " +
    "different ways it could work, adjacent markets, what already exists nearby.",
};

export interface PlanPromptInput {
  mode: ResearchMode;
  idea: string;
  context?: string | undefined;
  /** Earlier research in the repository ("<folder>/research.md"), so the plan can build on it. */
  priorResearch: readonly string[];
  date: string;
}

/** The planning call: sub-questions only, no research yet. */
export function buildPlanPrompt(input: PlanPromptInput): { system: string; user: string } {
  const system = sections(
    "You are a research lead. You split the research of a product or business idea into " +
      "independent sub-questions that researchers with web search will answer in parallel.",
    `Plan the research for ${input.mode === "business" ? "a" : "an"} ${modeLabel(input.mode)}. ${PLAN_FOCUS[input.mode]}`,
    `Write ${MIN_SUB_QUESTIONS} to ${MAX_SUB_QUESTIONS} sub-questions. Each one stands alone ` +
      "(a researcher sees only it and the idea), is answerable from web pages, and does not " +
      "overlap the others. Give each a one-sentence reason: what the final report needs from it.",
    'Answer with JSON only: {"subQuestions": [{"question": "...", "reason": "..."}]}',
  );
  const user = sections(
    `Today is ${input.date}.`,
    fenced("idea", input.idea),
    input.context?.trim() ? fenced("context", input.context) : "",
    input.priorResearch.length
      ? `Earlier research in this repository (a researcher can read it):\n${input.priorResearch.map((p) => `- ${p}`).join("\n")}`
      : "",
  );
  return { system, user };
}

/** A sub-question run's task, in place of the mode's report structure. */
export function subQuestionTask(question: string, reason: string): string {
  return `## Your task: one sub-question of a larger research
Research only this sub-question of the idea; other researchers cover the rest, and a lead
writes the final report from everyone's findings.

Sub-question: ${question}
Why it matters: ${reason}

Write your findings as a short Markdown report starting with a level-1 heading that names the
sub-question: the facts you found with their figures, named companies and dates, each cited,
and what stays uncertain. No verdict on the whole idea.`;
}

export interface SynthesisFinding {
  question: string;
  /** The finding with its citations as placeholders "[[cite]](url)"; absent when not covered. */
  text?: string;
  /** Why the sub-question was not covered. */
  notCovered?: string;
}

export interface SynthesisPromptInput {
  mode: ResearchMode;
  idea: string;
  context?: string | undefined;
  date: string;
  findings: readonly SynthesisFinding[];
  /** The report's length limit, when the run's budget leaves less room than usual. */
  maxWords?: number | undefined;
  /** The report's language (a BCP 47 primary code): the prompt asks for it by name. */
  language?: string | undefined;
}

/** The synthesis call: the report in the mode's structure, from the findings alone (no tools). */
export function buildSynthesisPrompt(input: SynthesisPromptInput): {
  system: string;
  user: string;
} {
  const system = sections(
    "You are a rigorous research analyst. Researchers answered sub-questions about an idea; " +
      "you write the final report from their findings only, without new research.",
    modeInstructions(input.mode),
    "## Sources and citations\n" +
      "The findings cite their pages as [[cite]](url) right after the claim. Keep that exact " +
      "form, right after each claim you take over, with the same URL. Never cite a URL that " +
      "is not in the findings. Do not number citations and do not write a Sources section: " +
      "they are numbered and listed automatically. Where a sub-question was not covered, say " +
      "so in the section it belongs to instead of guessing.",
    OUTPUT_RULES,
    input.language ? languageInstructions(input.language, input.mode) : "",
    input.maxWords
      ? `## Length\nThe run's budget leaves room for about ${input.maxWords} words: keep the report within them (anything longer is cut off).`
      : "",
  );
  const findings = input.findings.map((finding, i) =>
    fenced(
      `finding-${i + 1}`,
      `Sub-question: ${finding.question}\n\n${finding.text ?? `Not covered: ${finding.notCovered ?? "no findings"}.`}`,
    ),
  );
  const user = sections(
    `Today is ${input.date}. Write the ${modeLabel(input.mode)} for this idea.`,
    fenced("idea", input.idea),
    input.context?.trim() ? fenced("context", input.context) : "",
    ...findings,
  );
  return { system, user };
}
