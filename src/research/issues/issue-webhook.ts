import { cleanUntrustedText } from "../../config/clean-text.ts";
import type { JobBackend } from "../../jobs/job-backend.ts";
import type { NewJob } from "../../jobs/job-record.ts";
import { defineWorkflow, type WorkflowDefinition } from "../../jobs/job-runner.ts";
import type { Json } from "../../jobs/workflow.ts";
import { hasLabel, type IntakeLabels } from "./intake-labels.ts";
import {
  type IssuePayload,
  type IssueResult,
  type IssueWorkflowDeps,
  issueWorkflow,
} from "./issue-workflow.ts";

/** Jobs that explore one GitHub issue, from a webhook delivery. */
export const ISSUE_JOB_KIND = "github_issue";

/** The issue workflow as a job engine runs it (serve's runner, or a Cloudflare Workflow). */
export function issueJobWorkflow(deps: IssueWorkflowDeps): WorkflowDefinition {
  return defineWorkflow<IssuePayload, IssueResult>({ run: issueWorkflow(deps) });
}

/** A delivery whose signature was verified: GitHub's headers and the parsed JSON payload. */
export interface GitHubDelivery {
  /** X-GitHub-Delivery: one id per event, kept by every redelivery of it. */
  id: string;
  /** X-GitHub-Event, e.g. "issues" or "ping". */
  event: string;
  payload: unknown;
  /** A hash of the raw body: the same id with another body is not the same delivery. */
  bodyHash: string;
}

/** What the webhook answers GitHub (it shows the answer under Recent Deliveries). */
export interface DeliveryAnswer {
  status: 200 | 202;
  body: { [key: string]: Json };
}

export interface IssueIntakeConfig {
  /** "owner/repo": deliveries about any other repository are ignored. */
  repository: string;
  labels: IntakeLabels;
}

/** Idempotency keys of deliveries live apart from the API tokens' keys. */
const DELIVERY_TOKEN = "github-webhook";

/**
 * Turns a verified delivery into a durable job, using nothing but the JobBackend contract (so it
 * runs the same on serve and on the Worker): an `issues` event that puts the intake label on an
 * open issue of the configured repository (labelled, or opened or reopened with it) is enqueued
 * with the delivery id as its idempotency key, so a redelivery answers with the first job and
 * queues nothing; one job per issue is in flight at a time. Everything else is answered 200 and
 * ignored, saying why.
 */
export function acceptIssueDelivery(jobs: JobBackend, config: IssueIntakeConfig) {
  return async (delivery: GitHubDelivery): Promise<DeliveryAnswer> => {
    if (delivery.event === "ping") return { status: 200, body: { status: "pong" } };
    const decision = issueEventJob(delivery, config);
    if ("ignored" in decision) {
      return { status: 200, body: { status: "ignored", reason: decision.ignored } };
    }
    const outcome = await jobs.enqueue({
      ...decision.job,
      tokenId: DELIVERY_TOKEN,
      idempotency: { key: delivery.id, requestHash: delivery.bodyHash },
    });
    const jobId = outcome.job.id;
    switch (outcome.kind) {
      case "queued":
        return { status: 202, body: { status: "queued", job_id: jobId } };
      case "replayed":
        return { status: 200, body: { status: "redelivery", job_id: jobId } };
      case "in_flight":
        return { status: 200, body: { status: "in_flight", job_id: jobId } };
      case "key_reused":
        return {
          status: 200,
          body: { status: "ignored", reason: "this delivery id came before with another body" },
        };
    }
  };
}

type EventDecision = { job: NewJob } | { ignored: string };

interface IssuesEvent {
  action?: unknown;
  label?: { name?: unknown };
  issue?: {
    number?: unknown;
    title?: unknown;
    state?: unknown;
    labels?: { name?: unknown }[];
    pull_request?: unknown;
  };
  repository?: { full_name?: unknown };
  sender?: { login?: unknown };
}

function issueEventJob(delivery: GitHubDelivery, config: IssueIntakeConfig): EventDecision {
  if (delivery.event !== "issues") return { ignored: `"${delivery.event}" events are not used` };
  const event = (delivery.payload ?? {}) as IssuesEvent;
  const repository =
    typeof event.repository?.full_name === "string" ? event.repository.full_name : "";
  if (repository.toLowerCase() !== config.repository.toLowerCase()) {
    return {
      ignored: `the event is about ${repository || "an unknown repository"}, not ${config.repository}`,
    };
  }
  const issue = event.issue;
  const number = issue?.number;
  if (
    typeof number !== "number" ||
    !Number.isSafeInteger(number) ||
    number < 1 ||
    issue?.pull_request
  ) {
    return { ignored: "the event names no issue" };
  }
  const labels = (issue?.labels ?? []).flatMap((l) =>
    typeof l?.name === "string" ? [l.name] : [],
  );
  const { intake, processing } = config.labels;
  const action = event.action;
  const labelled =
    action === "labeled"
      ? typeof event.label?.name === "string" &&
        event.label.name.toLowerCase() === intake.toLowerCase()
      : (action === "opened" || action === "reopened") && hasLabel(labels, intake);
  if (!labelled) return { ignored: `the event does not put the "${intake}" label on an issue` };
  if (issue?.state !== "open") return { ignored: "the issue is closed" };
  if (hasLabel(labels, processing)) return { ignored: "a run has claimed the issue already" };
  // The job's title is shown in the API, the web page and logs: cleaned like the request.
  const title =
    typeof issue?.title === "string" ? cleanUntrustedText(issue.title).slice(0, 200) : `#${number}`;
  // Who put the label on: the sender of "labeled", or of "opened" (an issue form's labels are
  // the opener's). A reopened issue's label is older: its events say who put it on.
  const sender = typeof event.sender?.login === "string" ? event.sender.login : undefined;
  const labeller = action === "reopened" ? undefined : sender;
  return {
    job: {
      kind: ISSUE_JOB_KIND,
      payload: { issue: number, ...(labeller ? { labeller } : {}) },
      title: `#${number} ${title}`,
      fingerprint: `issue:${number}`,
    },
  };
}
