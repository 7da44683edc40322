import type { ToolSet } from "ai";
import { buildExplorePrompt, type ExplorePrompt } from "../../prompts/explore-prompt.ts";
import type { ExplorePayload, ExplorePlan } from "./explore-plan.ts";

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

/** The prompts for one planned exploration, rendered from the tools actually registered. */
export function explorePrompt(
  payload: ExplorePayload,
  plan: Exploring,
  tools: ToolSet,
  toolSection?: string,
): ExplorePrompt {
  const { request } = payload;
  return buildExplorePrompt({
    mode: request.mode,
    idea: request.idea,
    context: request.context,
    tools,
    priorResearch: plan.priorResearch.map((p) => p),
    previousResearch: plan.previous
      ? { path: plan.previous.path.replace(/^ideas\//, ""), content: plan.previous.content }
      : undefined,
    isUpdate: plan.isUpdate,
    date: plan.date,
    maxSteps: request.maxSteps,
    ...(toolSection ? { toolSection } : {}),
  });
}
