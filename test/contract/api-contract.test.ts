import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../src/jobs/webhook/webhook-signature.ts";
import {
  type FakeAnthropicServer,
  type RecordedRequest,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { type FakeGitHub, type FakeRepo, startFakeGitHub } from "../fakes/github-server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver.ts";
import { getJson, postJson, readEvents } from "../helpers/serve-process.ts";
import { ENGINES, type RunningEngine } from "./engines.ts";

const GITHUB_TOKEN = "ghp_contractTest000000000000000000000000";
const API_TOKEN = "contract-api-token-0123456789";
const AUTH = { Authorization: `Bearer ${API_TOKEN}` };
const HELD = "held";
/** An idea naming this is never answered by the model: a run to cancel. */
const STUCK = "stuck";
/** An idea naming this is refused by a model gateway that echoes the credentials it saw. */
const ECHO = "echo-my-key";
const SECRET = "contract-webhook-secret";

/**
 * The HTTP API's contract, end to end against each engine: the real explore workflow through the
 * real Anthropic provider (the loopback fake) into a GitHub repository (the loopback fake), so
 * the same requests must get the same answers whether node:sqlite or Workflows + D1 run the jobs.
 */
describe.each(ENGINES)("the API on $name", (engine) => {
  let fake: FakeAnthropicServer;
  let github: FakeGitHub;
  let repo: FakeRepo;
  let receiver: WebhookReceiver;
  let service: RunningEngine;
  let release: () => void = () => {};
  let held = new Promise<void>((resolve) => (release = resolve));
  const api = (path: string) => `${service.url}${path}`;

  beforeAll(async () => {
    fake = await startFakeAnthropic({
      // No vendor shape: only masking by the configured value can hide it.
      apiKey: "contract-model-key-without-any-shape",
      // An idea naming HELD waits until the test releases it: a run the test can watch in flight.
      handler: async (request) => {
        const prompt = JSON.stringify(request.body.messages);
        if (prompt.includes(STUCK)) return reply.hang();
        // A gateway that repeats the key it was sent, and the GitHub token, in its 401.
        if (prompt.includes(ECHO)) {
          return reply.error(
            401,
            "authentication_error",
            `invalid x-api-key: ${String(request.headers["x-api-key"])}; token ${API_TOKEN}`,
          );
        }
        if (prompt.includes(HELD)) await held;
        return reply.text("# Findings\n\n## Verdict\n\nWorth a pilot with three shops.");
      },
    });
    github = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: {} } });
    repo = github.addRepo("team/ideas", { files: { "README.md": "ideas\n" } });
    receiver = await startWebhookReceiver();
    service = await engine.start({
      ...fake.env,
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN,
      GITHUB_REPO: "team/ideas",
      IDEA_EXPLORER_API_TOKEN: API_TOKEN,
    });
  }, 90_000);

  afterAll(async () => {
    release();
    await service?.stop();
    await Promise.all([fake?.close(), github?.close(), receiver?.close()]);
  });

  async function until(check: () => boolean) {
    for (let tries = 0; tries < 300 && !check(); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(check()).toBe(true);
  }

  async function finished(jobId: string) {
    for (let tries = 0; tries < 300; tries += 1) {
      const { body } = await getJson(api(`/api/jobs/${jobId}`), AUTH);
      if (body.status === "completed" || body.status === "failed") return body;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`job ${jobId} did not finish`);
  }

  it("queues an idea, runs it, commits research.md and its log once, and signs its webhook", async () => {
    const commitsBefore = repo.log().length;
    const idea = "Solar dehydrators for market stalls";
    const submitted = await postJson(
      api("/api/explore"),
      { idea, webhook_url: `${receiver.origin}/hook`, callback_secret: SECRET },
      AUTH,
    );
    expect(submitted.status).toBe(202);
    const jobId = String(submitted.body.job_id);
    expect(submitted.body.status_url).toBe(`/api/jobs/${jobId}`);

    const job = await finished(jobId);
    expect(job.status).toBe("completed");
    const result = job.result as { path: string; status: string };
    expect(result.status).toBe("created");
    const folder = result.path.replace(/\/research\.md$/, "");
    const log = repo.log();
    expect(log.length).toBe(commitsBefore + 1);
    expect(repo.readFile(`${folder}/research.md`)).toContain("Worth a pilot with three shops.");
    // One entry per run of the idea, this run's with its steps and cost.
    const runs = JSON.parse(repo.readFile(`${folder}/exploration-log.json`) ?? "[]");
    expect(runs).toEqual([expect.objectContaining({ steps: 1, cost: expect.any(Object) })]);

    const research = await fetch(api(`/api/jobs/${jobId}/research`), { headers: AUTH });
    expect(research.status).toBe(200);
    expect(await research.text()).toContain("Worth a pilot with three shops.");

    const [hook] = await receiver.waitForRequests(1);
    expect(JSON.parse(hook?.body ?? "{}")).toMatchObject({
      event: "idea_explored",
      job_id: jobId,
      status: "completed",
      path: result.path,
    });
    expect(
      verifyWebhookSignature(hook?.body ?? "", String(hook?.headers["x-signature"]), SECRET),
    ).toBe(true);

    const events = await readEvents(api(`/api/jobs/${jobId}/events`), undefined, AUTH);
    expect(events.at(-1)).toMatchObject({
      event: "result",
      data: { job_id: jobId, status: "completed" },
    });

    // Explored now: the same idea is answered with the research, and nothing is paid again.
    const requests = fake.requests.length;
    const again = await postJson(api("/api/explore"), { idea }, AUTH);
    expect(again).toMatchObject({ status: 200, body: { status: "exists", path: result.path } });
    expect(fake.requests.length).toBe(requests);
  }, 90_000);

  it("answers a second submission of an idea in flight with that job, and a retried key with its job", async () => {
    const idea = `Tool library for a ${HELD} neighbourhood`;
    const first = await postJson(
      api("/api/explore"),
      { idea },
      { ...AUTH, "Idempotency-Key": "k-1" },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const jobId = String(first.body.job_id);

    const replay = await postJson(
      api("/api/explore"),
      { idea },
      { ...AUTH, "Idempotency-Key": "k-1" },
    );
    expect(replay, JSON.stringify(replay)).toMatchObject({
      status: 200,
      body: { job_id: jobId, idempotent_replay: true },
    });
    const twice = await postJson(api("/api/explore"), { idea }, AUTH);
    expect(twice, JSON.stringify(twice)).toMatchObject({
      status: 200,
      body: { job_id: jobId, duplicate_of_job: true },
    });
    const reused = await postJson(
      api("/api/explore"),
      { idea: "Another idea" },
      { ...AUTH, "Idempotency-Key": "k-1" },
    );
    expect(reused, JSON.stringify(reused)).toMatchObject({
      status: 422,
      body: { error: { code: "idempotency_key_reused" } },
    });

    // The stream shows the running job, then its result once the model answers.
    const stream = readEvents(
      api(`/api/jobs/${jobId}/events`),
      (event) => event.event === "result",
      AUTH,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    release();
    // A stream that never ends says how the job stands instead of running into the test timeout.
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        getJson(api(`/api/jobs/${jobId}`), AUTH).then(
          (now) =>
            reject(new Error(`no result event within 60 s; the job: ${JSON.stringify(now.body)}`)),
          reject,
        );
      }, 60_000);
    });
    const events = await Promise.race([stream, stalled]).finally(() => clearTimeout(timer));
    expect(events[0]).toMatchObject({ event: "progress", data: { status: "running" } });
    expect(events.at(-1)).toMatchObject({
      event: "result",
      data: { job_id: jobId, status: "completed" },
    });
    const paid = fake.requests.filter((request) =>
      JSON.stringify(request.body.messages).includes(HELD),
    );
    expect(paid).toHaveLength(1);
    held = Promise.resolve();
  }, 90_000);

  it("cancels a running job: its model request is closed, nothing is committed, the webhook says cancelled", async () => {
    const commitsBefore = repo.log().length;
    const hooksBefore = receiver.received.length;
    const submitted = await postJson(
      api("/api/explore"),
      { idea: `A ${STUCK} idea to call off`, webhook_url: `${receiver.origin}/hook` },
      AUTH,
    );
    const jobId = String(submitted.body.job_id);
    const asked = (r: RecordedRequest) => JSON.stringify(r.body.messages).includes(STUCK);
    await until(() => fake.requests.some(asked));

    const cancel = await postJson(api(`/api/jobs/${jobId}/cancel`), {}, AUTH);
    expect([200, 202]).toContain(cancel.status);
    const job = await finished(jobId);
    expect(job).toMatchObject({ status: "failed", error: { code: "cancelled" } });
    await until(() => fake.requests.filter(asked).every((request) => request.closedByClient));
    expect(repo.log()).toHaveLength(commitsBefore);
    const hooks = await receiver.waitForRequests(hooksBefore + 1);
    expect(JSON.parse(hooks.at(-1)?.body ?? "{}")).toMatchObject({
      event: "idea_cancelled",
      status: "cancelled",
      job_id: jobId,
    });

    const again = await postJson(api(`/api/jobs/${jobId}/cancel`), {}, AUTH);
    expect(again).toMatchObject({ status: 200, body: { status: "failed" } });
    const completed = (await getJson(api("/api/jobs?status=completed&limit=1"), AUTH)).body
      .jobs as { job_id: string }[];
    const late = await postJson(api(`/api/jobs/${completed[0]?.job_id}/cancel`), {}, AUTH);
    expect(late).toMatchObject({ status: 409, body: { error: { code: "job_finished" } } });
  }, 90_000);

  it("never publishes a key an upstream error echoed: not in the job, its events or its webhook", async () => {
    const submitted = await postJson(
      api("/api/explore"),
      {
        idea: `Ideas that ${ECHO}`,
        webhook_url: `${receiver.origin}/echo`,
        callback_secret: SECRET,
      },
      AUTH,
    );
    const jobId = String(submitted.body.job_id);
    const job = await finished(jobId);
    expect(job).toMatchObject({ status: "failed", error: { code: expect.any(String) } });
    expect(JSON.stringify(job.error)).toContain("[redacted]");
    await until(() => receiver.received.some((d) => d.path === "/echo"));
    const published = JSON.stringify([
      job,
      await readEvents(api(`/api/jobs/${jobId}/events`), undefined, AUTH),
      receiver.received.filter((d) => d.path === "/echo").map((d) => d.body),
    ]);
    expect(published).not.toContain(fake.env.ANTHROPIC_API_KEY);
    expect(published).not.toContain(API_TOKEN);
  }, 90_000);

  it("retries a failed job as a new one that reuses its paid research", async () => {
    const commitsBefore = repo.log().length;
    const idea = "Compost pick-up for cafés";
    // The commit is refused (not a failure another try fixes): the job fails after its research.
    github.intercept({
      method: "POST",
      path: "/git/trees",
      times: Number.POSITIVE_INFINITY,
      reply: { status: 403, body: { message: "Resource not accessible by integration" } },
    });
    const submitted = await postJson(api("/api/explore"), { idea }, AUTH);
    const failedId = String(submitted.body.job_id);
    expect(await finished(failedId)).toMatchObject({
      status: "failed",
      error: { code: "store_error" },
    });
    github.clearIntercepts();
    const paid = (r: RecordedRequest) => JSON.stringify(r.body.messages).includes(idea);
    expect(fake.requests.filter(paid)).toHaveLength(1);

    const retried = await postJson(api(`/api/jobs/${failedId}/retry`), {}, AUTH);
    expect(retried).toMatchObject({ status: 202, body: { retry_of: failedId } });
    const retryId = String(retried.body.job_id);
    expect(retryId).not.toBe(failedId);
    expect(await finished(retryId)).toMatchObject({
      status: "completed",
      result: { status: "created" },
    });
    expect(fake.requests.filter(paid)).toHaveLength(1);
    expect(repo.log()).toHaveLength(commitsBefore + 1);

    const notFailed = await postJson(api(`/api/jobs/${retryId}/retry`), {}, AUTH);
    expect(notFailed).toMatchObject({ status: 409, body: { error: { code: "job_not_failed" } } });
  }, 90_000);

  it("answers submissions that arrive together, each with its own job, and runs them all", async () => {
    // On the Worker each request must use only I/O of its own: a GitHub client queue shared
    // between requests made workerd cancel one as hung (500), now and then, before this test.
    const ideas = ["Bike-powered cinema", "Seed library kiosks", "Tool-sharing lockers"];
    const answers = await Promise.all(
      ideas.map((idea) => postJson(api("/api/explore"), { idea }, AUTH)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    const ids = answers.map((answer) => String(answer.body.job_id));
    expect(new Set(ids).size).toBe(3);
    const jobs = await Promise.all(ids.map((id) => finished(id)));
    expect(jobs.map((job) => job.status)).toEqual(["completed", "completed", "completed"]);
  }, 90_000);

  it("lists jobs newest first, filtered and paged by cursor", async () => {
    const page = await getJson(api("/api/jobs?limit=1&status=completed&mode=business"), AUTH);
    expect(page.status).toBe(200);
    const jobs = page.body.jobs as { status: string; mode: string }[];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: "completed", mode: "business" });
    expect(typeof page.body.next_cursor).toBe("string");
    const next = await getJson(api(`/api/jobs?limit=1&cursor=${page.body.next_cursor}`), AUTH);
    expect(next.status).toBe(200);
    expect((next.body.jobs as unknown[]).length).toBe(1);
  });

  it("lists the repository's explorations, opens one with its log summary, refuses a way out of ideas/", async () => {
    const listed = await getJson(api("/api/explorations?q=solar+dehydrators&limit=5"), AUTH);
    expect(listed.status).toBe(200);
    const [first] = listed.body.explorations as { folder: string; url: string }[];
    expect(first).toMatchObject({ mode: "business", verdict: "Worth a pilot with three shops." });
    const opened = await getJson(api(first?.url ?? ""), AUTH);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      folder: first?.folder,
      html: expect.stringContaining("Worth a pilot with three shops."),
      log: { steps: 1, runs: [expect.objectContaining({ steps: 1 })] },
    });
    const byDate = await getJson(api("/api/explorations?limit=1"), AUTH);
    expect((byDate.body.explorations as unknown[]).length).toBe(1);
    const outside = await getJson(api("/api/explorations/..%2F..%2FREADME.md"), AUTH);
    expect(outside).toMatchObject({ status: 400, body: { error: { code: "invalid_folder" } } });
    expect((await getJson(api("/api/explorations"))).status).toBe(401);
    const openapi = await getJson(api("/api/openapi.json"));
    expect(openapi).toMatchObject({ status: 200, body: { openapi: "3.1.0" } });
  });

  it.each([
    ["no token", "/api/jobs", {}, 401, "unauthorized"],
    ["a wrong token", "/api/jobs", { Authorization: "Bearer nope" }, 401, "unauthorized"],
    ["an unknown job", "/api/jobs/0000", AUTH, 404, "job_not_found"],
    ["a cursor it did not issue", "/api/jobs?cursor=abc", AUTH, 400, "invalid_query"],
    ["an unknown route", "/api/nothing", AUTH, 404, "not_found"],
  ])("answers %s in the error envelope", async (_label, path, headers, status, code) => {
    const answer = await getJson(api(path), headers as Record<string, string>);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({
      error: expect.objectContaining({ code, message: expect.any(String) }),
    });
  });

  it("refuses a bad submission in one line naming the field, and queues nothing", async () => {
    const before = fake.requests.length;
    const bad = await postJson(api("/api/explore"), { idea: "x", colour: "red" }, AUTH);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: { code: "invalid_request", message: expect.stringContaining('"colour"') },
    });
    const wrongMethod = await fetch(api("/api/explore"), { headers: AUTH });
    expect(wrongMethod.status).toBe(405);
    expect(fake.requests.length).toBe(before);
  });
});
