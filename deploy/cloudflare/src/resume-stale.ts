import type { D1JobStore } from "./d1-job-store.ts";
import type { JobInstanceParams } from "./worker-env.ts";

/**
 * Local development only (`npm run cloudflare:dev` sets IDEA_EXPLORER_RESUME_STALE): workerd's
 * local Workflows leave an instance whose dev process was killed `running` after a restart, until
 * it is paused and resumed; its finished steps are then not re-run. Production Workflows resume
 * by themselves, so a deployed Worker never does this. A job row whose instance was never created
 * (the process died between the two) gets its instance now.
 */
export async function resumeStaleInstances(
  store: D1JobStore,
  workflow: Workflow<JobInstanceParams>,
): Promise<number> {
  let resumed = 0;
  for (const id of await store.unfinishedIds()) {
    let instance: WorkflowInstance;
    try {
      instance = await workflow.get(id);
    } catch {
      await workflow.create({ id, params: { jobId: id } });
      resumed += 1;
      continue;
    }
    const { status } = await instance.status();
    if (status === "running" || status === "waiting") {
      await instance.pause();
      await instance.resume();
      resumed += 1;
    }
  }
  return resumed;
}
