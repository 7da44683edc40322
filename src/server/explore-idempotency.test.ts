import { describe, expect, it } from "vitest";
import { queueExplore } from "../../test/helpers/queue-explore.ts";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import type { SubmitExplore } from "./service-types.ts";

const TOKENS = ["alice-token-0123456789", "bob-token-0123456789"];

function post(body: unknown, headers: Record<string, string> = {}) {
  return {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

const as = (token: string, key?: string) => ({
  Authorization: `Bearer ${token}`,
  ...(key === undefined ? {} : { "Idempotency-Key": key }),
});

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /api/explore with an Idempotency-Key", () => {
  it("answers a retry with the job the key made (200, idempotent_replay), whatever the key order", async () => {
    const { app, jobs } = createServiceFixture({ auth: { tokens: TOKENS } });
    const first = await answer(
      await app.request(
        "/api/explore",
        post({ idea: "Solar dryers", mode: "business" }, as(TOKENS[0]!, "retry-1")),
      ),
    );
    expect(first.status).toBe(202);
    const again = await answer(
      await app.request(
        "/api/explore",
        post('{ "mode": "business",  "idea": "Solar dryers" }', as(TOKENS[0]!, "retry-1")),
      ),
    );
    expect(again).toEqual({
      status: 200,
      body: {
        job_id: first.body.job_id,
        status: "pending",
        status_url: `/api/jobs/${first.body.job_id}`,
        idempotent_replay: true,
      },
    });
    expect(jobs.list({ limit: 10 }).jobs).toHaveLength(1);
  });

  it("makes exactly one job for two concurrent requests with one key", async () => {
    const { app, jobs } = createServiceFixture();
    const send = () =>
      app.request("/api/explore", post({ idea: "Night buses" }, { "Idempotency-Key": "k-42" }));
    const answers = await Promise.all([send(), send()].map(async (r) => answer(await r)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 202]);
    expect(new Set(answers.map((a) => a.body.job_id)).size).toBe(1);
    expect(jobs.list({ limit: 10 }).jobs).toHaveLength(1);
  });

  it("replays the key's job even once the idea is explored and the use case would answer exists", async () => {
    let explored = false;
    let queue: SubmitExplore | undefined;
    const { app, jobs } = createServiceFixture({
      submitExplore: async (submission) =>
        explored ? { kind: "existing", body: { status: "exists" } } : queue!(submission),
    });
    queue = queueExplore(jobs, (request) => ({ request }));
    const key = { "Idempotency-Key": "once" };
    const first = await answer(
      await app.request("/api/explore", post({ idea: "Tool library" }, key)),
    );
    jobs.start();
    await jobs.whenIdle();
    explored = true;
    const again = await answer(
      await app.request("/api/explore", post({ idea: "Tool library" }, key)),
    );
    expect(again.body).toMatchObject({
      job_id: first.body.job_id,
      status: "completed",
      idempotent_replay: true,
    });
    await jobs.stop();
  });

  it("422 idempotency_key_reused for the same key with another request; nothing is queued", async () => {
    const { app, jobs } = createServiceFixture({ auth: { tokens: TOKENS } });
    await app.request("/api/explore", post({ idea: "Repair cafés" }, as(TOKENS[0]!, "reused")));
    const reused = await answer(
      await app.request("/api/explore", post({ idea: "Something else" }, as(TOKENS[0]!, "reused"))),
    );
    expect(reused).toEqual({
      status: 422,
      body: {
        error: {
          code: "idempotency_key_reused",
          message:
            "Idempotency-Key was already used with a different request: use a new key for a new request",
          details: [
            {
              path: "Idempotency-Key",
              message: "was already used with a different request: use a new key for a new request",
            },
          ],
        },
      },
    });
    expect(jobs.list({ limit: 10 }).jobs).toHaveLength(1);
  });

  it("keeps keys apart per API token", async () => {
    const { app, jobs } = createServiceFixture({ auth: { tokens: TOKENS } });
    const ask = (token: string) =>
      app.request("/api/explore", post({ idea: `an idea from ${token}` }, as(token, "same-key")));
    expect((await ask(TOKENS[0]!)).status).toBe(202);
    expect((await ask(TOKENS[1]!)).status).toBe(202);
    expect(jobs.list({ limit: 10 }).jobs).toHaveLength(2);
  });

  it.each([
    ["empty", ""],
    ["longer than 200 characters", "k".repeat(201)],
    ["not ASCII", "café"],
  ])("400 naming the header for a key that is %s", async (_label, key) => {
    const { app, jobs } = createServiceFixture();
    const refused = await answer(
      await app.request("/api/explore", post({ idea: "x" }, { "Idempotency-Key": key })),
    );
    expect(refused).toEqual({
      status: 400,
      body: {
        error: {
          code: "invalid_request",
          message: "Idempotency-Key header must be 1 to 200 printable ASCII characters",
          details: [
            { path: "Idempotency-Key", message: "must be 1 to 200 printable ASCII characters" },
          ],
        },
      },
    });
    expect(jobs.list({ limit: 10 }).jobs).toHaveLength(0);
  });

  it("accepts a key of exactly 200 printable characters", async () => {
    const { app } = createServiceFixture();
    const key = " !~".repeat(66).concat("ab");
    const response = await app.request(
      "/api/explore",
      post({ idea: "x" }, { "Idempotency-Key": key }),
    );
    expect(response.status).toBe(202);
  });
});

describe("POST /api/explore: one run per idea", () => {
  it("answers the same idea while it is queued or running with that job (200, duplicate_of_job)", async () => {
    const { app, jobs } = createServiceFixture();
    const send = (idea: string) => app.request("/api/explore", post({ idea }));
    const answers = await Promise.all(
      [send("Uber for dogs!"), send("  uber FOR dogs ")].map(async (r) => answer(await r)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 202]);
    const duplicate = answers.find((a) => a.status === 200)!;
    expect(duplicate.body).toEqual({
      job_id: answers.find((a) => a.status === 202)!.body.job_id,
      status: "pending",
      status_url: expect.stringMatching(/^\/api\/jobs\//),
      duplicate_of_job: true,
    });
    expect(jobs.list({ limit: 10 }).jobs).toHaveLength(1);

    // Once it finished, the idea can be asked again (the use case then finds the committed research).
    jobs.start();
    await jobs.whenIdle();
    expect((await send("Uber for dogs")).status).toBe(202);
    await jobs.stop();
  });
});
