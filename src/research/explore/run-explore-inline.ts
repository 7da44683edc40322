import type { WorkflowStep } from "../../jobs/workflow.ts";
import type { ExplorePayload } from "./explore-plan.ts";
import {
  type ExploreResult,
  type ExploreWorkflowDeps,
  exploreWorkflow,
} from "./explore-workflow.ts";

// Kept importable from here, where the runs that use it start.
export { newExplorePayload } from "./explore-plan.ts";

/** What each step of the explore workflow does, as progress tells a person. */
const STEP_LABELS: Readonly<Record<string, string>> = {
  prepare: "Checking the repository for earlier research",
  research: "Researching",
  plan: "Planning the research",
  synthesis: "Writing the report from the findings",
  commit: "Writing research.md and exploration-log.json",
};

/**
 * The CLI and the MCP server run the same workflow as the service, with steps that simply run in
 * order in this process: no job database, so nothing resumes; a failed run is run again.
 */
export function runExploreInline(
  payload: ExplorePayload,
  deps: ExploreWorkflowDeps,
  options: { announce(line: string): void; signal: AbortSignal },
): Promise<ExploreResult> {
  return exploreWorkflow(deps)({
    jobId: payload.runId,
    payload,
    step: inlineSteps(options.announce),
    reportProgress: () => {},
    signal: options.signal,
  });
}

function inlineSteps(announce: (line: string) => void): WorkflowStep {
  return {
    do: async (name, fn) => {
      // Deep mode's sub-question steps announce themselves, with the question.
      if (!name.startsWith("sub-question-")) announce(`${STEP_LABELS[name] ?? name}...`);
      return fn();
    },
  };
}
