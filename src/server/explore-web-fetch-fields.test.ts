import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";

const post = (body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

describe("POST /api/explore: web_fetch's fields", () => {
  it("carries them into the job's request", async () => {
    const { app, jobs } = createServiceFixture();
    const response = await app.request(
      "/api/explore",
      post({
        idea: "x",
        web_fetch: false,
        max_fetches: 3,
        max_fetches_per_step: 1,
        fetch_allow_hosts: ["example.com"],
        fetch_deny_hosts: ["ads.example.com", "*.tracker.example"],
      }),
    );
    expect(response.status).toBe(202);
    const { job_id } = (await response.json()) as { job_id: string };
    expect(jobs.get(job_id)?.payload).toMatchObject({
      request: {
        webFetch: false,
        maxFetches: 3,
        maxFetchesPerStep: 1,
        fetchAllowHosts: ["example.com"],
        fetchDenyHosts: ["ads.example.com", "*.tracker.example"],
      },
    });
  });

  it.each([
    [{ max_fetches: 0 }, /^max_fetches: must be a whole number from 1 to 100$/],
    [{ max_fetches_per_step: 21 }, /^max_fetches_per_step: must be a whole number from 1 to 20$/],
    [{ fetch_allow_hosts: "example.com" }, /^fetch_allow_hosts: must be a list of host names$/],
    [
      { fetch_deny_hosts: ["ok.example", "https://evil.example/x"] },
      /^fetch_deny_hosts.*"https:\/\/evil\.example\/x", which is not a host name/,
    ],
    [{ web_fetch: "no" }, /^web_fetch: must be true or false$/],
  ])("400 in one line naming the field for %j", async (fields, message) => {
    const { app, jobs } = createServiceFixture();
    const response = await app.request("/api/explore", post({ idea: "x", ...fields }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.message).toMatch(message);
    expect((await jobs.list({ limit: 10 })).jobs).toEqual([]);
  });
});
