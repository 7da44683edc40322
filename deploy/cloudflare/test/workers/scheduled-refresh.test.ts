import {
  createExecutionContext,
  createScheduledController,
  env,
  introspectWorkflow,
  SELF,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/worker.ts";
import type { WorkerEnv } from "../../src/worker-env.ts";
import { CRON_TIME, FRESH, folderOf, STALE } from "./refresh-seed.ts";

const bindings = env as unknown as WorkerEnv;

/**
 * A firing of the Cron Trigger: the Worker's `scheduled` handler called in workerd as the runtime
 * calls it, with the Worker's bindings (the pool's SELF cannot dispatch a scheduled event).
 */
async function fire(scheduledTime: number, bindingsFor: WorkerEnv = bindings): Promise<void> {
  const controller = createScheduledController({ scheduledTime, cron: "0 6 * * 1" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, bindingsFor, ctx);
  await waitOnExecutionContext(ctx);
}

interface JobView {
  job_id: string;
  kind: string;
  idea: string | null;
  status: string;
  result: { status: string; path: string } | null;
}

async function jobs(): Promise<JobView[]> {
  const response = await SELF.fetch("http://localhost/api/jobs?limit=100");
  return ((await response.json()) as { jobs: JobView[] }).jobs;
}

/** The research.md a job committed, as GET /api/jobs/:id/research answers it. */
async function research(jobId: string): Promise<string> {
  const response = await SELF.fetch(`http://localhost/api/jobs/${jobId}/research`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("the Worker's Cron Trigger in workerd", () => {
  it("fails the firing in one line, submitting nothing, when a refresh variable does not parse", async () => {
    const typo = { ...bindings, IDEA_EXPLORER_REFRESH_MAX_COST: "two dollars" };
    await expect(fire(CRON_TIME, typo)).rejects.toThrow(
      'scheduled refresh: IDEA_EXPLORER_REFRESH_MAX_COST must be a number of US dollars from 0.01 to 1000, such as 2; got "two dollars"',
    );
    const fewer = { ...bindings, IDEA_EXPLORER_REFRESH_OLDER_THAN: "200d" };
    await fire(CRON_TIME, fewer);
    expect((await jobs()).filter((j) => j.idea === STALE.idea)).toEqual([]);
  });

  it("turns the stale exploration into a refresh job that commits its update, and leaves the fresh one alone", async () => {
    await using workflows = await introspectWorkflow(bindings.JOB_WORKFLOW);

    await fire(CRON_TIME);

    const submitted = await jobs();
    const refresh = submitted.filter((j) => j.idea === STALE.idea);
    expect(refresh).toHaveLength(1);
    expect(refresh[0]?.kind).toBe("explore");
    expect(submitted.some((j) => j.idea === FRESH.idea)).toBe(false);

    const [instance] = await workflows.get();
    if (!instance) throw new Error("no Workflow instance was created for the refresh job");
    await instance.waitForStatus("complete");
    const [done] = (await jobs()).filter((j) => j.idea === STALE.idea);
    expect(done).toMatchObject({
      status: "completed",
      result: { status: "updated", path: `ideas/${folderOf(STALE)}/research.md` },
    });
    const committed = await research(done!.job_id);
    expect(committed).toMatch(/^## Update - \d{4}-\d{2}-\d{2}$/m);
    expect(committed).toContain("Promising in dense towns.");

    // A week later nothing is stale: the refresh dated the exploration, the other is 42 days old.
    await fire(CRON_TIME + 7 * 86_400_000);
    expect((await jobs()).filter((j) => j.idea === STALE.idea)).toHaveLength(1);
  });
});
