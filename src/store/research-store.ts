import type { IdeaLock, IdeaLockOptions } from "./idea-lock.ts";
import type { ResearchReader } from "./research-reader.ts";

/** A file to put in the ideas repository, path relative to the repository root. */
export interface ResearchFile {
  path: string;
  content: string;
}

export type CommitResult = {
  /** The commit that holds the files (absent when the local folder is not a git repository). */
  commitSha?: string;
  /** Where each file can be seen: a local path relative to the repository or a GitHub URL. */
  locations: string[];
  /** One line each about what the store found and fixed on the way (a crashed run's leftovers). */
  notes?: string[];
};

/**
 * One committed state of the ideas repository: the branch head's tree (git, GitHub), or the
 * completed folders of a plain folder. A leftover of a crashed run is never part of it.
 */
export interface ResearchSnapshot {
  /** Names of the folders directly under ideas/ (all of them, not capped at 1,000). */
  listIdeaFolders(): Promise<string[]>;
  /** The text of a file, or undefined when it does not exist. */
  readText(repoPath: string): Promise<string | undefined>;
}

/** What to do on the head a commit would land on: commit these files, or nothing. */
export type CommitDecision<T> =
  | { kind: "commit"; files: ResearchFile[]; message: string; value: T }
  | { kind: "skip"; value: T };

/**
 * The ideas repository: a local folder (optionally a git repository) or a GitHub repository.
 * Paths are repository-relative and use "/" (for example "ideas/2026-11-22-x/research.md").
 * listIdeaFolders and readText read committed state (see ResearchSnapshot); getContent reads
 * what read_research may see.
 */
export interface ResearchStore extends ResearchReader, ResearchSnapshot {
  /** A short human name for messages: "folder ." or "github owner/repo@main". */
  readonly description: string;
  /** Fails fast with a clear StoreError when the repository cannot be used (missing, bad token). */
  verify(): Promise<void>;
  /**
   * Lands ONE atomic commit decided on the head it lands on: `decide` reads that head and
   * returns the files (or skip). When the branch moves before the commit lands, `decide` runs
   * again on the new head, so a duplicate or a taken folder is seen, never overwritten.
   * Committing files identical to the head's makes no commit and reports the one that holds them.
   */
  commitOnHead<T>(
    decide: (head: ResearchSnapshot) => Promise<CommitDecision<T>>,
  ): Promise<{ value: T; commit?: CommitResult }>;
  /** commitOnHead with fixed files. */
  commit(files: ResearchFile[], message: string): Promise<CommitResult>;
  /**
   * Holds the right to explore one idea (by fingerprint) in this repository until released, so
   * two runs of one idea never both pay. Throws IdeaBusyError when `wait` is false and it is held.
   */
  lockIdea(fingerprint: string, options: IdeaLockOptions): Promise<IdeaLock>;
  /**
   * Makes the local copy of a committed folder whole again when a run died after its commit
   * landed but before the copy was updated; returns a line saying what was restored, if anything.
   */
  restoreCommitted?(folder: string): Promise<string | undefined>;
}
