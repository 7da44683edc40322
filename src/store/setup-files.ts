import { StoreError } from "./research-reader.ts";
import type { ResearchFile } from "./research-store.ts";

/**
 * The only files a setup may write: GitHub's issue templates and workflows. Research commits
 * refuse every dot-entry (a written workflow runs code); these come from the product's own
 * templates, never from a model, and `init github` is asked for by the user.
 */
const SETUP_PATH = /^\.github\/(ISSUE_TEMPLATE|workflows)\/[A-Za-z0-9][\w.-]*\.ya?ml$/;

/** What a setup wrote, and what it kept because the file was there already (without --force). */
export interface SetupOutcome {
  written: string[];
  kept: string[];
  /** Where the files can be seen: a commit on GitHub, or the folder. */
  where: string;
}

/** Writes the set-up files into the ideas repository, never over an existing one unless forced. */
export interface SetupFileWriter {
  readonly description: string;
  write(files: readonly ResearchFile[], options: { force: boolean }): Promise<SetupOutcome>;
}

/** Throws unless every path is a GitHub issue template or workflow; returns the paths. */
export function checkSetupFiles(files: readonly ResearchFile[]): string[] {
  return files.map((file) => {
    if (!SETUP_PATH.test(file.path)) {
      throw new StoreError(
        `${JSON.stringify(file.path)} is not an issue template or workflow file`,
      );
    }
    return file.path;
  });
}
