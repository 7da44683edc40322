import type { Json, WorkflowContext, WorkflowStep } from "../../jobs/workflow.ts";
import type { RunCost } from "../../models/pricing.ts";
import {
  SPAN_ATTRIBUTES as A,
  inSpan,
  type SpanAttributes,
  tracesContent,
} from "../../telemetry/spans.ts";
import { fingerprintIdea } from "../idea-identity.ts";
import type { ExplorePayload } from "./explore-plan.ts";

/** What the exploration's span records of its result (an ExploreResult has all of it). */
type TracedResult = {
  status: string;
  folder: string;
  stats?: { stoppedBy: string; steps: number; cost?: RunCost } | undefined;
};

/**
 * An exploration as one span, `explore`, around everything it does; each workflow step inside it
 * is a span `step <name>` (the model and tool spans of the AI SDK nest in those). The job id, the
 * idea's fingerprint and the mode are on every one of them; the cost on the exploration and on
 * the steps that paid. The idea's text (and the folder named after it) only when content may be
 * recorded.
 */
export function traceExploration<Result extends TracedResult>(
  context: WorkflowContext<ExplorePayload>,
  explore: (context: WorkflowContext<ExplorePayload>) => Promise<Result>,
): Promise<Result> {
  const { request } = context.payload;
  return inSpan(
    "explore",
    {
      inherited: {
        [A.jobId]: context.jobId,
        [A.fingerprint]: fingerprintIdea(request.idea),
        [A.mode]: request.mode,
      },
      attributes: {
        [A.depth]: request.depth ?? "quick",
        [A.model]: request.model,
        [A.idea]: tracesContent() ? request.idea : undefined,
      },
    },
    async (span) => {
      const result = await explore({ ...context, step: tracedSteps(context.step) });
      span.setAttributes({
        [A.status]: result.status,
        // The folder's name is the idea, slugged: content too.
        [A.folder]: tracesContent() ? result.folder : undefined,
        [A.stoppedBy]: result.stats?.stoppedBy,
        [A.steps]: result.stats?.steps,
        ...costAttributes(result.stats?.cost),
      });
      return result;
    },
  );
}

function tracedSteps(step: WorkflowStep): WorkflowStep {
  return {
    do: <T extends Json>(name: string, fn: () => Promise<T>) =>
      inSpan(`step ${name}`, { attributes: { [A.stepName]: name } }, async (span) => {
        const output = await step.do(name, fn);
        span.setAttributes(costAttributes(costIn(output)));
        return output;
      }),
  };
}

/** The cost a step's output reports (the research step's agent outcome), if any. */
function costIn(output: Json): RunCost | undefined {
  if (output === null || typeof output !== "object" || Array.isArray(output)) return undefined;
  const cost = output.cost;
  if (cost === null || typeof cost !== "object" || Array.isArray(cost)) return undefined;
  return typeof cost.priced === "boolean" ? (cost as unknown as RunCost) : undefined;
}

function costAttributes(cost: RunCost | undefined): SpanAttributes {
  if (!cost) return {};
  return { [A.costPriced]: cost.priced, [A.costUsd]: cost.priced ? cost.usd : undefined };
}
