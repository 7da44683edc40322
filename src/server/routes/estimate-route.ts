import type { Context } from "hono";
import { ConfigError } from "../../config/config-error.ts";
import type { ExploreRequest } from "../../config/explore-request.ts";
import type { CostEstimate } from "../../research/explore/cost-estimate.ts";
import { ApiError } from "../api-error.ts";
import type { AuthVariables } from "../bearer-auth.ts";
import { exploreBodySchema, toExploreRequest } from "../explore-body.ts";
import { readJsonObject } from "../read-json-body.ts";

type Env = { Variables: AuthVariables };

/**
 * What a request may cost, from the model's price and the request's limits. Throws ConfigError
 * when the request's model cannot be resolved (answered 400, as a job would fail).
 */
export type EstimateExplore = (request: ExploreRequest) => CostEstimate;

export const ESTIMATE_PATH = "/api/explore/estimate";

/**
 * POST /api/explore/estimate: the body of POST /api/explore, validated the same way, answered
 * with `{ estimate }` before anything is paid for: no job is queued and no model is called.
 */
export function estimateHandler(estimate: EstimateExplore | undefined) {
  return async (c: Context<Env>) => {
    const parsed = exploreBodySchema.safeParse(await readJsonObject(c));
    if (!parsed.success) throw ApiError.invalid(parsed.error);
    const request = toExploreRequest(parsed.data);
    if (!request.success) throw ApiError.invalid(request.error);
    if (!estimate) {
      throw new ApiError(503, "not_configured", "this server was started without cost estimates");
    }
    try {
      return c.json({ estimate: estimate(request.data) }, 200);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      throw new ApiError(400, "invalid_request", error.message.split("\n", 1)[0] ?? "");
    }
  };
}
