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
};

/**
 * The ideas repository: a local folder (optionally a git repository) or a GitHub repository.
 * Paths are repository-relative and use "/" (for example "ideas/2026-11-22-x/research.md").
 */
export interface ResearchStore extends ResearchReader {
  /** A short human name for messages: "folder ." or "github owner/repo@main". */
  readonly description: string;
  /** Fails fast with a clear StoreError when the repository cannot be used (missing, bad token). */
  verify(): Promise<void>;
  /** Names of the folders directly under ideas/ (all of them, not capped at 1,000). */
  listIdeaFolders(): Promise<string[]>;
  /** The text of a file, or undefined when it does not exist. */
  readText(repoPath: string): Promise<string | undefined>;
  /** Writes every file in ONE commit (or one atomic batch for a plain folder). Idempotent. */
  commit(files: ResearchFile[], message: string): Promise<CommitResult>;
}
