import type { Context } from "hono";
import type { JobBackend } from "../../jobs/job-backend.ts";
import { explorationToRefresh } from "../../research/library/exploration-to-refresh.ts";
import { checkFolderName } from "../../research/library/folder-name.ts";
import { StoreError } from "../../store/research-reader.ts";
import type { ResearchSnapshot } from "../../store/research-store.ts";
import { ApiError } from "../api-error.ts";
import type { AuthVariables } from "../bearer-auth.ts";
import { toWebhookTarget } from "../explore-body.ts";
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from "../idempotency-key.ts";
import { readJsonObject } from "../read-json-body.ts";
import { limitFields, refreshOneBodySchema, refreshStaleBodySchema } from "../refresh-body.ts";
import { submitRefreshes } from "../refresh-submissions.ts";
import type { FindStale, SubmitExplore } from "../service-types.ts";
import { acceptedJob, answerSubmission, checkWebhookTarget, submitted } from "./explore-route.ts";

type Env = { Variables: AuthVariables };

export interface RefreshRouteDeps {
  jobs: JobBackend;
  submit: SubmitExplore;
  allowPrivateWebhooks: boolean;
  now: () => Date;
}

/**
 * POST /api/explorations/{folder}/refresh: one exploration re-researched for what changed, as an
 * explore job (202), whatever its age; the job already refreshing or exploring its idea (200); 404
 * when the folder holds no exploration this product can refresh. The body is optional.
 */
export function refreshOneHandler(ideas: ResearchSnapshot | undefined, deps: RefreshRouteDeps) {
  return async (c: Context<Env>) => {
    const name = checkFolderName(c.req.param("folder") ?? "");
    if (!name.ok) {
      throw new ApiError(400, "invalid_folder", name.message, {
        details: [{ path: "folder", message: name.message.replace(/^folder: /, "") }],
      });
    }
    const parsed = refreshOneBodySchema.safeParse(await readOptionalJsonObject(c));
    if (!parsed.success) throw ApiError.invalid(parsed.error);
    const body = parsed.data;
    checkWebhookTarget(body.webhook_url, deps.allowPrivateWebhooks);
    // The key covers the folder too: the same body for another exploration is another request.
    const idempotency = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER), {
      folder: name.folder,
      ...body,
    });
    const tokenId = c.get("tokenId");
    const replay = idempotency && (await deps.jobs.replayIdempotent(tokenId, idempotency));
    if (replay) return answerSubmission(c, replay);

    const exploration = await readQuietly(() =>
      explorationToRefresh(configured(ideas), { folder: name.folder }, deps.now()),
    );
    if (!exploration) {
      throw new ApiError(
        404,
        "exploration_not_found",
        `no exploration to refresh in ideas/${name.folder} (a research.md with its idea and mode)`,
      );
    }
    const context = { webhook: toWebhookTarget(body), tokenId, idempotency };
    const [submission] = await submitted(() =>
      submitRefreshes(deps.submit, [exploration], limitFields(body), context),
    );
    return answerSubmission(c, submission!.outcome);
  };
}

/**
 * POST /api/refresh: the stale explorations (older than older_than_days, filtered, stalest first,
 * at most limit), each refreshed as its own explore job: 202 { jobs }, or 200 { jobs: [] } when
 * none is stale. Repeating it is safe without a key: an exploration being refreshed answers with
 * its job, and one refreshed since is no longer stale.
 */
export function refreshStaleHandler(findStale: FindStale | undefined, deps: RefreshRouteDeps) {
  return async (c: Context<Env>) => {
    const parsed = refreshStaleBodySchema.safeParse(await readOptionalJsonObject(c));
    if (!parsed.success) throw ApiError.invalid(parsed.error);
    const body = parsed.data;
    checkWebhookTarget(body.webhook_url, deps.allowPrivateWebhooks);
    if (!findStale) {
      throw new ApiError(503, "not_configured", "this server has no ideas repository to refresh");
    }
    const stale = await readQuietly(() =>
      findStale({
        olderThanDays: body.older_than_days,
        now: deps.now(),
        limit: body.limit,
        ...(body.mode ? { mode: body.mode } : {}),
        ...(body.verdict ? { verdict: body.verdict } : {}),
        ...(body.query ? { query: body.query } : {}),
      }),
    );
    const context = { webhook: toWebhookTarget(body), tokenId: c.get("tokenId") };
    const submissions = await submitted(() =>
      submitRefreshes(deps.submit, stale, limitFields(body), context),
    );
    const jobs = submissions.map(({ exploration, outcome }) => ({
      folder: exploration.folder,
      last_researched: exploration.lastResearched,
      age_days: exploration.ageDays,
      // A refresh is an update: the use case never answers "already explored" for it.
      ...acceptedJob(outcome as Exclude<typeof outcome, { kind: "existing" }>),
    }));
    return c.json({ jobs }, jobs.length ? 202 : 200);
  };
}

/**
 * An empty body is an empty object (a refresh needs nothing but its exploration), but the JSON
 * content type is required all the same: a POST without it is one another site's page can send
 * without a CORS preflight, and this one starts a paid run.
 */
async function readOptionalJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (/^application\/json\s*(;|$)/i.test(type.trim()) && (await c.req.text()).trim() === "") {
    return {};
  }
  return readJsonObject(c);
}

function configured(ideas: ResearchSnapshot | undefined): ResearchSnapshot {
  if (!ideas) {
    throw new ApiError(503, "not_configured", "this server has no ideas repository to refresh");
  }
  return ideas;
}

async function readQuietly<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    const line = error.message.split("\n", 1)[0] ?? "";
    throw new ApiError(502, "store_error", `the ideas repository could not be read: ${line}`);
  }
}
