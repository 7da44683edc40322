import { buildExplorePrompt, type ExplorePrompt } from "../../prompts/explore-prompt.ts";
import { refreshContext } from "../refresh/refresh-context.ts";
import type { ExplorePayload, ExplorePlan } from "./explore-plan.ts";
import type { ExploreToolkit } from "./explore-tools.ts";

type Exploring = Extract<ExplorePlan, { action: "explore" }>;

/** The prompts for one planned exploration, rendered from the tools actually registered. */
export function explorePrompt(
  payload: ExplorePayload,
  plan: Exploring,
  toolkit: Pick<ExploreToolkit, "tools" | "promptTools" | "promptSection">,
  /** A deep run's sub-question task in place of the mode's report structure. */
  task?: string,
): ExplorePrompt {
  const { request } = payload;
  const tools = toolkit.promptTools;
  const toolSection = toolkit.promptSection;
  return buildExplorePrompt({
    mode: request.mode,
    idea: request.idea,
    context: request.context,
    tools,
    discoverableTools: Object.keys(toolkit.tools).filter((name) => !(name in tools)),
    priorResearch: plan.priorResearch,
    previousResearch: plan.previous,
    isUpdate: plan.isUpdate,
    // A deep run's sub-questions research as for an update; the refresh shapes the report.
    refresh:
      request.refresh && plan.isUpdate && !task
        ? refreshContext(plan.previous, plan.language)
        : undefined,
    date: plan.date,
    maxSteps: request.maxSteps,
    language: plan.language,
    ...(toolSection ? { toolSection } : {}),
    ...(task ? { task } : {}),
  });
}
