import type { PaidResearchStash } from "../paid-research.ts";
import { statusOf, toStoreError } from "./github-error.ts";
import { errorContext, type GitHubRepoContext } from "./repo-context.ts";

/** The namespace of the stash refs: not a branch or a tag, so no page lists them. */
const NAMESPACE = "idea-explorer/paid-research";
const FILE = "paid-research.json";
const FORMAT = 1;

/**
 * The paid-research stash of an ideas repository on GitHub: per issue, a commit without parents
 * holding one JSON file, pointed at by `refs/idea-explorer/paid-research/issue-<n>`. A ref of
 * its own namespace is on no branch (the research is not published before its commit), starts
 * no `push` workflow, is outside branch protection (which may be what refused the commit), and
 * is read by the same token with the same rights as the research itself.
 */
export class GitHubResearchStash implements PaidResearchStash {
  private readonly ctx: GitHubRepoContext;

  constructor(ctx: GitHubRepoContext) {
    this.ctx = ctx;
  }

  where(issue: number): string {
    return `refs/${refName(issue)}`;
  }

  async load(issue: number, key: string): Promise<Record<string, unknown> | undefined> {
    const { octokit, owner, repo } = this.ctx;
    const action = `reading ${this.where(issue)}`;
    try {
      const ref = await octokit.rest.git.getRef({ owner, repo, ref: refName(issue) });
      const commit = await octokit.rest.git.getCommit({
        owner,
        repo,
        commit_sha: ref.data.object.sha,
      });
      const tree = await octokit.rest.git.getTree({ owner, repo, tree_sha: commit.data.tree.sha });
      const entry = tree.data.tree.find((e) => e.path === FILE && e.type === "blob");
      if (!entry?.sha) return undefined;
      const blob = await octokit.rest.git.getBlob({ owner, repo, file_sha: entry.sha });
      return stepsOf(Buffer.from(blob.data.content, "base64").toString("utf8"), issue, key);
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw toStoreError(error, errorContext(this.ctx, action));
    }
  }

  async save(issue: number, key: string, steps: Record<string, unknown>): Promise<void> {
    const { octokit, owner, repo } = this.ctx;
    const ref = refName(issue);
    const content = JSON.stringify({ format: FORMAT, issue, key, steps });
    try {
      const blob = await octokit.rest.git.createBlob({
        owner,
        repo,
        content: Buffer.from(content, "utf8").toString("base64"),
        encoding: "base64",
      });
      const tree = await octokit.rest.git.createTree({
        owner,
        repo,
        tree: [{ path: FILE, mode: "100644", type: "blob", sha: blob.data.sha }],
      });
      const commit = await octokit.rest.git.createCommit({
        owner,
        repo,
        message: `Research paid for issue #${issue}, kept until its commit lands`,
        tree: tree.data.sha,
        parents: [],
      });
      const sha = commit.data.sha;
      // Most saves replace a stash (one per paid step), so the update is tried first; the first
      // save of an issue creates it. Each commit stands alone, so the update is forced.
      try {
        await octokit.rest.git.updateRef({ owner, repo, ref, sha, force: true });
      } catch (error) {
        if (statusOf(error) !== 422 && statusOf(error) !== 404) throw error;
        await octokit.rest.git.createRef({ owner, repo, ref: `refs/${ref}`, sha });
      }
    } catch (error) {
      throw toStoreError(error, errorContext(this.ctx, `writing ${this.where(issue)}`));
    }
  }

  async drop(issue: number): Promise<void> {
    const { octokit, owner, repo } = this.ctx;
    try {
      await octokit.rest.git.deleteRef({ owner, repo, ref: refName(issue) });
    } catch (error) {
      // GitHub answers 422 "Reference does not exist" for a ref that is gone.
      if (statusOf(error) === 404 || statusOf(error) === 422) return;
      throw toStoreError(error, errorContext(this.ctx, `deleting ${this.where(issue)}`));
    }
  }
}

function refName(issue: number): string {
  return `${NAMESPACE}/issue-${issue}`;
}

/** The saved steps, when the file is this format, for this issue and this request. */
function stepsOf(text: string, issue: number, key: string): Record<string, unknown> | undefined {
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof saved !== "object" || saved === null) return undefined;
  const { format, issue: savedIssue, key: savedKey, steps } = saved as Record<string, unknown>;
  if (format !== FORMAT || savedIssue !== issue || savedKey !== key) return undefined;
  if (typeof steps !== "object" || steps === null || Array.isArray(steps)) return undefined;
  return steps as Record<string, unknown>;
}
