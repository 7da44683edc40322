import { StoreError } from "../research-reader.ts";
import type { ResearchFile } from "../research-store.ts";
import { type ErrorContext, statusOf, toStoreError } from "./github-error.ts";
import type { GitHubClient } from "./octokit-client.ts";

export interface BranchTarget {
  owner: string;
  repo: string;
  branch: string;
}

export interface GitDataCommitOptions {
  /** Attempts when the branch moves between reading its head and updating it (default 4). */
  attempts: number;
  secrets: readonly string[];
}

/**
 * Puts every file into ONE commit on the branch through the Git Data API: blobs, a tree on top
 * of the head's tree (`base_tree`), a commit whose parent is the head, then a ref update WITHOUT
 * force. If someone pushed meanwhile, GitHub refuses the update (422 not a fast forward); the
 * tree and commit are rebuilt on the new head, so their changes are kept, never overwritten.
 *
 * Idempotent: when the new tree equals the head's tree (the files are already there, e.g. a job
 * replayed after a crash) no commit is made and the commit that last wrote them is returned with
 * `created: false` (the head may be someone else's commit by then).
 */
export async function commitToBranch(
  octokit: GitHubClient,
  target: BranchTarget,
  files: readonly ResearchFile[],
  message: string,
  options: GitDataCommitOptions,
): Promise<{ commitSha: string; created: boolean }> {
  const { owner, repo, branch } = target;
  const fail = (action: string) => (error: unknown) => {
    throw toStoreError(error, context(action, options));
  };

  // Blobs are content-addressed: uploaded once, valid for every attempt.
  const blobs: string[] = [];
  for (const file of files) {
    const { data } = await octokit.rest.git
      .createBlob({
        owner,
        repo,
        content: Buffer.from(file.content, "utf8").toString("base64"),
        encoding: "base64",
      })
      .catch(fail(`uploading ${file.path}`));
    blobs.push(data.sha);
  }

  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    const head = await readHead(octokit, target, options);
    const { data: tree } = await octokit.rest.git
      .createTree({
        owner,
        repo,
        base_tree: head.tree,
        tree: files.map((file, i) => ({
          path: file.path,
          mode: "100644" as const,
          type: "blob" as const,
          sha: blobs[i]!,
        })),
      })
      .catch(fail(`building the tree for ${owner}/${repo}`));
    if (tree.sha === head.tree) {
      return { commitSha: await lastCommitOf(octokit, target, files, head.commit), created: false };
    }

    const { data: commit } = await octokit.rest.git
      .createCommit({ owner, repo, message, tree: tree.sha, parents: [head.commit] })
      .catch(fail(`creating a commit in ${owner}/${repo}`));
    try {
      await octokit.rest.git.updateRef({
        owner,
        repo,
        ref: `heads/${branch}`,
        sha: commit.sha,
        force: false,
      });
      return { commitSha: commit.sha, created: true };
    } catch (error) {
      // 422 = the head moved (not a fast forward): rebuild on the new head.
      if (statusOf(error) !== 422) fail(`updating branch ${branch}`)(error);
    }
  }
  throw new StoreError(
    `Branch ${branch} of ${owner}/${repo} kept moving during ${options.attempts} commit attempts; try again`,
    { status: 409 },
  );
}

/** The newest commit on the branch that touched the first file; the head if none is found. */
async function lastCommitOf(
  octokit: GitHubClient,
  { owner, repo, branch }: BranchTarget,
  files: readonly ResearchFile[],
  head: string,
): Promise<string> {
  const path = files[0]?.path;
  if (!path) return head;
  try {
    const { data } = await octokit.rest.repos.listCommits({
      owner,
      repo,
      sha: branch,
      path,
      per_page: 1,
    });
    return data[0]?.sha ?? head;
  } catch {
    // The files are committed either way; only the reported SHA would be less precise.
    return head;
  }
}

async function readHead(
  octokit: GitHubClient,
  { owner, repo, branch }: BranchTarget,
  options: GitDataCommitOptions,
): Promise<{ commit: string; tree: string }> {
  try {
    const { data } = await octokit.rest.repos.getBranch({ owner, repo, branch });
    return { commit: data.commit.sha, tree: data.commit.commit.tree.sha };
  } catch (error) {
    if (statusOf(error) === 404) {
      throw new StoreError(`Branch ${branch} does not exist in ${owner}/${repo}`, { status: 404 });
    }
    throw toStoreError(error, context(`reading branch ${branch}`, options));
  }
}

function context(action: string, options: GitDataCommitOptions): ErrorContext {
  return { action, secrets: options.secrets };
}
