import { createHash } from "node:crypto";
import type { ExploreRequest } from "../../config/explore-request.ts";
import type { Json, WorkflowStep } from "../../jobs/workflow.ts";
import type { PaidResearchStash } from "../../store/paid-research.ts";

/** The steps that pay the model (quick mode's "research"; deep mode's plan, sub-questions, synthesis). */
export function isPaidStep(name: string): boolean {
  return (
    name === "research" ||
    name === "plan" ||
    name === "synthesis" ||
    name === "check-claims" ||
    /^sub-question-\d+$/.test(name)
  );
}

/** What a stash is for: the request exactly as explored (its idea, mode, depth, model, limits). */
export function requestKey(request: ExploreRequest): string {
  return createHash("sha256").update(JSON.stringify(request)).digest("hex");
}

export interface StashOptions {
  stash: PaidResearchStash;
  issue: number;
  key: string;
  /** Says once that earlier research is reused, and why a stash could not be read or written. */
  note: (line: string) => void;
}

/**
 * `step` with the issue's paid research kept in the stash: a paid step whose result an earlier
 * run of the same request saved returns that result (no model call); one that runs saves its
 * result as soon as it has it, before anything else of the run can fail. Saves are sent one at
 * a time, each with every result so far, so parallel sub-questions never overwrite one another.
 * A stash that cannot be read or written costs at most a second payment, never the run.
 */
export async function stashedSteps(
  step: WorkflowStep,
  options: StashOptions,
): Promise<WorkflowStep> {
  const { stash, issue, key, note } = options;
  let saved: Record<string, unknown> = {};
  try {
    saved = { ...((await stash.load(issue, key)) ?? {}) };
  } catch (error) {
    note(`could not read the research kept for #${issue} (${messageOf(error)}); researching anew`);
  }
  let told = false;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    saving = saving.then(() =>
      stash.save(issue, key, { ...saved }).catch((error) => {
        note(`could not keep the research paid for #${issue} (${messageOf(error)})`);
      }),
    );
    return saving;
  };
  return {
    do: <T extends Json>(name: string, fn: () => Promise<T>) =>
      step.do(name, async () => {
        if (!isPaidStep(name)) return fn();
        if (Object.hasOwn(saved, name)) {
          if (!told) note(`reusing the research an earlier run paid for (${stash.where(issue)})`);
          told = true;
          return saved[name] as T;
        }
        const value = await fn();
        saved[name] = value;
        await save();
        return value;
      }),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
