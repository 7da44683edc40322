import type { IdeaLock, IdeaLockOptions } from "../../src/store/idea-lock.ts";
import { StoreError } from "../../src/store/research-reader.ts";
import type {
  CommitDecision,
  CommitResult,
  ResearchFile,
  ResearchSnapshot,
  ResearchStore,
} from "../../src/store/research-store.ts";

/**
 * Wraps a real ResearchStore (a LocalStore over a temp folder in tests) to record every
 * readText, so a test can check how much a search reads, and to fail reads on demand the way a
 * rate-limited GitHub store does.
 */
export class CountingStore implements ResearchStore {
  readonly reads: string[] = [];
  failReads = false;
  readonly #inner: ResearchStore;

  constructor(inner: ResearchStore) {
    this.#inner = inner;
  }

  get description(): string {
    return this.#inner.description;
  }

  verify(): Promise<void> {
    return this.#inner.verify();
  }

  listIdeaFolders(): Promise<string[]> {
    return this.#inner.listIdeaFolders();
  }

  async readText(repoPath: string): Promise<string | undefined> {
    this.reads.push(repoPath);
    if (this.failReads) {
      throw new StoreError("GitHub rate limit reached; retry in 60 s", {
        status: 403,
        rateLimited: true,
      });
    }
    return this.#inner.readText(repoPath);
  }

  getContent(repoPath: string, options?: { signal?: AbortSignal }): Promise<unknown> {
    return this.#inner.getContent(repoPath, options);
  }

  commit(files: ResearchFile[], message: string): Promise<CommitResult> {
    return this.#inner.commit(files, message);
  }

  commitOnHead<T>(
    decide: (head: ResearchSnapshot) => Promise<CommitDecision<T>>,
  ): Promise<{ value: T; commit?: CommitResult }> {
    return this.#inner.commitOnHead(decide);
  }

  lockIdea(fingerprint: string, options: IdeaLockOptions): Promise<IdeaLock> {
    return this.#inner.lockIdea(fingerprint, options);
  }
}
