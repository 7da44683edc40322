/**
 * The API's requests and answers as the page sends and reads them: types only, inferred from the
 * zod schemas the routes validate with and the OpenAPI document describes, so renaming a field
 * there fails the page's typecheck. Every import here is erased from the bundle.
 */
import type { z } from "zod";
import type { ResearchMode } from "../../../config/explore-request.ts";
import type { CostEstimate } from "../../../research/explore/cost-estimate.ts";
import type { ExploreResult } from "../../../research/explore/explore-result.ts";
import type { exploreBodySchema } from "../../explore-body.ts";
import type {
  alreadyExploredSchema,
  errorEnvelopeSchema,
  healthSchema,
  jobAcceptedSchema,
  jobListSchema,
  jobProgressSchema,
  jobSchema,
  progressEventSchema,
} from "../../openapi/api-schemas.ts";
import type {
  explorationDetailSchema,
  explorationListSchema,
  explorationSummarySchema,
  explorationsQuerySchema,
  logSummarySchema,
} from "../../routes/exploration-schemas.ts";
import type { listQuerySchema } from "../../routes/job-schemas.ts";

export type { ResearchMode };
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type Health = z.infer<typeof healthSchema>;

/** POST /api/explore and its two answers: queued (or following a job in flight), or explored. */
export type ExploreBody = z.input<typeof exploreBodySchema>;
export type JobAccepted = z.infer<typeof jobAcceptedSchema>;
export type AlreadyExplored = z.infer<typeof alreadyExploredSchema>;

/**
 * The figure check's counts (issue 22's contract: the job's stats.checks, the log's checks), and
 * the model check's when it ran. Declared here as well as in the result's type, so the page reads
 * the model's counts whichever of the two names them first.
 */
export type ClaimChecks = {
  citations: number;
  supported: number;
  notFound: number;
  nothingToCheck: number;
  model?: { supported: number; unsupported: number; unclear: number; skipped: number };
};

/** The API describes a job's result as any JSON; a finished explore job's is this. */
export type JobResult = Omit<ExploreResult, "stats"> & {
  stats?: NonNullable<ExploreResult["stats"]> & { checks?: ClaimChecks };
};
export type Job = Omit<z.infer<typeof jobSchema>, "result"> & { result: JobResult | null };
export type JobList = Omit<z.infer<typeof jobListSchema>, "jobs"> & { jobs: Job[] };
export type JobsQuery = z.input<typeof listQuerySchema>;
export type JobProgress = z.infer<typeof jobProgressSchema>;
export type ProgressEvent = z.infer<typeof progressEventSchema>;

export type ExplorationsQuery = z.input<typeof explorationsQuerySchema>;
export type ExplorationSummary = z.infer<typeof explorationSummarySchema>;
export type ExplorationList = z.infer<typeof explorationListSchema>;
export type ExplorationDetail = z.infer<typeof explorationDetailSchema>;
export type LogSummary = z.infer<typeof logSummarySchema>;

/** POST /api/explore/estimate: what the run may cost under its limits, asked before paying. */
export type { CostEstimate };
export type EstimateAnswer = { estimate: CostEstimate };
