import {
  checkSetupFiles,
  decideSetup,
  type SetupFileWriter,
  type SetupGroup,
  type SetupOutcome,
  type SetupWriteOptions,
} from "../setup-files.ts";
import { commitOnBranch } from "./git-data-commit.ts";
import type { RefUpdateOptions } from "./ref-update.ts";
import type { GitHubRepoContext } from "./repo-context.ts";

/**
 * Set-up files committed to the branch in one commit through the Git Data API, decided on the
 * head it lands on: a group whose first file is there already is kept (unless replaced), so a
 * file someone pushed meanwhile is never overwritten; nothing to write makes no commit.
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

  async write(groups: readonly SetupGroup[], options: SetupWriteOptions): Promise<SetupOutcome> {
    checkSetupFiles(groups.flat());
    const { value, commit } = await commitOnBranch(
      this.#ctx,
      this.#branch,
      async (head) => {
        const decided = await decideSetup(groups, options.replace, (path) => head.readText(path));
        const files = decided.write.map((w) => w.file);
        const value = {
          written: files.map((f) => f.path),
          kept: decided.kept,
          unchanged: decided.unchanged,
        };
        if (files.length === 0) return { kind: "skip" as const, value };
        return { kind: "commit" as const, files, message: options.message, value };
      },
      { attempts: 4, refUpdate: this.#refUpdate, checkFiles: checkSetupFiles },
    );
    const where = commit?.commitSha
      ? `commit ${commit.commitSha.slice(0, 7)} on ${this.#ctx.owner}/${this.#ctx.repo}@${this.#branch}`
      : `${this.#ctx.owner}/${this.#ctx.repo}@${this.#branch}`;
    return { ...value, where };
  }
}
