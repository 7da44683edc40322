import type { ResolvedModel } from "../../models/resolve-model.ts";
import type { ModelCheckRecord } from "../checks/model-check-record.ts";
import { judgeClaims } from "../checks/model-judge.ts";
import { claimCheckModel } from "../checks/model-judge-model.ts";
import { citedReport } from "./cited-report.ts";
import { addCosts } from "./deep/deep-budget.ts";
import type { ExplorePayload } from "./explore-plan.ts";
import type { ResearchOutcome } from "./research-outcome.ts";

/**
 * The paid step of `--check-claims model`: the check model judges every citation that rests on a
 * passage, with what is left of the run's cost limit. Its input is derived from the research
 * step's persisted result, so a replay judges the same claims.
 */
export async function checkClaimsWithModel(
  payload: ExplorePayload,
  outcome: ResearchOutcome,
  runModel: ResolvedModel,
  signal?: AbortSignal,
): Promise<ModelCheckRecord | undefined> {
  const model = claimCheckModel(payload.request, runModel);
  if (!model) return undefined;
  const items = citedReport(outcome).checks.flatMap((check) =>
    check.passage === undefined ? [] : [{ sentence: check.sentence, passage: check.passage }],
  );
  const limit = payload.request.maxCostUsd;
  const spent = outcome.cost?.priced ? outcome.cost.usd : 0;
  const judged = await judgeClaims(items, {
    model,
    ...(limit === undefined ? {} : { maxUsd: Math.max(0, limit - spent) }),
    ...(signal ? { signal } : {}),
  });
  return {
    model: model.modelId,
    calls: judged.calls,
    skipped: judged.skipped,
    failed: judged.failed,
    ...(judged.cost ? { cost: judged.cost } : {}),
    usage: {
      inputTokens: judged.usage.inputTokens,
      outputTokens: judged.usage.outputTokens,
      totalTokens: judged.usage.totalTokens,
    },
    verdicts: items.flatMap((item, i) => {
      const verdict = judged.verdicts[i];
      return verdict ? [{ ...item, ...verdict }] : [];
    }),
  };
}

/** The outcome with the model check's verdicts, its cost counted in the run's. */
export function withModelCheck(
  outcome: ResearchOutcome,
  record: ModelCheckRecord | null | undefined,
): ResearchOutcome {
  if (!record) return outcome;
  const cost = addCosts([outcome.cost, record.cost]);
  return { ...outcome, modelCheck: record, ...(cost ? { cost } : {}) };
}
