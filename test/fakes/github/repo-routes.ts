/**
 * Repository routes: the repository itself (with the caller's permissions), branches, the
 * Contents API, the commits listing (with the files each commit changed) and compare.
 */
import { compare } from "./compare-route.ts";
import { contentsResponse } from "./contents-response.ts";
import type { FakeRepo } from "./fake-repo.ts";
import { commitBody } from "./git-data-routes.ts";
import { type GitHubReply, type GitHubRequest, githubError, notFound } from "./http.ts";

export interface RepoRouteContext {
  repo: FakeRepo;
  request: GitHubRequest;
  /** Path after /repos/{o}/{r}, decoded ("" for the repository itself). */
  rest: string;
  apiUrl: string;
  canPush: boolean;
}

export function repoRoute(ctx: RepoRouteContext): GitHubReply | undefined {
  const { request, rest } = ctx;
  if (request.method !== "GET") return undefined;
  if (rest === "") return { status: 200, body: repoBody(ctx) };
  if (rest.startsWith("branches/")) return branch(ctx, rest.slice(9));
  if (rest === "contents" || rest.startsWith("contents/")) {
    return contents(ctx, rest.slice("contents/".length));
  }
  if (rest === "commits") return listCommits(ctx);
  const permission = /^collaborators\/([^/]+)\/permission$/.exec(rest);
  if (permission) return collaboratorPermission(ctx, permission[1]!);
  if (rest.startsWith("commits/")) return singleCommit(ctx, rest.slice(8));
  if (rest.startsWith("compare/")) {
    return compare({ ...ctx, restCommit: (sha) => restCommit(ctx, sha, false) }, rest.slice(8));
  }
  return undefined;
}

function repoBody(ctx: RepoRouteContext) {
  const { repo, apiUrl, canPush } = ctx;
  return {
    id: 1,
    name: repo.name,
    full_name: repo.fullName,
    owner: { login: repo.owner },
    private: repo.isPrivate,
    visibility: repo.isPrivate ? "private" : "public",
    html_url: `https://github.com/${repo.fullName}`,
    url: `${apiUrl}/repos/${repo.fullName}`,
    default_branch: repo.defaultBranch,
    permissions: { admin: false, maintain: false, push: canPush, triage: canPush, pull: true },
  };
}

/** The legacy `permission` field GitHub sends beside `role_name` (it has no triage or maintain). */
const LEGACY: Record<string, string> = {
  admin: "admin",
  maintain: "write",
  write: "write",
  triage: "read",
  read: "read",
  none: "none",
};

/** GET /repos/{o}/{r}/collaborators/{username}/permission (Octokit: getCollaboratorPermissionLevel). */
function collaboratorPermission(ctx: RepoRouteContext, login: string): GitHubReply {
  const role = ctx.repo.collaborators.get(login) ?? (ctx.repo.isPrivate ? "none" : "read");
  const permissions = {
    admin: role === "admin",
    maintain: ["admin", "maintain"].includes(role),
    push: ["admin", "maintain", "write"].includes(role),
    triage: ["admin", "maintain", "write", "triage"].includes(role),
    pull: role !== "none",
  };
  return {
    status: 200,
    body: {
      permission: LEGACY[role] ?? "read",
      role_name: role,
      user: { login, id: 1, type: "User", permissions, role_name: role },
    },
  };
}

function branch(ctx: RepoRouteContext, name: string): GitHubReply {
  const sha = ctx.repo.branches.get(name);
  if (!sha) return githubError(404, "Branch not found");
  return {
    status: 200,
    body: { name, commit: restCommit(ctx, sha, false), protected: false },
  };
}

function contents(ctx: RepoRouteContext, path: string): GitHubReply {
  const ref = ctx.request.query.get("ref") ?? ctx.repo.defaultBranch;
  const answer = contentsResponse({ repo: ctx.repo, ref, apiUrl: ctx.apiUrl }, path);
  if (answer === undefined) {
    return ctx.repo.rootTree(ref) === undefined
      ? githubError(404, `No commit found for the ref ${ref}`)
      : notFound();
  }
  return { status: 200, body: answer };
}

function listCommits(ctx: RepoRouteContext): GitHubReply {
  const { repo, request } = ctx;
  const ref = request.query.get("sha") ?? repo.defaultBranch;
  const start = repo.branches.get(ref) ?? (repo.objects.commit(ref) ? ref : undefined);
  if (!start) return githubError(404, `No commit found for SHA: ${ref}`);
  const path = request.query.get("path");
  const perPage = Number(request.query.get("per_page") ?? 30);
  const page = Number(request.query.get("page") ?? 1);
  const shas: string[] = [];
  let sha: string | undefined = start;
  while (sha) {
    const commit = repo.objects.commit(sha);
    if (!commit) break;
    if (!path || changedFiles(repo, sha).some((f) => f === path || f.startsWith(`${path}/`))) {
      shas.push(sha);
    }
    sha = commit.parents[0];
  }
  const slice = shas.slice((page - 1) * perPage, page * perPage);
  return { status: 200, body: slice.map((s) => restCommit(ctx, s, false)) };
}

function singleCommit(ctx: RepoRouteContext, ref: string): GitHubReply {
  const sha = ctx.repo.branches.get(ref) ?? ref;
  if (!ctx.repo.objects.commit(sha)) return githubError(422, `No commit found for SHA: ${ref}`);
  return { status: 200, body: restCommit(ctx, sha, true) };
}

function restCommit(ctx: RepoRouteContext, sha: string, withFiles: boolean) {
  const git = commitBody(ctx, sha);
  const { sha: _sha, html_url, parents, ...commit } = git;
  return {
    sha,
    html_url,
    commit,
    parents: parents.map((p) => ({
      ...p,
      html_url: `https://github.com/${ctx.repo.fullName}/commit/${p.sha}`,
    })),
    ...(withFiles
      ? { files: changedFiles(ctx.repo, sha).map((filename) => ({ filename, status: "modified" })) }
      : {}),
  };
}

/** Paths whose blob differs between a commit and its first parent (added, changed or removed). */
export function changedFiles(repo: FakeRepo, sha: string): string[] {
  const commit = repo.objects.commit(sha);
  if (!commit) return [];
  const parentTree = commit.parents[0] ? repo.objects.commit(commit.parents[0])?.tree : undefined;
  const before = flatten(repo, parentTree);
  const after = flatten(repo, commit.tree);
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}

function flatten(repo: FakeRepo, treeSha: string | undefined, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (!treeSha) return out;
  for (const entry of repo.objects.tree(treeSha)?.entries ?? []) {
    const path = prefix + entry.name;
    if (entry.type === "tree") {
      for (const [p, s] of flatten(repo, entry.sha, `${path}/`)) out.set(p, s);
    } else {
      out.set(path, `${entry.mode}:${entry.sha}`);
    }
  }
  return out;
}
