import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { openSandboxRoot, type SandboxRoot } from "../sandbox/sandbox-root.ts";
import { writeFileInside } from "../sandbox/write-inside.ts";
import { removeWriteTempsInside } from "../sandbox/write-temps.ts";
import type { IdeaLock, IdeaLockOptions } from "./idea-lock.ts";
import { acquireFileLock } from "./local/file-lock.ts";
import {
  COMPLETION_MARK,
  folderSnapshot,
  isUnfinishedFolder,
  readWorkingText,
} from "./local/folder-snapshot.ts";
import { storeErrorFromFs } from "./local/fs-store-error.ts";
import { commitOnGitHead } from "./local/git-commit.ts";
import { checkGitIdentity } from "./local/git-identity.ts";
import { GitRepository } from "./local/git-repository.ts";
import { localContents } from "./local/local-contents.ts";
import type { GitOptions } from "./local/run-git.ts";
import { storeErrorFromSandbox } from "./local/sandbox-store-error.ts";
import { checkResearchFiles, MAX_STORED_FILE_BYTES } from "./research-files.ts";
import { StoreError } from "./research-reader.ts";
import type {
  CommitDecision,
  CommitResult,
  ResearchFile,
  ResearchSnapshot,
  ResearchStore,
} from "./research-store.ts";
import { tracedCommit } from "./traced-commit.ts";

export type { GitOptions } from "./local/run-git.ts";

export interface LocalStoreOptions {
  /** The ideas repository folder (research lives under <root>/ideas/). */
  root: string;
  /** How git is run when the folder is a git repository. */
  git?: GitOptions;
}

/** Where a plain folder keeps its locks (a git repository keeps them in its git dir). */
const FOLDER_STATE_DIR = ".idea-explorer";

/**
 * The ideas repository as a folder on disk, optionally a git repository. Every read and write
 * of research goes through the sandbox primitives, so nothing outside the folder is read or
 * changed: links out of it are never followed, not by read_research, not by a commit.
 *
 * Committed state is what counts: in a git repository the branch head's tree, in a plain folder
 * the folders a commit completed (see COMPLETION_MARK). Files a crashed run left behind are
 * never mistaken for research; the next commit of that folder replaces them and says so.
 */
export class LocalStore implements ResearchStore {
  readonly description: string;
  readonly #rootPath: string;
  readonly #git: GitOptions;
  #root: SandboxRoot | undefined;
  #repo: Promise<GitRepository | undefined> | undefined;
  /** Commits of this process run one at a time; other processes are handled by the ref CAS. */
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

  /**
   * The folder can be used before anything is paid for: research can be written where it goes
   * (a probe file is created and removed), and in a git repository git can commit there.
   */
  async verify(): Promise<void> {
    const root = this.#sandbox();
    const ideas = path.join(root.realPath, "ideas");
    await probeWritable(
      existsSync(ideas) ? ideas : root.realPath,
      existsSync(ideas) ? "ideas" : ".",
    );
    await probeWritable(await this.#stateDir(), "its lock folder");
    if (await this.#repository()) await checkGitIdentity(root.realPath, this.#git);
  }

  async listIdeaFolders(): Promise<string[]> {
    return (await this.#snapshot()).listIdeaFolders();
  }

  async readText(repoPath: string): Promise<string | undefined> {
    return (await this.#snapshot()).readText(repoPath);
  }

  commitOnHead<T>(
    decide: (head: ResearchSnapshot) => Promise<CommitDecision<T>>,
  ): Promise<{ value: T; commit?: CommitResult }> {
    const run = tracedCommit("local", () =>
      this.#commits.then(async () => {
        const repo = await this.#repository();
        return repo
          ? commitOnGitHead(repo, decide, (files, before) =>
              this.#updateWorkingCopy(repo, files, before),
            )
          : this.#commitToFolder(decide);
      }),
    );
    this.#commits = run.catch(() => {});
    return run;
  }

  async commit(files: ResearchFile[], message: string): Promise<CommitResult> {
    const paths = checkResearchFiles(files);
    if (paths.length === 0) return { locations: [] };
    const { commit } = await this.commitOnHead(async () => ({
      kind: "commit" as const,
      files,
      message,
      value: undefined,
    }));
    return commit ?? { locations: paths };
  }

  async lockIdea(fingerprint: string, options: IdeaLockOptions): Promise<IdeaLock> {
    if (!/^[0-9a-f]{8,64}$/.test(fingerprint)) throw new TypeError("not an idea fingerprint");
    const file = path.join(await this.#stateDir(), "locks", `${fingerprint}.lock`);
    return acquireFileLock(file, options).catch((error: unknown) => {
      // Its own answers (busy, cancelled) pass; an OS error's text would name host paths.
      throw isErrnoError(error) ? storeErrorFromFs(error, "lock the idea") : error;
    });
  }

  /** Puts back a committed folder's files the working tree or the index lost (see the interface). */
  async restoreCommitted(folder: string): Promise<string | undefined> {
    const repo = await this.#repository();
    const head = repo && (await repo.head())?.commit;
    if (!repo || !head) return undefined;
    const root = this.#sandbox();
    const blobs = await repo.blobsUnder(head, folder);
    const restored: string[] = [];
    for (const blob of blobs) {
      if ((await readWorkingText(root, blob.path).catch(() => "")) !== undefined) continue;
      await this.#write(root, blob.path, await repo.readBlob(blob.sha));
      restored.push(blob.path);
    }
    const unindexed = await repo.missingFromIndex(blobs.map((b) => b.path));
    if (unindexed.length > 0) await repo.addToIndex(unindexed);
    if (restored.length === 0 && unindexed.length === 0) return undefined;
    return `${folder} was committed by a run that stopped before updating the folder; its files were restored`;
  }

  /**
   * After the branch moved: the committed files go into the working tree (only when they
   * differ) and into the user's index for exactly those paths, so `git status` is clean. The
   * commit has landed by then, so a failure here (a full disk) is a note, not a failed run.
   */
  async #updateWorkingCopy(
    repo: GitRepository,
    files: readonly ResearchFile[],
    before: ResearchSnapshot,
  ): Promise<string[]> {
    const notes: string[] = [];
    try {
      notes.push(...(await this.#writeChanged(files, before)));
    } catch (error) {
      const folder = files[0]?.path.split("/").slice(0, -1).join("/") ?? "ideas";
      return [
        `the commit landed, but ${folder} could not be written to the working tree (${(error as Error).message}); \`git checkout -- ${folder}\` restores it`,
      ];
    }
    if (!(await repo.addToIndex(files.map((f) => f.path)))) {
      notes.push(
        "the commit landed, but git's index stayed busy; `git status` may list the new files until you run `git add ideas`",
      );
    }
    return [...new Set(notes)];
  }

  /**
   * A plain folder: under a folder-wide lock, files renamed into place, the completion mark
   * last. A folder a crashed run left (see isUnfinishedFolder) is written into: the temp files
   * of its unfinished writes are removed (no write is in flight while the lock is held) and one
   * note says so.
   */
  async #commitToFolder<T>(
    decide: (head: ResearchSnapshot) => Promise<CommitDecision<T>>,
  ): Promise<{ value: T; commit?: CommitResult }> {
    const lock = await acquireFileLock(path.join(await this.#stateDir(), "commit.lock"), {
      wait: true,
    }).catch((error: unknown) => {
      throw isErrnoError(error) ? storeErrorFromFs(error, "lock the folder for the commit") : error;
    });
    try {
      const root = this.#sandbox();
      const snapshot = folderSnapshot(() => root);
      const decision = await decide(snapshot);
      if (decision.kind === "skip") return { value: decision.value };
      const paths = checkResearchFiles(decision.files);
      const files = decision.files
        .map((file, i) => ({ path: paths[i]!, content: file.content }))
        .sort((a, b) => Number(isMark(a.path)) - Number(isMark(b.path)));
      const notes = new Set<string>();
      for (const folder of new Set(paths.map(folderOf))) {
        const name = /^ideas\/([^/]+)$/.exec(folder)?.[1];
        if (name === undefined || !(await isUnfinishedFolder(root, name))) continue;
        await removeWriteTempsInside(root, folder).catch((error: unknown) => {
          throw storeErrorFromSandbox(error, `Could not clean ${JSON.stringify(folder)}`);
        });
        notes.add(leftoverNote(folder));
      }
      for (const note of await this.#writeChanged(files, snapshot)) notes.add(note);
      const result: CommitResult = { locations: paths };
      return {
        value: decision.value,
        commit: notes.size ? { ...result, notes: [...notes] } : result,
      };
    } finally {
      await lock.release();
    }
  }

  /**
   * Writes the files that differ on disk, in order; a file there that `before` does not hold is
   * a crashed run's leftover, replaced and noted (once per folder).
   */
  async #writeChanged(files: readonly ResearchFile[], before: ResearchSnapshot): Promise<string[]> {
    const root = this.#sandbox();
    const notes = new Set<string>();
    for (const file of files) {
      const current = await readWorkingText(root, file.path).catch(() => undefined);
      if (current === file.content) continue;
      if (current !== undefined && (await before.readText(file.path)) === undefined) {
        notes.add(leftoverNote(folderOf(file.path)));
      }
      await this.#write(root, file.path, file.content);
    }
    return [...notes];
  }

  async #write(root: SandboxRoot, repoPath: string, content: string | Uint8Array): Promise<void> {
    try {
      await writeFileInside(root, repoPath, content, { maxBytes: MAX_STORED_FILE_BYTES });
    } catch (error) {
      throw storeErrorFromSandbox(error, `Could not write ${JSON.stringify(repoPath)}`);
    }
  }

  async #snapshot(): Promise<ResearchSnapshot> {
    const repo = await this.#repository();
    return repo
      ? repo.snapshot((await repo.head())?.commit)
      : folderSnapshot(() => this.#sandbox());
  }

  /** Decided once, on first use: the folder is in a git work tree, or it is a plain folder. */
  #repository(): Promise<GitRepository | undefined> {
    this.#repo ??= GitRepository.open(this.#sandbox().realPath, this.#git);
    return this.#repo;
  }

  async #stateDir(): Promise<string> {
    const repo = await this.#repository();
    const dir = repo ? repo.stateDir : path.join(this.#sandbox().realPath, FOLDER_STATE_DIR);
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      throw new StoreError(
        `the ideas folder cannot be written: its lock folder ${repo ? "in the git directory" : FOLDER_STATE_DIR} cannot be created (${code})`,
      );
    }
    return dir;
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

/** Creates and removes a file in `dir`; a refusal is one line naming the folder as the user sees it. */
async function probeWritable(dir: string, shown: string): Promise<void> {
  // Random: jobs of one process verify at once.
  const probe = path.join(
    dir,
    `.idea-explorer-probe-${process.pid}-${randomBytes(6).toString("hex")}`,
  );
  try {
    await writeFile(probe, "", { flag: "wx" });
    await unlink(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    const why =
      code === "EROFS"
        ? "is on a read-only file system"
        : code === "ENOSPC"
          ? "is on a full disk"
          : `is not writable (${code})`;
    throw new StoreError(`the ideas folder cannot be written: ${shown} ${why}`);
  }
}

function isErrnoError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException | undefined)?.code === "string";
}

function isMark(repoPath: string): boolean {
  return repoPath.endsWith(`/${COMPLETION_MARK}`);
}

function folderOf(repoPath: string): string {
  return repoPath.split("/").slice(0, -1).join("/");
}

function leftoverNote(folder: string): string {
  return `${folder} held files of an earlier run that did not finish; they were replaced`;
}
