import type { RecordedRequest } from "../fakes/anthropic-server.ts";

/**
 * Tells apart the requests of a deep research run at the fake Messages API by their system
 * prompt (src/prompts/deep-prompts.ts): the plan, the sub-question runs and the synthesis.
 */
export function deepRequests(questions: readonly string[]) {
  const systemOf = (r: RecordedRequest) =>
    typeof r.body.system === "string"
      ? r.body.system
      : (r.body.system ?? []).map((b) => b.text).join("\n");
  return {
    /** The plan's answer, as the model gives it (JSON of the plan schema). */
    plan: JSON.stringify({
      subQuestions: questions.map((question) => ({ question, reason: "the report needs it" })),
    }),
    isPlan: (r: RecordedRequest) => systemOf(r).includes("You are a research lead"),
    isSynthesis: (r: RecordedRequest) => systemOf(r).includes("you write the final report"),
    /** The 1-based sub-question a request researches, or 0. */
    subQuestionOf: (r: RecordedRequest) =>
      questions.findIndex((q) => systemOf(r).includes(`Sub-question: ${q}`)) + 1,
  };
}
