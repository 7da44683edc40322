import { ConfigError } from "../../config/config-error.ts";
import type { ExploreRequest } from "../../config/explore-request.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";

/**
 * A cost limit needs a price to count against: refused before the run (not found out after it
 * ran unbounded) when the model has none.
 */
export function checkCostLimit(request: ExploreRequest, model: ResolvedModel): void {
  if (request.maxCostUsd !== undefined && !model.price) {
    throw new ConfigError(
      `max-cost needs a price for ${model.modelId}; give its dollars per million tokens with --price-in and --price-out (or IDEA_EXPLORER_PRICE_IN and IDEA_EXPLORER_PRICE_OUT)`,
    );
  }
}
