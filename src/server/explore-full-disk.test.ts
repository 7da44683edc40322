import { describe, expect, it } from "vitest";
import { cappedJobDatabase } from "../../test/helpers/capped-database.ts";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import { openJobDatabase } from "../jobs/job-database.ts";
import { createJobRunner } from "../jobs/job-runner.ts";

const post = (idea: string) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ idea, mode: "business" }),
});

describe("POST /api/explore when the job database is full (capped with max_page_count)", () => {
  it("answers 503 with Retry-After and one line, and acknowledges only jobs it stored", async () => {
    const capped = cappedJobDatabase();
    const logged: string[] = [];
    const { app } = createServiceFixture({
      db: capped.db,
      logger: { error: (message) => logged.push(message) },
    });
    capped.fill();

    const accepted: string[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const response = await app.request("/api/explore", post(`an idea worth exploring, #${i}`));
      if (response.status === 202)
        accepted.push(((await response.json()) as { job_id: string }).job_id);
      else refused = response;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get("retry-after")).toBe("30");
    expect(await refused?.json()).toEqual({
      error: {
        code: "storage_unavailable",
        message:
          "the job database could not store the job (disk full); nothing was queued, try again later",
      },
    });
    // Refused again while full, and the log gets one line for all of it, without a stack.
    for (let i = 0; i < 20; i++) {
      expect((await app.request("/api/explore", post(`a refused idea #${i}`))).status).toBe(503);
    }
    expect(logged).toEqual([
      "POST /api/explore: the job database could not store the job (disk full); nothing was queued, try again later",
    ]);

    // Every 202 is a job that exists, now and for another process after a restart.
    for (const id of accepted) expect((await app.request(`/api/jobs/${id}`)).status).toBe(200);
    const restarted = createJobRunner({
      db: openJobDatabase({ file: capped.file }),
      workflows: {},
    });
    for (const id of accepted) expect(restarted.get(id)?.status).toBe("pending");
    expect(restarted.list({ limit: 500 }).jobs).toHaveLength(accepted.length);

    capped.free();
    expect((await app.request("/api/explore", post("once there is room"))).status).toBe(202);
  });
});
