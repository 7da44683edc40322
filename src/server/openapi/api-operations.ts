import { z } from "zod";
import { exploreBodySchema } from "../explore-body.ts";
import { GITHUB_WEBHOOK_PATH } from "../github-webhook/github-webhook-route.ts";
import { refreshOneBodySchema, refreshStaleBodySchema } from "../refresh-body.ts";
import {
  explorationDetailSchema,
  explorationListSchema,
  explorationsQuerySchema,
} from "../routes/exploration-schemas.ts";
import { listQuerySchema, researchQuerySchema } from "../routes/job-schemas.ts";
import {
  alreadyExploredSchema,
  costEstimateAnswerSchema,
  errorEnvelopeSchema,
  githubDeliveryAnswerSchema,
  healthSchema,
  jobAcceptedSchema,
  jobListSchema,
  jobSchema,
  refreshJobsSchema,
} from "./api-schemas.ts";

export const OPENAPI_PATH = "/api/openapi.json";

export type Content = "json" | "markdown" | "sse";
export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  content?: Content;
  headers?: Record<string, string>;
}
export interface Operation {
  method: "get" | "post";
  /** As OpenAPI writes it: /api/jobs/{id}. */
  path: string;
  summary: string;
  /** Needs the bearer token (when the server has tokens). */
  auth: boolean;
  pathParams?: Record<string, string>;
  query?: z.ZodObject;
  headers?: { name: string; description: string; schema: object }[];
  body?: z.ZodType;
  responses: Record<string, ResponseSpec>;
}

export const error = (description: string): ResponseSpec => ({
  description,
  schema: errorEnvelopeSchema,
});
const STRING = { type: "string" };
const JOB_ID = { id: "The job_id POST /api/explore answered." };
const UNAUTHORIZED = error("No token, or not a valid one (unauthorized).");
const NO_JOB = error("No such job (job_not_found).");
const INVALID_QUERY = error(
  "A query parameter is not valid (invalid_query), one detail per field.",
);
const STORE = error("The ideas repository could not be read (store_error).");
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  description: "1–200 printable characters: a retry with the same key gets the same job.",
  schema: { type: "string", minLength: 1, maxLength: 200 },
};

/**
 * Every route of the API. The tests compare this list with the routes the app registers, both
 * ways, so a route added without being described here (or described but gone) fails them.
 */
export const OPERATIONS: readonly Operation[] = [
  {
    method: "post",
    path: "/api/explore",
    summary: "Explore an idea: queue a job (202), or answer the job or research it already has.",
    auth: true,
    body: exploreBodySchema,
    headers: [IDEMPOTENCY_KEY],
    responses: {
      "202": {
        description: "Stored and read back; poll status_url.",
        schema: jobAcceptedSchema,
        headers: { Location: "The job's status_url." },
      },
      "200": {
        description:
          "The idea is already explored (AlreadyExplored), queued or running (duplicate_of_job), " +
          "or this is a retry of an Idempotency-Key (idempotent_replay).",
        schema: z.union([alreadyExploredSchema, jobAcceptedSchema]),
      },
      "400": error("The body is not valid (invalid_request, invalid_json), one detail per field."),
      "401": UNAUTHORIZED,
      "413": error("The body is larger than the limit (payload_too_large)."),
      "422": error("The Idempotency-Key was used with another request (idempotency_key_reused)."),
      "429": error("Too many submissions (rate_limited); see Retry-After."),
      "502": error("The ideas repository could not be used (store_error)."),
      "503": error("The job database cannot store the job (storage_unavailable)."),
    },
  },
  {
    method: "post",
    path: "/api/explore/estimate",
    summary:
      "What POST /api/explore with this body may cost, before paying: no job, no model call.",
    auth: true,
    body: exploreBodySchema,
    responses: {
      "200": {
        description: "The most the run can cost under its limits and a typical range.",
        schema: costEstimateAnswerSchema,
      },
      "400": error(
        "The body is not valid (invalid_request, invalid_json), one detail per field, or its model cannot be used.",
      ),
      "401": UNAUTHORIZED,
      "413": error("The body is larger than the limit (payload_too_large)."),
      "503": error("The server has no model configuration to price with (not_configured)."),
    },
  },
  {
    method: "get",
    path: "/api/jobs",
    summary: "Jobs, newest first, cursor-paged.",
    auth: true,
    query: listQuerySchema,
    responses: {
      "200": { description: "A page of jobs.", schema: jobListSchema },
      "400": INVALID_QUERY,
      "401": UNAUTHORIZED,
    },
  },
  {
    method: "get",
    path: "/api/jobs/{id}",
    summary: "A job: status, current step, progress, result or error.",
    auth: true,
    pathParams: JOB_ID,
    responses: {
      "200": { description: "The job.", schema: jobSchema },
      "401": UNAUTHORIZED,
      "404": NO_JOB,
    },
  },
  {
    method: "get",
    path: "/api/jobs/{id}/events",
    summary: "Server-Sent Events: `progress` events (ProgressEvent), then one `result` (Job).",
    auth: true,
    pathParams: JOB_ID,
    responses: {
      "200": {
        description:
          "event: progress, data: a ProgressEvent, as the job runs; event: result, data: the Job, " +
          "once it has finished (at once for a finished job). Comments keep an idle stream open.",
        content: "sse",
      },
      "401": UNAUTHORIZED,
      "404": NO_JOB,
    },
  },
  {
    method: "get",
    path: "/api/jobs/{id}/research",
    summary: "A completed job's research.md, or sanitized HTML with ?format=html.",
    auth: true,
    pathParams: JOB_ID,
    query: researchQuerySchema,
    responses: {
      "200": { description: "The research (text/markdown, or text/html).", content: "markdown" },
      "400": INVALID_QUERY,
      "401": UNAUTHORIZED,
      "404": error("No such job (job_not_found), or it has no research file (research_not_found)."),
      "409": error("The job has not completed (job_not_completed)."),
    },
  },
  {
    method: "post",
    path: "/api/jobs/{id}/cancel",
    summary: "Cancel a queued or running job: nothing is committed, the webhook says cancelled.",
    auth: true,
    pathParams: JOB_ID,
    responses: {
      "200": { description: "The job, cancelled (a queued one at once).", schema: jobSchema },
      "202": {
        description: "The job, running while its work is stopped; its stream shows the end.",
        schema: jobSchema,
      },
      "401": UNAUTHORIZED,
      "404": NO_JOB,
      "409": error("The job finished otherwise (job_finished)."),
    },
  },
  {
    method: "post",
    path: "/api/jobs/{id}/retry",
    summary: "Retry a failed or cancelled job: a new job that reuses its finished steps.",
    auth: true,
    pathParams: JOB_ID,
    responses: {
      "202": {
        description: "The new job (retry_of names the old one).",
        schema: jobAcceptedSchema,
        headers: { Location: "The new job's status_url." },
      },
      "200": {
        description: "The idea is queued or running again already: that job (duplicate_of_job).",
        schema: jobAcceptedSchema,
      },
      "401": UNAUTHORIZED,
      "404": NO_JOB,
      "409": error("The job has not failed (job_not_failed)."),
      "429": error("Too many submissions (rate_limited); see Retry-After."),
    },
  },
  {
    method: "get",
    path: "/api/explorations",
    summary:
      "Every exploration in the ideas repository, newest first, or searched with q (ranked as " +
      "search_research ranks), cursor-paged.",
    auth: true,
    query: explorationsQuerySchema,
    responses: {
      "200": {
        description:
          "A page. It may hold fewer than limit explorations while next_cursor is not null " +
          "(a page looks at 200 folders at most): keep going until it is null.",
        schema: explorationListSchema,
      },
      "400": error(
        "A parameter is not valid, q has no searchable words, or the cursor was not issued for " +
          "this q and mode (invalid_query).",
      ),
      "401": UNAUTHORIZED,
      "502": STORE,
    },
  },
  {
    method: "get",
    path: "/api/explorations/{folder}",
    summary: "One exploration: the document (Markdown and sanitized HTML), sources, log summary.",
    auth: true,
    pathParams: {
      folder:
        "Its folder directly under ideas/, e.g. 2026-11-24-solar-dryer (letters, digits, '_', " +
        "'.', '-'); anything that could leave ideas/ is refused before anything is read.",
    },
    responses: {
      "200": { description: "The exploration.", schema: explorationDetailSchema },
      "400": error("The folder name is not one folder under ideas/ (invalid_folder)."),
      "401": UNAUTHORIZED,
      "404": error("The folder holds no research.md (exploration_not_found)."),
      "502": STORE,
    },
  },
  {
    method: "post",
    path: "/api/explorations/{folder}/refresh",
    summary:
      "Refresh one exploration, whatever its age: an explore job (202) that re-researches its " +
      "idea and appends an update starting with What changed. The body (limits, webhook) is optional.",
    auth: true,
    pathParams: {
      folder: "Its folder directly under ideas/, as GET /api/explorations/{folder} takes it.",
    },
    body: refreshOneBodySchema,
    headers: [IDEMPOTENCY_KEY],
    responses: {
      "202": {
        description: "Stored and read back; poll status_url.",
        schema: jobAcceptedSchema,
        headers: { Location: "The job's status_url." },
      },
      "200": {
        description:
          "The idea is queued or running already (duplicate_of_job), or this is a retry of an " +
          "Idempotency-Key (idempotent_replay).",
        schema: jobAcceptedSchema,
      },
      "400": error("The folder name or the body is not valid (invalid_folder, invalid_request)."),
      "401": UNAUTHORIZED,
      "404": error(
        "The folder holds no research.md with the idea and mode a refresh re-asks (exploration_not_found).",
      ),
      "413": error("The body is larger than the limit (payload_too_large)."),
      "422": error("The Idempotency-Key was used with another request (idempotency_key_reused)."),
      "429": error("Too many submissions (rate_limited); see Retry-After."),
      "502": STORE,
      "503": error("The job database cannot store the job (storage_unavailable)."),
    },
  },
  {
    method: "post",
    path: "/api/refresh",
    summary:
      "Refresh the stale explorations: those last researched more than older_than_days ago " +
      "(filtered by mode, verdict, query), stalest first, at most limit, one explore job each.",
    auth: true,
    body: refreshStaleBodySchema,
    responses: {
      "202": { description: "One job per exploration chosen.", schema: refreshJobsSchema },
      "200": { description: "Nothing is stale: { jobs: [] }.", schema: refreshJobsSchema },
      "400": error("The body is not valid (invalid_request, invalid_json), one detail per field."),
      "401": UNAUTHORIZED,
      "413": error("The body is larger than the limit (payload_too_large)."),
      "429": error("Too many submissions (rate_limited); see Retry-After."),
      "502": STORE,
      "503": error(
        "The server has no ideas repository (not_configured), or the job database cannot store the jobs (storage_unavailable).",
      ),
    },
  },
  {
    method: "post",
    path: GITHUB_WEBHOOK_PATH,
    summary:
      "GitHub webhook (issues, ping): an issue given the intake label becomes an explore job. " +
      "No API token: the X-Hub-Signature-256 over the raw body, with GITHUB_WEBHOOK_SECRET, is " +
      "checked before anything else.",
    auth: false,
    body: z.looseObject({}).describe("GitHub's event payload, as GitHub sends it."),
    headers: [
      { name: "X-Hub-Signature-256", description: "sha256=<HMAC of the body>", schema: STRING },
      { name: "X-GitHub-Event", description: '"issues" or "ping"', schema: STRING },
      {
        name: "X-GitHub-Delivery",
        description: "The delivery id (a redelivery's is the same).",
        schema: STRING,
      },
    ],
    responses: {
      "202": { description: "A job was queued for the issue.", schema: githubDeliveryAnswerSchema },
      "200": {
        description: "Nothing new queued: a redelivery, an issue in flight, ignored, or a ping.",
        schema: githubDeliveryAnswerSchema,
      },
      "400": error("X-GitHub-Event or X-GitHub-Delivery is missing (bad_request)."),
      "401": error("The signature is missing or does not match (invalid_signature)."),
      "413": error("The delivery is larger than 1 MiB (payload_too_large)."),
      "415": error("The delivery is not JSON (unsupported_media_type)."),
      "503": error("GITHUB_WEBHOOK_SECRET or the intake is not set up (not_configured)."),
    },
  },
  {
    method: "get",
    path: "/api/health",
    summary: "Liveness, and whether the API wants a token.",
    auth: false,
    responses: { "200": { description: "Up.", schema: healthSchema } },
  },
  {
    method: "get",
    path: OPENAPI_PATH,
    summary: "This document (OpenAPI 3.1), generated from the API's zod schemas.",
    auth: false,
    responses: { "200": { description: "The OpenAPI document." } },
  },
];
