import { StoreError } from "./research-reader.ts";
import type { ResearchFile } from "./research-store.ts";

/**
 * The only files a setup may write: GitHub's issue templates and workflows, and the intake's
 * single-file build beside them. Research commits refuse every dot-entry (a written workflow
 * runs code); these come from the product's own templates and build, never from a model, and
 * `init github` is asked for by the user.
 */
const SETUP_PATH =
  /^\.github\/(?:(?:ISSUE_TEMPLATE|workflows)\/[A-Za-z0-9][\w.-]*\.ya?ml|idea-explorer\/idea-explorer\.mjs)$/;

/**
 * Files that only work together, such as a workflow and the bundle whose SHA-256 it pins: the
 * first file decides for all of them. When it is missing, or replaced, every file of the group
 * is written (each one that differs); when it is kept, the whole group is kept, so a kept
 * workflow is never left pinning a bundle that was replaced under it.
 */
export type SetupGroup = readonly SetupFile[];

/**
 * `onlyIfPresent`: written with its group only when it is there already (an optional workflow
 * that pins the group's bundle too: replaced with the bundle, never added unasked).
 */
export type SetupFile = ResearchFile & { onlyIfPresent?: boolean };

export interface SetupWriteOptions {
  /** First paths of the groups to replace when they are there already (--force, --upgrade). */
  replace: ReadonlySet<string>;
  /** The commit message, where the files are committed. */
  message: string;
}

/** What a setup wrote, what it kept because it was there already, and what was up to date. */
export interface SetupOutcome {
  written: string[];
  kept: string[];
  /** Files of a group being written that were already exactly as they would be written. */
  unchanged: string[];
  /** Where the files can be seen: a commit on GitHub, or the folder. */
  where: string;
}

/** Writes the set-up files into the ideas repository, never over an existing one unless asked. */
export interface SetupFileWriter {
  readonly description: string;
  write(groups: readonly SetupGroup[], options: SetupWriteOptions): Promise<SetupOutcome>;
}

/** Throws unless every path is a GitHub issue template, workflow or the bundle; returns the paths. */
export function checkSetupFiles(files: readonly ResearchFile[]): string[] {
  return files.map((file) => {
    if (!SETUP_PATH.test(file.path)) {
      throw new StoreError(
        `${JSON.stringify(file.path)} is not an issue template, workflow or idea-explorer bundle file`,
      );
    }
    return file.path;
  });
}

/** A file to write, and whether a file is there to be replaced (or the name is free). */
export interface SetupWrite {
  file: ResearchFile;
  replaces: boolean;
}

/**
 * The group-wise decision both writers make, on the state they write onto: `existing` gives a
 * file's current text (undefined when missing).
 */
export async function decideSetup(
  groups: readonly SetupGroup[],
  replace: ReadonlySet<string>,
  existing: (path: string) => Promise<string | undefined>,
): Promise<{ write: SetupWrite[]; kept: string[]; unchanged: string[] }> {
  const write: SetupWrite[] = [];
  const kept: string[] = [];
  const unchanged: string[] = [];
  for (const group of groups) {
    const [first] = group;
    if (!first) continue;
    const current = await existing(first.path);
    if (current !== undefined && !replace.has(first.path)) {
      for (const file of group) {
        if (file.onlyIfPresent && (await existing(file.path)) === undefined) continue;
        kept.push(file.path);
      }
      continue;
    }
    for (const file of group) {
      const text = file === first ? current : await existing(file.path);
      if (file.onlyIfPresent && text === undefined) continue;
      if (text === file.content) unchanged.push(file.path);
      else write.push({ file, replaces: text !== undefined });
    }
  }
  return { write, kept, unchanged };
}
