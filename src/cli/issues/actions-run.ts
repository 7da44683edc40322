import { readFile } from "node:fs/promises";
import { z } from "zod";
import { ConfigError } from "../../config/config-error.ts";
import type { Env } from "../../config/env.ts";

/** What `issues` takes from the GitHub Actions run it is part of (all absent outside Actions). */
export interface ActionsRun {
  /** GITHUB_REPOSITORY: the repository whose workflow is running. */
  repository?: string;
  /** Its default branch, from the event payload: where research is committed. */
  defaultBranch?: string;
  /** An `issues` event that put a label on an issue: which label, on which issue. */
  labelled?: { label: string; issue: number };
}

/** Only the fields read; the rest of GitHub's payload is left alone. */
const payloadSchema = z.object({
  action: z.string().optional(),
  repository: z
    .object({ full_name: z.string().optional(), default_branch: z.string().optional() })
    .optional(),
  label: z.object({ name: z.string() }).optional(),
  issue: z.object({ number: z.number().int() }).optional(),
});

/**
 * The run as Actions describes it to every step: GITHUB_REPOSITORY, and the event's payload in
 * the file GITHUB_EVENT_PATH names (GITHUB_EVENT_NAME says which event). These are GitHub's own,
 * the same on github.com and on GitHub Enterprise Server, so the workflow names none of them.
 */
export async function actionsRunFromEnv(env: Env): Promise<ActionsRun> {
  const run: ActionsRun = env.GITHUB_REPOSITORY ? { repository: env.GITHUB_REPOSITORY } : {};
  if (!env.GITHUB_EVENT_PATH) return run;
  const payload = payloadSchema.safeParse(await readPayload(env.GITHUB_EVENT_PATH));
  if (!payload.success) {
    throw new ConfigError("GITHUB_EVENT_PATH: the event file is not a GitHub event payload");
  }
  const { repository, label, issue, action } = payload.data;
  // The branch is the event's repository's: research for another repository goes to its own.
  const sameRepository =
    run.repository !== undefined &&
    repository?.full_name?.toLowerCase() === run.repository.toLowerCase();
  if (sameRepository && repository?.default_branch) run.defaultBranch = repository.default_branch;
  if (env.GITHUB_EVENT_NAME === "issues" && action === "labeled" && label && issue) {
    run.labelled = { label: label.name, issue: issue.number };
  }
  return run;
}

async function readPayload(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    // The code, never the OS message: that names a host path.
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new ConfigError(`GITHUB_EVENT_PATH: the event file could not be read (${code})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ConfigError("GITHUB_EVENT_PATH: the event file is not JSON");
  }
}
