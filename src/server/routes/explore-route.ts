import type { Context } from "hono";
import { ConfigError } from "../../config/config-error.ts";
import { StoreError } from "../../store/research-reader.ts";
import { ApiError } from "../api-error.ts";
import type { AuthVariables } from "../bearer-auth.ts";
import {
  exploreBodySchema,
  literalPrivateTarget,
  toExploreRequest,
  toWebhookTarget,
} from "../explore-body.ts";
import { jobView } from "../job-view.ts";
import { readJsonObject } from "../read-json-body.ts";
import type { SubmitExplore } from "../service-types.ts";

type Env = { Variables: AuthVariables };

/** POST /api/explore: validate, then hand to the explore use case (which may find a duplicate). */
export function exploreHandler(submit: SubmitExplore, allowPrivateWebhooks: boolean) {
  return async (c: Context<Env>) => {
    const parsed = exploreBodySchema.safeParse(await readJsonObject(c));
    if (!parsed.success) throw ApiError.invalid(parsed.error);
    const body = parsed.data;
    if (!allowPrivateWebhooks && body.webhook_url && literalPrivateTarget(body.webhook_url)) {
      throw new ApiError(
        400,
        "invalid_request",
        "webhook_url: private, loopback and link-local addresses are not allowed",
        {
          details: [
            {
              path: "webhook_url",
              message: "private, loopback and link-local addresses are not allowed",
            },
          ],
        },
      );
    }
    const request = toExploreRequest(body);
    if (!request.success) throw ApiError.invalid(request.error);

    let outcome: Awaited<ReturnType<SubmitExplore>>;
    try {
      outcome = await submit({
        request: request.data,
        webhook: toWebhookTarget(body),
        tokenId: c.get("tokenId"),
      });
    } catch (error) {
      if (error instanceof ConfigError)
        throw new ApiError(400, "invalid_request", firstLine(error));
      if (error instanceof StoreError) {
        throw new ApiError(
          502,
          "store_error",
          `the ideas repository could not be used: ${firstLine(error)}`,
        );
      }
      throw error;
    }
    if (outcome.kind === "existing") return c.json(outcome.body, 200);
    const view = jobView(outcome.job);
    c.header("Location", view.status_url);
    return c.json({ job_id: view.job_id, status: view.status, status_url: view.status_url }, 202);
  };
}

function firstLine(error: Error): string {
  return error.message.split("\n", 1)[0] ?? "";
}
