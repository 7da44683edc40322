/**
 * The Issues API of the fake: issues (list with label and state filters, get, create, update),
 * their comments, their labels and the repository's labels, shaped as GitHub answers them. Lists
 * are paged with Link headers. Path segments are decoded one by one from the raw path, so a label
 * name holding "/" or "%" (sent encoded) is read as the one name it is.
 */
import type { FakeActor, FakeComment, FakeIssue, FakeLabel } from "./fake-issues.ts";
import type { FakeRepo } from "./fake-repo.ts";
import { type GitHubReply, type GitHubRequest, githubError, notFound } from "./http.ts";
import { paginated } from "./pagination.ts";

export interface IssueRouteContext {
  repo: FakeRepo;
  request: GitHubRequest;
  apiUrl: string;
  /** Who the token belongs to: the author of what it writes. */
  actor: FakeActor;
  maxPerPage: number;
}

/** The answer for /repos/{o}/{r}/issues… and /labels…, or undefined for any other path. */
export function issueRoute(ctx: IssueRouteContext): GitHubReply | undefined {
  const segments = ctx.request.rawPath.split("/").slice(4).map(safeDecode);
  const [first, second, third, fourth] = segments;
  const method = ctx.request.method;
  if (first === "labels") return repoLabels(ctx, segments.length > 1 ? second : undefined);
  if (first !== "issues") return undefined;
  if (segments.length === 1) {
    if (method === "GET") return listIssues(ctx);
    if (method === "POST") return createIssue(ctx);
    return undefined;
  }
  if (second === "comments" && third !== undefined && segments.length === 3) {
    return singleComment(ctx, Number(third));
  }
  const issue = /^\d+$/.test(second ?? "") ? ctx.repo.issues.get(Number(second)) : undefined;
  if (!issue) return notFound();
  if (segments.length === 2) return oneIssue(ctx, issue);
  if (third === "comments" && segments.length === 3) return issueComments(ctx, issue);
  if (third === "events" && segments.length === 3 && method === "GET") {
    return issueEvents(ctx, issue);
  }
  if (third === "labels") return issueLabels(ctx, issue, segments.length > 3 ? fourth : undefined);
  return undefined;
}

function listIssues(ctx: IssueRouteContext): GitHubReply {
  const { query } = ctx.request;
  const state = query.get("state") ?? "open";
  const wanted = (query.get("labels") ?? "")
    .split(",")
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean);
  const direction = query.get("direction") ?? "desc";
  const issues = [...ctx.repo.issues.issues.values()]
    .filter((i) => state === "all" || i.state === state)
    .filter((i) => wanted.every((w) => i.labels.some((l) => l.toLowerCase() === w)))
    .sort((a, b) => (direction === "asc" ? a.number - b.number : b.number - a.number));
  return paginated(
    ctx.request,
    ctx.apiUrl,
    issues.map((i) => issueBody(ctx, i)),
    ctx.maxPerPage,
  );
}

function createIssue(ctx: IssueRouteContext): GitHubReply {
  const body = (ctx.request.body ?? {}) as { title?: unknown; body?: unknown; labels?: unknown };
  if (typeof body.title !== "string" || body.title === "") {
    return githubError(422, "Validation Failed", {
      errors: [{ resource: "Issue", code: "missing_field", field: "title" }],
    });
  }
  const issue = ctx.repo.issues.add({
    title: body.title,
    body: typeof body.body === "string" ? body.body : null,
    labels: stringList(body.labels),
    author: ctx.actor,
  });
  return { status: 201, body: issueBody(ctx, issue) };
}

function oneIssue(ctx: IssueRouteContext, issue: FakeIssue): GitHubReply | undefined {
  const { method } = ctx.request;
  if (method === "GET") return { status: 200, body: issueBody(ctx, issue) };
  if (method !== "PATCH") return undefined;
  const patch = (ctx.request.body ?? {}) as Record<string, unknown>;
  if (patch.state !== undefined && patch.state !== "open" && patch.state !== "closed") {
    return githubError(422, "Validation Failed", {
      errors: [{ resource: "Issue", code: "invalid", field: "state" }],
    });
  }
  if (typeof patch.title === "string") issue.title = patch.title;
  if (typeof patch.body === "string" || patch.body === null) issue.body = patch.body;
  if (Array.isArray(patch.labels))
    ctx.repo.issues.setLabels(issue.number, stringList(patch.labels), ctx.actor);
  if (patch.state === "open" || patch.state === "closed") {
    const reason = typeof patch.state_reason === "string" ? patch.state_reason : undefined;
    ctx.repo.issues.setState(issue.number, patch.state, reason);
  }
  return { status: 200, body: issueBody(ctx, issue) };
}

function issueComments(ctx: IssueRouteContext, issue: FakeIssue): GitHubReply | undefined {
  const { method } = ctx.request;
  if (method === "GET") {
    const comments = ctx.repo.issues.commentsOn(issue.number).map((c) => commentBody(ctx, c));
    return paginated(ctx.request, ctx.apiUrl, comments, ctx.maxPerPage);
  }
  if (method !== "POST") return undefined;
  const text = (ctx.request.body as { body?: unknown } | undefined)?.body;
  if (typeof text !== "string" || text === "") {
    return githubError(422, "Validation Failed", {
      errors: [{ resource: "IssueComment", code: "missing_field", field: "body" }],
    });
  }
  const comment = ctx.repo.issues.comment(issue.number, text, ctx.actor);
  return { status: 201, body: commentBody(ctx, comment) };
}

/** The issue's timeline events (the fake keeps label events), oldest first, as GitHub pages them. */
function issueEvents(ctx: IssueRouteContext, issue: FakeIssue): GitHubReply {
  const api = `${ctx.apiUrl}/repos/${ctx.repo.fullName}`;
  const events = ctx.repo.issues.eventsOn(issue.number).map((e) => {
    const label = ctx.repo.issues.label(e.label);
    return {
      id: e.id,
      node_id: `LE_${e.id}`,
      url: `${api}/issues/events/${e.id}`,
      actor: userBody(e.actor),
      event: e.event,
      commit_id: null,
      commit_url: null,
      created_at: e.createdAt,
      label: { name: e.label, color: label?.color ?? "ededed" },
      performed_via_github_app: null,
    };
  });
  return paginated(ctx.request, ctx.apiUrl, events, ctx.maxPerPage);
}

function singleComment(ctx: IssueRouteContext, id: number): GitHubReply | undefined {
  const comment = ctx.repo.issues.comments.get(id);
  if (!comment) return notFound();
  const { method } = ctx.request;
  if (method === "GET") return { status: 200, body: commentBody(ctx, comment) };
  if (method === "DELETE") {
    ctx.repo.issues.comments.delete(id);
    return { status: 204 };
  }
  if (method === "PATCH") {
    const text = (ctx.request.body as { body?: unknown } | undefined)?.body;
    if (typeof text === "string" && text !== "") comment.body = text;
    return { status: 200, body: commentBody(ctx, comment) };
  }
  return undefined;
}

function issueLabels(
  ctx: IssueRouteContext,
  issue: FakeIssue,
  name: string | undefined,
): GitHubReply | undefined {
  const { method } = ctx.request;
  const issues = ctx.repo.issues;
  const current = () => ({ status: 200, body: labelsOf(ctx, issue) });
  if (name !== undefined) {
    if (method !== "DELETE") return undefined;
    if (!issues.removeLabel(issue.number, name, ctx.actor))
      return githubError(404, "Label does not exist");
    return current();
  }
  if (method === "GET") return paginated(ctx.request, ctx.apiUrl, labelsOf(ctx, issue));
  const body = ctx.request.body as { labels?: unknown } | unknown[] | undefined;
  const names = stringList(Array.isArray(body) ? body : body?.labels);
  if (method === "POST") {
    issues.addLabels(issue.number, names, ctx.actor);
    return current();
  }
  if (method === "PUT") {
    issues.setLabels(issue.number, names, ctx.actor);
    return current();
  }
  if (method === "DELETE") {
    issues.setLabels(issue.number, [], ctx.actor);
    return { status: 204 };
  }
  return undefined;
}

function repoLabels(ctx: IssueRouteContext, name: string | undefined): GitHubReply | undefined {
  const { method } = ctx.request;
  const issues = ctx.repo.issues;
  if (name !== undefined) {
    const label = issues.label(name);
    if (method !== "GET") return undefined;
    return label ? { status: 200, body: labelBody(ctx, label) } : notFound();
  }
  if (method === "GET") {
    const labels = [...issues.labels.values()].map((l) => labelBody(ctx, l));
    return paginated(ctx.request, ctx.apiUrl, labels, ctx.maxPerPage);
  }
  if (method !== "POST") return undefined;
  const body = (ctx.request.body ?? {}) as {
    name?: unknown;
    color?: unknown;
    description?: unknown;
  };
  if (typeof body.name !== "string" || body.name.trim() === "") {
    return githubError(422, "Validation Failed", {
      errors: [{ resource: "Label", code: "missing_field", field: "name" }],
    });
  }
  if (issues.label(body.name)) {
    return githubError(422, "Validation Failed", {
      errors: [{ resource: "Label", code: "already_exists", field: "name" }],
    });
  }
  const color = typeof body.color === "string" ? body.color.replace(/^#/, "") : "ededed";
  if (!/^[0-9a-f]{6}$/i.test(color)) {
    return githubError(422, "Validation Failed", {
      errors: [{ resource: "Label", code: "invalid", field: "color" }],
    });
  }
  const description = typeof body.description === "string" ? body.description : null;
  const label = issues.ensureLabel(body.name, color, description);
  return { status: 201, body: labelBody(ctx, label) };
}

function issueBody(ctx: IssueRouteContext, issue: FakeIssue) {
  const api = `${ctx.apiUrl}/repos/${ctx.repo.fullName}`;
  const html = `https://github.com/${ctx.repo.fullName}`;
  return {
    id: issue.id,
    node_id: `I_${issue.id}`,
    url: `${api}/issues/${issue.number}`,
    repository_url: api,
    labels_url: `${api}/issues/${issue.number}/labels{/name}`,
    comments_url: `${api}/issues/${issue.number}/comments`,
    html_url: `${html}/${issue.pullRequest ? "pull" : "issues"}/${issue.number}`,
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    state_reason: issue.stateReason,
    locked: false,
    labels: labelsOf(ctx, issue),
    user: userBody(issue.author),
    author_association: issue.author.association,
    assignees: [],
    comments: ctx.repo.issues.commentsOn(issue.number).length,
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    closed_at: issue.closedAt,
    ...(issue.pullRequest
      ? {
          pull_request: {
            url: `${api}/pulls/${issue.number}`,
            html_url: `${html}/pull/${issue.number}`,
          },
        }
      : {}),
  };
}

function commentBody(ctx: IssueRouteContext, comment: FakeComment) {
  const api = `${ctx.apiUrl}/repos/${ctx.repo.fullName}`;
  return {
    id: comment.id,
    node_id: `IC_${comment.id}`,
    url: `${api}/issues/comments/${comment.id}`,
    html_url: `https://github.com/${ctx.repo.fullName}/issues/${comment.issue}#issuecomment-${comment.id}`,
    issue_url: `${api}/issues/${comment.issue}`,
    body: comment.body,
    user: userBody(comment.author),
    author_association: comment.author.association,
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
  };
}

function labelsOf(ctx: IssueRouteContext, issue: FakeIssue) {
  return issue.labels.flatMap((name) => {
    const label = ctx.repo.issues.label(name);
    return label ? [labelBody(ctx, label)] : [];
  });
}

function labelBody(ctx: IssueRouteContext, label: FakeLabel) {
  return {
    id: label.id,
    node_id: `LA_${label.id}`,
    url: `${ctx.apiUrl}/repos/${ctx.repo.fullName}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    color: label.color,
    default: false,
    description: label.description,
  };
}

function userBody(actor: FakeActor) {
  return { login: actor.login, id: loginId(actor.login), type: actor.type };
}

function loginId(login: string): number {
  let hash = 0;
  for (const char of login) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000;
  return hash + 1;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
