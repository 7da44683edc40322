import { setTimeout as sleep } from "node:timers/promises";
import type { IssueTracker, LabelSpec, TrackedComment, TrackedIssue } from "../../issue-tracker.ts";
import { answerWasLost, statusOf, toStoreError } from "../github-error.ts";
import { errorContext, type GitHubRepoContext } from "../repo-context.ts";

/** A bot, or someone with a say in the repository. */
const TRUSTED_ASSOCIATIONS = new Set(["OWNER", "MEMBER", "COLLABORATOR"]);

interface RawLabel {
  name?: string;
}
interface RawIssue {
  number: number;
  title: string;
  body?: string | null;
  state: string;
  labels: (string | RawLabel)[];
  html_url: string;
  pull_request?: unknown;
  user?: { login: string } | null;
  author_association?: string;
}
interface RawComment {
  id: number;
  body?: string;
  user: { login: string; type?: string } | null;
  author_association: string;
  created_at?: string;
}
interface RawEvent {
  event?: string;
  actor?: { login?: string } | null;
  label?: { name?: string } | null;
}

/** GitHub's permission levels, least first; a custom role's `role_name` is none of these. */
const LEVELS = ["none", "read", "triage", "write", "maintain", "admin"];

/**
 * The issues of one GitHub repository through the REST API, on the store's Octokit client (the
 * same retries, rate-limit handling and per-request timeout). Octokit encodes every path
 * parameter, so a label name with spaces, "/" or "%" goes over the wire as the one name it is.
 */
export class GitHubIssues implements IssueTracker {
  readonly description: string;
  readonly #ctx: GitHubRepoContext;
  readonly #fileUrl: (repoPath: string) => string;

  readonly #resend: { times: number; delayUnitMs: number };

  constructor(
    ctx: GitHubRepoContext,
    fileUrl: (repoPath: string) => string,
    resend: { times: number; delayUnitMs: number },
  ) {
    this.#ctx = ctx;
    this.#fileUrl = fileUrl;
    this.#resend = resend;
    this.description = `${ctx.owner}/${ctx.repo}`;
  }

  async listOpen(label: string): Promise<TrackedIssue[]> {
    const issues = await this.#call(`listing open issues labelled "${label}"`, () =>
      this.#ctx.octokit.paginate(this.#ctx.octokit.rest.issues.listForRepo, {
        ...this.#repo(),
        labels: label,
        state: "open",
        sort: "created",
        direction: "asc",
        per_page: 100,
      }),
    );
    return (issues as RawIssue[]).filter((i) => !i.pull_request).map(trackedIssue);
  }

  async get(issueNumber: number): Promise<TrackedIssue | undefined> {
    try {
      const { data } = await this.#ctx.octokit.rest.issues.get({
        ...this.#repo(),
        issue_number: issueNumber,
      });
      const issue = data as RawIssue;
      return issue.pull_request ? undefined : trackedIssue(issue);
    } catch (error) {
      // 410: the issue was deleted.
      if (statusOf(error) === 404 || statusOf(error) === 410) return undefined;
      throw toStoreError(error, errorContext(this.#ctx, `reading issue #${issueNumber}`));
    }
  }

  async comments(issueNumber: number): Promise<TrackedComment[]> {
    const comments = await this.#call(`reading the comments of issue #${issueNumber}`, () =>
      this.#ctx.octokit.paginate(this.#ctx.octokit.rest.issues.listComments, {
        ...this.#repo(),
        issue_number: issueNumber,
        per_page: 100,
      }),
    );
    return (comments as RawComment[]).map(trackedComment).sort((a, b) => a.id - b.id);
  }

  /**
   * A new comment is never resent blindly (the retry plugin would post it twice when only its
   * answer was lost): after a timeout, a dropped connection or a 5xx the comments are read, and
   * the comment is sent again only when it is not there.
   */
  async comment(issueNumber: number, body: string): Promise<TrackedComment> {
    const action = `commenting on issue #${issueNumber}`;
    for (let sent = 1; ; sent++) {
      let failure: unknown;
      try {
        const { data } = await this.#ctx.octokit.rest.issues.createComment({
          ...this.#repo(),
          issue_number: issueNumber,
          body,
          request: { retries: 0 },
        });
        return trackedComment(data as RawComment);
      } catch (error) {
        failure = error;
      }
      if (!answerWasLost(failure)) {
        throw toStoreError(failure, errorContext(this.#ctx, action));
      }
      const landed = (await this.comments(issueNumber)).findLast((c) => c.body === body);
      if (landed) return landed;
      if (sent > this.#resend.times) {
        throw toStoreError(failure, { ...errorContext(this.#ctx, action), attempts: sent });
      }
      await sleep(sent ** 2 * this.#resend.delayUnitMs);
    }
  }

  async deleteComment(commentId: number): Promise<void> {
    try {
      await this.#ctx.octokit.rest.issues.deleteComment({ ...this.#repo(), comment_id: commentId });
    } catch (error) {
      if (statusOf(error) === 404) return;
      throw toStoreError(error, errorContext(this.#ctx, `deleting comment ${commentId}`));
    }
  }

  async addLabels(issueNumber: number, labels: string[]): Promise<void> {
    await this.#call(`labelling issue #${issueNumber}`, () =>
      this.#ctx.octokit.rest.issues.addLabels({
        ...this.#repo(),
        issue_number: issueNumber,
        labels,
      }),
    );
  }

  async removeLabel(issueNumber: number, label: string): Promise<void> {
    try {
      await this.#ctx.octokit.rest.issues.removeLabel({
        ...this.#repo(),
        issue_number: issueNumber,
        name: label,
      });
    } catch (error) {
      // "Label does not exist": the issue does not carry it (any more).
      if (statusOf(error) === 404) return;
      throw toStoreError(
        error,
        errorContext(this.#ctx, `removing label "${label}" from issue #${issueNumber}`),
      );
    }
  }

  async update(
    issueNumber: number,
    change: { labels: string[]; state?: "open" | "closed" },
  ): Promise<void> {
    await this.#call(`updating issue #${issueNumber}`, () =>
      this.#ctx.octokit.rest.issues.update({
        ...this.#repo(),
        issue_number: issueNumber,
        labels: change.labels,
        ...(change.state
          ? {
              state: change.state,
              ...(change.state === "closed" ? { state_reason: "completed" as const } : {}),
            }
          : {}),
      }),
    );
  }

  async labelledBy(issueNumber: number, label: string): Promise<string | undefined> {
    const events = await this.#call(`reading the events of issue #${issueNumber}`, () =>
      this.#ctx.octokit.paginate(this.#ctx.octokit.rest.issues.listEvents, {
        ...this.#repo(),
        issue_number: issueNumber,
        per_page: 100,
      }),
    );
    const labelled = (events as RawEvent[]).findLast(
      (e) => e.event === "labeled" && e.label?.name?.toLowerCase() === label.toLowerCase(),
    );
    return labelled?.actor?.login ?? undefined;
  }

  /**
   * `role_name` first: the legacy `permission` field reads triage as "read" and maintain as
   * "write". A user GitHub does not know (or a bot) has no permission at all.
   */
  async permissionOf(login: string): Promise<string> {
    try {
      const { data } = await this.#ctx.octokit.rest.repos.getCollaboratorPermissionLevel({
        ...this.#repo(),
        username: login,
      });
      const role = (data as { role_name?: string }).role_name;
      return role && LEVELS.includes(role) ? role : data.permission;
    } catch (error) {
      if (statusOf(error) === 404) return "none";
      throw toStoreError(error, errorContext(this.#ctx, `reading the permission of ${login}`));
    }
  }

  async ensureLabels(labels: readonly LabelSpec[]): Promise<string[]> {
    const created: string[] = [];
    for (const label of labels) {
      if (await this.#hasLabel(label.name)) continue;
      try {
        await this.#ctx.octokit.rest.issues.createLabel({ ...this.#repo(), ...label });
        created.push(label.name);
      } catch (error) {
        // Created by someone else meanwhile: it exists, which is all we wanted.
        if (statusOf(error) === 422 && alreadyExists(error)) continue;
        throw toStoreError(error, errorContext(this.#ctx, `creating label "${label.name}"`));
      }
    }
    return created;
  }

  async isPublic(): Promise<boolean> {
    try {
      const { data } = await this.#ctx.octokit.rest.repos.get(this.#repo());
      return data.visibility === undefined ? !data.private : data.visibility === "public";
    } catch (error) {
      throw toStoreError(error, errorContext(this.#ctx, "reading the repository"));
    }
  }

  fileUrl(repoPath: string): string {
    return this.#fileUrl(repoPath);
  }

  async #hasLabel(name: string): Promise<boolean> {
    try {
      await this.#ctx.octokit.rest.issues.getLabel({ ...this.#repo(), name });
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw toStoreError(error, errorContext(this.#ctx, `reading label "${name}"`));
    }
  }

  #repo() {
    return { owner: this.#ctx.owner, repo: this.#ctx.repo };
  }

  async #call<T>(action: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toStoreError(error, errorContext(this.#ctx, action));
    }
  }
}

function trackedIssue(issue: RawIssue): TrackedIssue {
  return {
    number: issue.number,
    title: issue.title,
    body: issue.body ?? "",
    state: issue.state === "closed" ? "closed" : "open",
    labels: issue.labels.flatMap((l) => {
      const name = typeof l === "string" ? l : l.name;
      return name ? [name] : [];
    }),
    url: issue.html_url,
    author: issue.user?.login ?? "ghost",
    authorAssociation: issue.author_association ?? "NONE",
  };
}

function trackedComment(comment: RawComment): TrackedComment {
  return {
    id: comment.id,
    body: comment.body ?? "",
    author: comment.user?.login ?? "ghost",
    createdAt: comment.created_at ?? new Date(0).toISOString(),
    trusted: comment.user?.type === "Bot" || TRUSTED_ASSOCIATIONS.has(comment.author_association),
  };
}

function alreadyExists(error: unknown): boolean {
  const data = (error as { response?: { data?: { errors?: { code?: string }[] } } }).response?.data;
  return data?.errors?.some((e) => e.code === "already_exists") ?? false;
}
