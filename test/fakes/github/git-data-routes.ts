/**
 * Git Data API routes: blobs, trees (with base_tree), commits and refs, with GitHub's status
 * codes for the mistakes a client can make (422 for unknown objects and non-fast-forward ref
 * updates without force).
 */
import type { FakeRepo } from "./fake-repo.ts";
import { FILE_MODE, TREE_MODE, type TreeEdit, type TreeEntryType } from "./git-objects.ts";
import { type GitHubReply, type GitHubRequest, githubError, notFound } from "./http.ts";

export interface RouteContext {
  repo: FakeRepo;
  request: GitHubRequest;
  /** Path after /repos/{o}/{r}/git/, decoded. */
  rest: string;
  apiUrl: string;
}

const VALID_MODES = new Set([FILE_MODE, "100755", TREE_MODE, "160000", "120000"]);

export function gitDataRoute(ctx: RouteContext): GitHubReply | undefined {
  const { request, rest } = ctx;
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (request.method === "POST" && rest === "blobs") return createBlob(ctx, body);
  if (request.method === "GET" && rest.startsWith("blobs/")) return getBlob(ctx, rest.slice(6));
  if (request.method === "POST" && rest === "trees") return createTree(ctx, body);
  if (request.method === "GET" && rest.startsWith("trees/")) return getTree(ctx, rest.slice(6));
  if (request.method === "POST" && rest === "commits") return createCommit(ctx, body);
  if (request.method === "GET" && rest.startsWith("commits/")) return getCommit(ctx, rest.slice(8));
  if (request.method === "GET" && (rest.startsWith("ref/") || rest.startsWith("refs/"))) {
    return getRef(ctx, rest.slice(rest.indexOf("/") + 1));
  }
  if (request.method === "PATCH" && rest.startsWith("refs/"))
    return updateRef(ctx, rest.slice(5), body);
  if (request.method === "POST" && rest === "refs") return createRef(ctx, body);
  if (request.method === "DELETE" && rest.startsWith("refs/")) return deleteRef(ctx, rest.slice(5));
  return undefined;
}

function createBlob(ctx: RouteContext, body: Record<string, unknown>): GitHubReply {
  if (typeof body.content !== "string") return githubError(422, "Invalid request: content");
  const encoding = body.encoding ?? "utf-8";
  if (encoding !== "utf-8" && encoding !== "base64") {
    return githubError(422, `Invalid request: encoding ${String(encoding)}`);
  }
  const content = Buffer.from(body.content, encoding === "base64" ? "base64" : "utf8");
  const sha = ctx.repo.objects.putBlob(content);
  return { status: 201, body: { sha, url: `${repoApi(ctx)}/git/blobs/${sha}` } };
}

function getBlob(ctx: RouteContext, sha: string): GitHubReply {
  const blob = ctx.repo.objects.blob(sha);
  if (!blob) return notFound();
  return {
    status: 200,
    body: {
      sha,
      size: blob.content.length,
      encoding: "base64",
      content: blob.content.toString("base64"),
      url: `${repoApi(ctx)}/git/blobs/${sha}`,
    },
  };
}

function createTree(ctx: RouteContext, body: Record<string, unknown>): GitHubReply {
  const { objects } = ctx.repo;
  const base = body.base_tree;
  if (base !== undefined && (typeof base !== "string" || !objects.tree(base))) {
    return githubError(422, "base_tree is not a valid tree");
  }
  if (!Array.isArray(body.tree)) return githubError(422, "Invalid request: tree");
  const edits: TreeEdit[] = [];
  for (const raw of body.tree as Record<string, unknown>[]) {
    const { path, mode, type } = raw;
    if (typeof path !== "string" || path === "" || path.startsWith("/") || path.endsWith("/")) {
      return githubError(422, "tree.path contains a malformed path component");
    }
    if (typeof mode !== "string" || !VALID_MODES.has(mode)) {
      return githubError(422, "tree.mode is not a valid mode");
    }
    let sha = raw.sha as string | null | undefined;
    if (typeof raw.content === "string") sha = objects.putBlob(raw.content);
    if (sha !== null && (typeof sha !== "string" || !objects.get(sha))) {
      return githubError(422, "tree.sha is not a valid blob");
    }
    edits.push({ path, mode, type: (type as TreeEntryType) ?? "blob", sha });
  }
  const sha = objects.editTree(base as string | undefined, edits);
  return { status: 201, body: treeBody(ctx, sha, false) };
}

function getTree(ctx: RouteContext, ref: string): GitHubReply {
  const { repo, request } = ctx;
  const sha = repo.objects.tree(ref) ? ref : repo.rootTree(ref);
  if (!sha) return notFound();
  return { status: 200, body: treeBody(ctx, sha, request.query.has("recursive")) };
}

function treeBody(ctx: RouteContext, sha: string, recursive: boolean) {
  const { objects } = ctx.repo;
  const entries: Record<string, unknown>[] = [];
  const walk = (treeSha: string, prefix: string) => {
    for (const e of objects.tree(treeSha)?.entries ?? []) {
      const path = prefix + e.name;
      const size = e.type === "blob" ? objects.blob(e.sha)?.content.length : undefined;
      const kind = e.type === "tree" ? "trees" : e.type === "blob" ? "blobs" : "commits";
      entries.push({
        path,
        mode: e.mode,
        type: e.type,
        sha: e.sha,
        size,
        url: `${repoApi(ctx)}/git/${kind}/${e.sha}`,
      });
      if (recursive && e.type === "tree") walk(e.sha, `${path}/`);
    }
  };
  walk(sha, "");
  return { sha, url: `${repoApi(ctx)}/git/trees/${sha}`, tree: entries, truncated: false };
}

function createCommit(ctx: RouteContext, body: Record<string, unknown>): GitHubReply {
  const { repo } = ctx;
  const { message, tree, parents = [] } = body;
  if (typeof message !== "string") return githubError(422, "Invalid request: message");
  if (typeof tree !== "string" || !repo.objects.tree(tree)) {
    return githubError(422, "Tree SHA does not exist");
  }
  if (
    !Array.isArray(parents) ||
    parents.some((p) => typeof p !== "string" || !repo.objects.commit(p))
  ) {
    return githubError(422, "Parent SHA does not exist or is not a commit object");
  }
  const author = (body.author as { name?: string; email?: string } | undefined) ?? {};
  const sha = repo.objects.putCommit({
    tree,
    parents: parents as string[],
    message,
    author: {
      name: author.name ?? "Token Owner",
      email: author.email ?? "owner@users.noreply.github.test",
      date: repo.nextDate(),
    },
  });
  return { status: 201, body: commitBody(ctx, sha) };
}

function getCommit(ctx: RouteContext, sha: string): GitHubReply {
  return ctx.repo.objects.commit(sha) ? { status: 200, body: commitBody(ctx, sha) } : notFound();
}

export function commitBody(ctx: { repo: FakeRepo; apiUrl: string }, sha: string) {
  const commit = ctx.repo.objects.commit(sha)!;
  const api = repoApi(ctx);
  const person = { ...commit.author };
  return {
    sha,
    url: `${api}/git/commits/${sha}`,
    html_url: `https://github.com/${ctx.repo.fullName}/commit/${sha}`,
    author: person,
    committer: person,
    message: commit.message,
    tree: { sha: commit.tree, url: `${api}/git/trees/${commit.tree}` },
    parents: commit.parents.map((p) => ({ sha: p, url: `${api}/git/commits/${p}` })),
  };
}

function getRef(ctx: RouteContext, ref: string): GitHubReply {
  if (isOtherRef(ref)) {
    const sha = ctx.repo.otherRefs.get(ref);
    return sha ? { status: 200, body: otherRefBody(ctx, ref, sha) } : notFound();
  }
  const branch = branchOf(ref);
  const sha = branch === undefined ? undefined : ctx.repo.branches.get(branch);
  if (!sha) return notFound();
  return { status: 200, body: refBody(ctx, branch!, sha) };
}

function updateRef(ctx: RouteContext, ref: string, body: Record<string, unknown>): GitHubReply {
  const { repo } = ctx;
  const other = isOtherRef(ref);
  const refs = other ? repo.otherRefs : repo.branches;
  const name = other ? ref : branchOf(ref);
  const current = name === undefined ? undefined : refs.get(name);
  if (!current) return githubError(422, "Reference does not exist");
  const sha = body.sha;
  if (typeof sha !== "string" || !repo.objects.commit(sha)) {
    return githubError(422, "Object does not exist");
  }
  if (body.force !== true && !repo.objects.isAncestor(current, sha)) {
    return githubError(422, "Update is not a fast forward");
  }
  refs.set(name!, sha);
  return { status: 200, body: other ? otherRefBody(ctx, name!, sha) : refBody(ctx, name!, sha) };
}

function createRef(ctx: RouteContext, body: Record<string, unknown>): GitHubReply {
  const { ref, sha } = body;
  if (typeof ref === "string" && ref.startsWith("refs/") && isOtherRef(ref.slice(5))) {
    const name = ref.slice(5);
    if (typeof sha !== "string" || !ctx.repo.objects.commit(sha)) {
      return githubError(422, "Object does not exist");
    }
    if (ctx.repo.otherRefs.has(name)) return githubError(422, "Reference already exists");
    ctx.repo.otherRefs.set(name, sha);
    return { status: 201, body: otherRefBody(ctx, name, sha) };
  }
  const branch =
    typeof ref === "string" && ref.startsWith("refs/") ? branchOf(ref.slice(5)) : undefined;
  if (!branch) return githubError(422, "Reference name is not valid");
  if (typeof sha !== "string" || !ctx.repo.objects.commit(sha)) {
    return githubError(422, "Object does not exist");
  }
  if (ctx.repo.branches.has(branch)) return githubError(422, "Reference already exists");
  ctx.repo.branches.set(branch, sha);
  return { status: 201, body: refBody(ctx, branch, sha) };
}

function refBody(ctx: RouteContext, branch: string, sha: string) {
  const api = repoApi(ctx);
  return {
    ref: `refs/heads/${branch}`,
    node_id: `REF_${branch}`,
    url: `${api}/git/refs/heads/${branch}`,
    object: { sha, type: "commit", url: `${api}/git/commits/${sha}` },
  };
}

/** GitHub answers 204 without a body, and 422 for a ref that does not exist. */
function deleteRef(ctx: RouteContext, ref: string): GitHubReply {
  const refs = isOtherRef(ref) ? ctx.repo.otherRefs : ctx.repo.branches;
  const name = isOtherRef(ref) ? ref : branchOf(ref);
  if (name === undefined || !refs.delete(name)) return githubError(422, "Reference does not exist");
  return { status: 204 };
}

/**
 * A ref of a namespace of its own ("idea-explorer/x/y", "notes/commits"): GitHub keeps such refs
 * (git data API, `git push`) and lists them nowhere. Tags and pull refs are not modelled.
 */
function isOtherRef(ref: string): boolean {
  return /^(?!heads\/|tags\/|pull\/)[^/]+\/.+/.test(ref);
}

function otherRefBody(ctx: RouteContext, name: string, sha: string) {
  const api = repoApi(ctx);
  return {
    ref: `refs/${name}`,
    node_id: `REF_${name}`,
    url: `${api}/git/refs/${name}`,
    object: { sha, type: "commit", url: `${api}/git/commits/${sha}` },
  };
}

/** "heads/main" → "main". */
function branchOf(ref: string): string | undefined {
  return ref.startsWith("heads/") && ref.length > 6 ? ref.slice(6) : undefined;
}

function repoApi(ctx: { repo: FakeRepo; apiUrl: string }): string {
  return `${ctx.apiUrl}/repos/${ctx.repo.fullName}`;
}
