import type { JobRecord } from "./job-record.ts";
import type { JobProgress } from "./workflow.ts";

export type JobEvent =
  | { type: "progress"; jobId: string; currentStep: string | undefined; progress: JobProgress }
  | { type: "finished"; job: JobRecord };

export type JobListener = (event: JobEvent) => void;

/** In-process fan-out of job events (the SSE endpoint listens here). */
export class JobEvents {
  readonly #listeners = new Map<string, Set<JobListener>>();
  readonly #everyJob = new Set<JobListener>();

  /** Events of every job: one listener, not one per job (no memory per queued job). */
  subscribeAll(listener: JobListener): () => void {
    this.#everyJob.add(listener);
    return () => this.#everyJob.delete(listener);
  }

  subscribe(jobId: string, listener: JobListener): () => void {
    let set = this.#listeners.get(jobId);
    if (!set) {
      set = new Set();
      this.#listeners.set(jobId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(jobId);
    };
  }

  publish(event: JobEvent): void {
    const jobId = event.type === "finished" ? event.job.id : event.jobId;
    for (const listener of [...(this.#listeners.get(jobId) ?? []), ...this.#everyJob]) {
      try {
        listener(event);
      } catch {
        // A broken subscriber (a closed stream) must not break the job.
      }
    }
  }

  listenerCount(jobId: string): number {
    return this.#listeners.get(jobId)?.size ?? 0;
  }
}
