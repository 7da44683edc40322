import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";

const post = (body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

describe("POST /api/explore: language", () => {
  it("carries the report's language into the job's request, as its primary code", async () => {
    const { app, jobs } = createServiceFixture();
    const response = await app.request("/api/explore", post({ idea: "x", language: "pt-BR" }));
    expect(response.status).toBe(202);
    const { job_id } = (await response.json()) as { job_id: string };
    expect(jobs.get(job_id)?.payload).toMatchObject({ request: { language: "pt" } });
  });

  it("leaves a request without it as it was (the idea's language is detected when it runs)", async () => {
    const { app, jobs } = createServiceFixture();
    const response = await app.request("/api/explore", post({ idea: "y" }));
    const { job_id } = (await response.json()) as { job_id: string };
    expect(JSON.stringify(jobs.get(job_id)?.payload)).not.toContain("language");
  });

  it.each([
    ["German", /^language: must be a language code such as "en", "de" or "ja"$/],
    ["zz", /^language: must be a known language code such as "en", "de" or "ja"$/],
    [7, /^language: must be text$/],
  ])("400 in one line naming the field for %j, and no job", async (language, message) => {
    const { app, jobs } = createServiceFixture();
    const response = await app.request("/api/explore", post({ idea: "x", language }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(message);
    expect((await jobs.list({ limit: 10 })).jobs).toEqual([]);
  });
});
