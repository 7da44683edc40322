import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serverError } from "../../../test/fakes/github-server.ts";
import {
  formBody,
  INTAKE_LABEL,
  type IntakeWorld,
  intakeComments,
  startIntakeWorld,
} from "../../../test/helpers/issue-intake-world.ts";
import { queueExplore } from "../../../test/helpers/queue-explore.ts";
import { openJobDatabase } from "../../jobs/job-database.ts";
import { createJobRunner, type JobRunner } from "../../jobs/job-runner.ts";
import type { WorkflowStep } from "../../jobs/workflow.ts";
import {
  acceptIssueDelivery,
  ISSUE_JOB_KIND,
  issueJobWorkflow,
} from "../../research/issues/issue-webhook.ts";
import { issueWorkflow } from "../../research/issues/issue-workflow.ts";
import { createApp } from "../create-app.ts";
import { signGitHubBody } from "./verify-signature.ts";

const SECRET = "whsec-test-0123456789";
let world: IntakeWorld;
let jobs: JobRunner;

beforeEach(async () => {
  world = await startIntakeWorld({ secondaryRateLimit: false });
});
afterEach(async () => {
  await jobs?.stop();
  await world.close();
});

/** serve's app over a real runner with the issue workflow; API tokens required, as in production. */
function service(options: { secret?: string } = { secret: SECRET }) {
  jobs = createJobRunner({
    db: openJobDatabase({ file: ":memory:" }),
    workflows: {
      [ISSUE_JOB_KIND]: issueJobWorkflow({ ...world.deps(), runner: "idea-explorer serve" }),
    },
    logger: { error: () => {} },
    sleep: async () => {},
  });
  const app = createApp({
    jobs,
    auth: { tokens: ["api-token-1"] },
    submitExplore: queueExplore(jobs, (request) => ({ request })),
    readResearch: async () => undefined,
    rateLimit: false,
    logger: { error: () => {} },
    githubWebhook: {
      secret: options.secret,
      accept: acceptIssueDelivery(jobs, { repository: "me/ideas", labels: world.labels }),
    },
  });
  return app;
}

function labeledEvent(issue: number, label = INTAKE_LABEL, repository = "me/ideas") {
  const record = world.repo.issues.issue(issue);
  return {
    action: "labeled",
    label: { name: label },
    issue: {
      number: issue,
      title: record.title,
      state: record.state,
      labels: record.labels.map((name) => ({ name })),
    },
    repository: { full_name: repository },
  };
}

async function deliver(
  app: ReturnType<typeof service>,
  payload: unknown,
  options: { id?: string; event?: string; signature?: string; host?: string } = {},
) {
  const body = JSON.stringify(payload);
  const response = await app.request(
    `http://${options.host ?? "ideas.example.com"}/api/github/webhook`,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-GitHub-Event": options.event ?? "issues",
        "X-GitHub-Delivery": options.id ?? "delivery-1",
        "X-Hub-Signature-256": options.signature ?? (await signGitHubBody(SECRET, body)),
      },
      body,
    },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function fileIdea() {
  world.repo.issues.add({
    title: "Idea: Solar dryers",
    body: formBody({ idea: "Solar-powered food dryer kits for market stalls" }),
    labels: [INTAKE_LABEL],
  });
}

describe("POST /api/github/webhook (serve's app, the job runner, fake GitHub and Anthropic)", () => {
  it("turns a signed labelled event into a job that answers, labels and closes the issue", async () => {
    fileIdea();
    const app = service();
    const answer = await deliver(app, labeledEvent(1));
    expect(answer).toEqual({ status: 202, body: { status: "queued", job_id: expect.any(String) } });
    jobs.start();
    await jobs.whenIdle();

    const job = jobs.get(String(answer.body.job_id));
    expect(job).toMatchObject({
      kind: ISSUE_JOB_KIND,
      status: "completed",
      title: "#1 Idea: Solar dryers",
    });
    expect(job?.result).toMatchObject({
      issue: 1,
      status: "completed",
      path: expect.stringMatching(/research\.md$/),
    });
    expect(world.repo.issues.issue(1)).toMatchObject({
      state: "closed",
      labels: [`${INTAKE_LABEL}-completed`],
    });
    const comments = intakeComments(world.repo, 1).map((c) => c.body);
    expect(comments).toEqual([
      expect.stringMatching(/^🔎 .*run `[\w-]+` by idea-explorer serve/),
      expect.stringMatching(/^✅ Explored: /),
    ]);
    expect(world.repo.log()[0]?.message).toBe("Explore: Solar dryers (#1)");
  });

  it("ignores a redelivered webhook, while the job runs and after it is done", async () => {
    fileIdea();
    const app = service();
    // A redelivery is the same event: the same id and the same body.
    const event = labeledEvent(1);
    const first = await deliver(app, event);
    const again = await deliver(app, event);
    expect(again).toEqual({
      status: 200,
      body: { status: "redelivery", job_id: first.body.job_id },
    });
    jobs.start();
    await jobs.whenIdle();
    const later = await deliver(app, event);
    expect(later).toEqual({
      status: 200,
      body: { status: "redelivery", job_id: first.body.job_id },
    });
    await jobs.whenIdle();

    expect(jobs.list({ limit: 10 }).jobs).toHaveLength(1);
    expect(intakeComments(world.repo, 1)).toHaveLength(2);
    expect(world.repo.log()).toHaveLength(2);
    expect(world.fake.requests).toHaveLength(1);
  });

  it("refuses a forged, a missing or a stale signature, queueing nothing", async () => {
    fileIdea();
    const app = service();
    const payload = labeledEvent(1);
    const forged = await deliver(app, payload, {
      signature: await signGitHubBody("not-the-secret", JSON.stringify(payload)),
    });
    expect(forged).toEqual({
      status: 401,
      body: {
        error: {
          code: "invalid_signature",
          message: expect.stringContaining("X-Hub-Signature-256"),
        },
      },
    });
    // Signed for another body: the signature covers the exact bytes.
    const tampered = await deliver(app, labeledEvent(1), {
      signature: await signGitHubBody(SECRET, JSON.stringify({ ...payload, action: "opened" })),
    });
    expect(tampered.status).toBe(401);
    expect((await deliver(app, payload, { signature: "sha256=zz" })).status).toBe(401);
    expect((await deliver(app, payload, { signature: "sha1=abc" })).status).toBe(401);
    expect(jobs.list({ limit: 10 }).jobs).toEqual([]);
    expect(world.github.requests).toEqual([]);
  });

  it("refuses every delivery while no secret is set", async () => {
    fileIdea();
    const app = service({});
    const answer = await deliver(app, labeledEvent(1));
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      error: { code: "not_configured", message: expect.stringContaining("GITHUB_WEBHOOK_SECRET") },
    });
    expect(jobs.list({ limit: 10 }).jobs).toEqual([]);
  });

  it("answers ping, and ignores other labels, other repositories and other events", async () => {
    fileIdea();
    const app = service();
    expect(
      await deliver(app, { zen: "Keep it logically awesome." }, { event: "ping", id: "p" }),
    ).toEqual({
      status: 200,
      body: { status: "pong" },
    });
    const ignored = [
      await deliver(app, labeledEvent(1, "bug"), { id: "a" }),
      await deliver(app, labeledEvent(1, INTAKE_LABEL, "someone/else"), { id: "b" }),
      await deliver(app, { action: "created" }, { event: "issue_comment", id: "c" }),
    ];
    for (const answer of ignored) {
      expect(answer).toEqual({
        status: 200,
        body: { status: "ignored", reason: expect.any(String) },
      });
    }
    expect(jobs.list({ limit: 10 }).jobs).toEqual([]);
  });

  it("needs no API token and no loopback host, but the rest of the API still does", async () => {
    fileIdea();
    const app = service();
    expect((await deliver(app, labeledEvent(1), { host: "203.0.113.9:8787" })).status).toBe(202);
    const jobsList = await app.request("http://ideas.example.com/api/jobs");
    expect(jobsList.status).toBe(401);
  });

  it("never answers twice when a run resumes after its comment was posted", async () => {
    fileIdea();
    const deps = world.deps();
    const journal = new Map<string, string>();
    let stopAfter: string | undefined = "reply";
    // A journal that survives the "crash": the steps finished before it are kept.
    const step: WorkflowStep = {
      do: async (name, fn) => {
        const stored = journal.get(name);
        if (stored !== undefined) return JSON.parse(stored);
        const value = await fn();
        // The reply's comment landed, but the process died before the step was recorded.
        if (name === stopAfter) throw new Error("killed");
        journal.set(name, JSON.stringify(value));
        return value;
      },
    };
    const context = {
      jobId: "job-1",
      payload: { issue: 1 },
      step,
      reportProgress: () => {},
      signal: new AbortController().signal,
    };
    await expect(issueWorkflow(deps)(context)).rejects.toThrow("killed");
    expect(intakeComments(world.repo, 1)).toHaveLength(2);
    stopAfter = undefined;
    const result = await issueWorkflow(world.deps())(context);
    expect(result).toMatchObject({ issue: 1, status: "completed", path: expect.any(String) });
    expect(intakeComments(world.repo, 1)).toHaveLength(2);
    expect(world.repo.issues.issue(1).state).toBe("closed");
    expect(world.fake.requests).toHaveLength(1);
  });

  it("posts the answer once when GitHub's answer to it is lost", async () => {
    fileIdea();
    const app = service();
    await deliver(app, labeledEvent(1));
    // The answer comment (the second comment) is created, but its answer never arrives whole.
    world.github.intercept({ method: "POST", path: /\/comments$/, times: 1, before: () => {} });
    world.github.intercept({
      method: "POST",
      path: /\/comments$/,
      times: 1,
      replyAfterHandling: serverError(502),
    });
    jobs.start();
    await jobs.whenIdle();
    expect(intakeComments(world.repo, 1).map((c) => c.body)).toEqual([
      expect.stringMatching(/^🔎 /),
      expect.stringMatching(/^✅ /),
    ]);
    expect(world.repo.issues.issue(1).state).toBe("closed");
    // Read back instead of sent again.
    expect(world.github.requestsTo("POST", /\/comments$/)).toHaveLength(2);
  });
});
