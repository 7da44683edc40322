import { ConfigError } from "../../config/config-error.ts";
import type { ExploreRequest } from "../../config/explore-request.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";

/**
 * The model that judges a run's claims, or undefined when the run did not ask for the model
 * check. Called in the preflight, so a check model that cannot be used (an unknown alias, no
 * price under a cost limit) stops the run in one line before anything is paid, and again where
 * the judging runs. A model built outside resolveModel (a test's stand-in) judges as itself.
 */
export function claimCheckModel(
  request: Pick<ExploreRequest, "checkClaims" | "checkModel" | "maxCostUsd">,
  run: ResolvedModel,
): ResolvedModel | undefined {
  if (request.checkClaims !== "model") return undefined;
  let check: ResolvedModel;
  try {
    check = run.checkModel ? run.checkModel(request.checkModel) : run;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new ConfigError(`check model: ${error.message}`);
  }
  // The run's own price may be the user's (--price-in), which says nothing of another model.
  if (request.maxCostUsd !== undefined && !check.price && check !== run) {
    throw new ConfigError(
      `max-cost needs a price for the check model ${check.modelId}; choose a priced check model, or run without the cost limit`,
    );
  }
  return check;
}
