import type { ResolvedModel } from "../../models/resolve-model.ts";
import { DEFAULT_INTAKE_MAX_COST_USD } from "../../research/issues/intake-workflow.ts";

/**
 * An issue is a request from someone else, paid by the runner: with neither --max-cost nor
 * IDEA_EXPLORER_MAX_COST, each exploration is capped at the workflow's default (2 USD). Only
 * when the model has a price to count against: a local model without one runs uncapped, as
 * before, instead of every run being refused for a cap nobody asked for.
 */
export function withDefaultCostCap<T extends { maxCostUsd?: number }>(
  defaults: T,
  model: ResolvedModel,
): T {
  if (defaults.maxCostUsd !== undefined || !model.price) return defaults;
  return { ...defaults, maxCostUsd: DEFAULT_INTAKE_MAX_COST_USD };
}
