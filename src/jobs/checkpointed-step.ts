import { JobError } from "./job-error.ts";
import type { Json, WorkflowStep } from "./workflow.ts";

export interface StepJournal {
  /** Outputs of the steps already finished, as stored JSON text, by step name. */
  finished: Map<string, string>;
  started(name: string): void;
  /** Must persist durably before returning: only then is the step done. */
  finish(name: string, output: string): void;
}

/**
 * WorkflowStep over a journal: a finished step returns its stored output without calling `fn`; a
 * new step runs, its output is stored, and the stored copy is returned, so a first run and a replay
 * see exactly the same value (Dates become strings either way).
 */
export function createCheckpointedStep(
  journal: StepJournal,
  reserved: string[] = [],
): WorkflowStep {
  return {
    async do<T extends Json>(name: string, fn: () => Promise<T>): Promise<T> {
      if (typeof name !== "string" || name.trim() === "") {
        throw new JobError("invalid_workflow", "a workflow step needs a non-empty name");
      }
      if (reserved.includes(name)) {
        throw new JobError("invalid_workflow", `step name "${name}" is reserved by the job runner`);
      }
      const stored = journal.finished.get(name);
      if (stored !== undefined) return JSON.parse(stored) as T;
      journal.started(name);
      const output = toJsonText(name, await fn());
      journal.finish(name, output);
      journal.finished.set(name, output);
      return JSON.parse(output) as T;
    },
  };
}

function toJsonText(name: string, value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value ?? null);
  } catch {
    text = undefined;
  }
  if (text === undefined) {
    throw new JobError("invalid_workflow", `step "${name}" returned a value that is not JSON`);
  }
  return text;
}
