import { setTimeout as delay } from "node:timers/promises";
import { checkResearchFiles } from "../research-files.ts";
import { StoreError } from "../research-reader.ts";
import type {
  CommitDecision,
  CommitResult,
  ResearchFile,
  ResearchSnapshot,
} from "../research-store.ts";
import type { GitRepository } from "./git-repository.ts";

/** Puts committed files into the working tree (and the user's index for those paths only). */
export type UpdateWorkingCopy = (
  files: readonly ResearchFile[],
  before: ResearchSnapshot,
) => Promise<string[]>;

/** Enough for many local processes committing at once; each lost race costs a few git calls. */
const MAX_ATTEMPTS = 50;

/**
 * One atomic commit on the branch of a local git repository, built with plumbing from the head
 * it lands on: blobs and a tree in a private index, commit-tree, then update-ref NEW OLD. When
 * another commit landed first, the decision is made again on the new head. The working tree
 * is updated only after the branch moved, so a crash leaves either no commit (and nothing in
 * the working tree) or the commit; no hook runs and the user's staged changes stay as they are.
 */
export async function commitOnGitHead<T>(
  repo: GitRepository,
  decide: (head: ResearchSnapshot) => Promise<CommitDecision<T>>,
  updateWorkingCopy: UpdateWorkingCopy,
): Promise<{ value: T; commit?: CommitResult }> {
  await repo.removeStaleTemps();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const head = await repo.head();
    const old = head?.commit;
    const before = repo.snapshot(old);
    const decision = await decide(before);
    if (decision.kind === "skip") return { value: decision.value };
    const paths = checkResearchFiles(decision.files);
    const files = decision.files.map((file, i) => ({ path: paths[i]!, content: file.content }));
    const blobs = await repo.writeBlobs(files.map((file) => file.content));
    const entries = files.map((file, i) => ({ path: file.path, sha: blobs[i]! }));
    const tree = await repo.treeWith(old, entries);

    if (old && tree === head?.tree) {
      // Already committed (a replay, or a run that died after its commit landed).
      const commitSha = await repo.lastCommitTouching(old, paths);
      const notes = await updateWorkingCopy(files, before);
      return { value: decision.value, commit: withNotes({ commitSha, locations: paths }, notes) };
    }
    const commitSha = await repo.commitTree(tree, old, decision.message);
    if (!(await repo.moveHead(commitSha, old, firstLine(decision.message)))) {
      await delay(Math.floor(Math.random() * 20 * attempt));
      continue;
    }
    const notes = await updateWorkingCopy(files, before);
    return { value: decision.value, commit: withNotes({ commitSha, locations: paths }, notes) };
  }
  throw new StoreError(
    `the branch of the ideas repository kept moving during ${MAX_ATTEMPTS} commit attempts; try again`,
    { status: 409 },
  );
}

function withNotes(result: CommitResult, notes: string[]): CommitResult {
  return notes.length > 0 ? { ...result, notes } : result;
}

function firstLine(message: string): string {
  return message.split("\n", 1)[0] ?? "";
}
