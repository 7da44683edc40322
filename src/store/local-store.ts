import { listDirectoryInside } from "../sandbox/list-inside.ts";
import { readRegularFileInside } from "../sandbox/read-inside.ts";
import { isSandboxError } from "../sandbox/sandbox-error.ts";
import { openSandboxRoot, type SandboxRoot } from "../sandbox/sandbox-root.ts";
import { writeFileInside } from "../sandbox/write-inside.ts";
import {
  checkGitIdentity,
  commitPaths,
  type GitOptions,
  isGitWorkTree,
} from "./local/git-commit.ts";
import { localContents } from "./local/local-contents.ts";
import { storeErrorFromSandbox } from "./local/sandbox-store-error.ts";
import { checkResearchFiles } from "./research-files.ts";
import type { CommitResult, ResearchFile, ResearchStore } from "./research-store.ts";

export interface LocalStoreOptions {
  /** The ideas repository folder (research lives under <root>/ideas/). */
  root: string;
  /** How git is run when the folder is a git repository. */
  git?: GitOptions;
}

/** Research files stay far below this; it only stops a runaway write or read. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;

/**
 * The ideas repository as a folder on disk, optionally a git repository. Every read and write
 * goes through the sandbox primitives, so nothing outside the folder is read or changed —
 * links out of it are never followed, not by read_research, not by a commit.
 */
export class LocalStore implements ResearchStore {
  readonly description: string;
  readonly #rootPath: string;
  readonly #git: GitOptions;
  #root: SandboxRoot | undefined;
  /** Commits run one at a time: git's index allows one writer. */
  #commits: Promise<unknown> = Promise.resolve();

  constructor(options: LocalStoreOptions) {
    this.#rootPath = options.root;
    this.#git = options.git ?? {};
    this.description = `folder ${options.root}`;
  }

  async getContent(repoPath: string): Promise<unknown> {
    try {
      return await localContents(this.#sandbox(), repoPath);
    } catch (error) {
      throw storeErrorFromSandbox(error, `Could not read ${JSON.stringify(repoPath)}`);
    }
  }

  /** The folder can be used and, in a git repository, git can commit there. */
  async verify(): Promise<void> {
    const root = this.#sandbox();
    if (await isGitWorkTree(root.realPath, this.#git)) {
      await checkGitIdentity(root.realPath, this.#git);
    }
  }

  async listIdeaFolders(): Promise<string[]> {
    try {
      const { entries } = await listDirectoryInside(this.#sandbox(), "ideas", {
        maxEntries: Number.MAX_SAFE_INTEGER,
      });
      return entries
        .filter((e) => e.kind === "directory" && !e.name.startsWith("."))
        .map((e) => e.name);
    } catch (error) {
      if (isSandboxError(error) && error.code === "not_found") return [];
      throw storeErrorFromSandbox(error, "Could not list the ideas folder");
    }
  }

  async readText(repoPath: string): Promise<string | undefined> {
    try {
      const bytes = await readRegularFileInside(this.#sandbox(), repoPath, {
        maxBytes: MAX_FILE_BYTES,
      });
      return bytes.toString("utf8");
    } catch (error) {
      if (isSandboxError(error) && error.code === "not_found") return undefined;
      throw storeErrorFromSandbox(error, `Could not read ${JSON.stringify(repoPath)}`);
    }
  }

  /**
   * Writes the files (unchanged ones are left untouched), then, in a git repository, commits
   * exactly those paths once. Calling it again with the same files makes no new commit.
   */
  commit(files: ResearchFile[], message: string): Promise<CommitResult> {
    const run = this.#commits.then(() => this.#commitNow(files, message));
    this.#commits = run.catch(() => {});
    return run;
  }

  async #commitNow(files: ResearchFile[], message: string): Promise<CommitResult> {
    const paths = checkResearchFiles(files);
    const root = this.#sandbox();
    for (const [i, path] of paths.entries()) {
      const content = files[i]!.content;
      if ((await this.#currentText(path)) === content) continue;
      try {
        await writeFileInside(root, path, content, { maxBytes: MAX_FILE_BYTES });
      } catch (error) {
        throw storeErrorFromSandbox(error, `Could not write ${JSON.stringify(path)}`);
      }
    }
    if (paths.length === 0 || !(await isGitWorkTree(root.realPath, this.#git))) {
      return { locations: paths };
    }
    const commitSha = await commitPaths(root.realPath, paths, message, this.#git);
    return { commitSha, locations: paths };
  }

  /** The file's text if it is a readable regular file; undefined means "write it". */
  async #currentText(path: string): Promise<string | undefined> {
    try {
      return await this.readText(path);
    } catch {
      return undefined;
    }
  }

  /** Resolved on first use, so a folder created after start-up still works. */
  #sandbox(): SandboxRoot {
    if (!this.#root) {
      try {
        this.#root = openSandboxRoot(this.#rootPath, { label: "ideas folder" });
      } catch (error) {
        throw storeErrorFromSandbox(error, "The ideas folder cannot be used");
      }
    }
    return this.#root;
  }
}
