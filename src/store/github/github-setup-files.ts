import type { ResearchFile } from "../research-store.ts";
import { checkSetupFiles, type SetupFileWriter, type SetupOutcome } from "../setup-files.ts";
import { commitOnBranch } from "./git-data-commit.ts";
import type { RefUpdateOptions } from "./ref-update.ts";
import type { GitHubRepoContext } from "./repo-context.ts";

/**
 * Set-up files committed to the branch in one commit through the Git Data API, decided on the
 * head it lands on: a file that is there already is kept (unless forced), so a file someone
 * pushed meanwhile is never overwritten; nothing to write makes no commit.
 */
export class GitHubSetupFiles implements SetupFileWriter {
  readonly description: string;
  readonly #ctx: GitHubRepoContext;
  readonly #branch: string;
  readonly #refUpdate: RefUpdateOptions;

  constructor(ctx: GitHubRepoContext, branch: string, refUpdate: RefUpdateOptions) {
    this.#ctx = ctx;
    this.#branch = branch;
    this.#refUpdate = refUpdate;
    this.description = `github ${ctx.owner}/${ctx.repo}@${branch}`;
  }

  async write(files: readonly ResearchFile[], options: { force: boolean }): Promise<SetupOutcome> {
    checkSetupFiles(files);
    const { value, commit } = await commitOnBranch(
      this.#ctx,
      this.#branch,
      async (head) => {
        const written: ResearchFile[] = [];
        const kept: string[] = [];
        for (const file of files) {
          const existing = await head.readText(file.path);
          if (existing === undefined || (options.force && existing !== file.content)) {
            written.push(file);
          } else {
            kept.push(file.path);
          }
        }
        const value = { written: written.map((f) => f.path), kept };
        if (written.length === 0) return { kind: "skip" as const, value };
        return {
          kind: "commit" as const,
          files: written,
          message: "Set up idea intake from GitHub issues",
          value,
        };
      },
      { attempts: 4, refUpdate: this.#refUpdate, checkFiles: checkSetupFiles },
    );
    const where = commit?.commitSha
      ? `commit ${commit.commitSha.slice(0, 7)} on ${this.#ctx.owner}/${this.#ctx.repo}@${this.#branch}`
      : `${this.#ctx.owner}/${this.#ctx.repo}@${this.#branch}`;
    return { ...value, where };
  }
}
