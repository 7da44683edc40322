/**
 * The JSON GitHub's Contents API answers for GET /repos/{o}/{r}/contents/{path}?ref=, with the
 * details a careless client gets wrong: base64 wrapped in 60-character lines, files over 1 MB
 * with `encoding: "none"` and empty `content`, a link to an in-repo file DEREFERENCED (the
 * answer carries the TARGET's path), other links as `type: "symlink"` with `target`,
 * submodules as `type: "submodule"` (but `type: "file"` inside a directory listing).
 */
import { posix } from "node:path";
import type { FakeRepo } from "./fake-repo.ts";
import { SUBMODULE_MODE, SYMLINK_MODE, type TreeEntry } from "./git-objects.ts";

/** Above this GitHub leaves `content` out of the JSON answer. */
export const CONTENT_INLINE_LIMIT = 1024 * 1024;

const MAX_LINK_HOPS = 5;

/** Base64 wrapped the way GitHub sends it: 60 characters per line, each ending in "\n". */
export function wrappedBase64(content: Buffer): string {
  const flat = content.toString("base64");
  let out = "";
  for (let i = 0; i < flat.length; i += 60) out += `${flat.slice(i, i + 60)}\n`;
  return out;
}

export interface ContentsContext {
  repo: FakeRepo;
  /** A branch name or commit SHA. */
  ref: string;
  /** Base URL of the fake, for the API links in the answer. */
  apiUrl: string;
}

/** The answer for `path` ("" is the root), or undefined for a 404. */
export function contentsResponse(ctx: ContentsContext, path: string): unknown {
  const rootTree = ctx.repo.rootTree(ctx.ref);
  if (rootTree === undefined) return undefined;
  if (path === "") return listing(ctx, rootTree, "");
  const entry = ctx.repo.objects.entryAt(rootTree, path);
  if (!entry) return undefined;
  if (entry.type === "tree") return listing(ctx, entry.sha, path);
  if (entry.mode === SUBMODULE_MODE) return submoduleObject(ctx, entry, path);
  if (entry.mode === SYMLINK_MODE) return symlinkAnswer(ctx, rootTree, entry, path);
  return fileObject(ctx, entry, path);
}

function symlinkAnswer(ctx: ContentsContext, rootTree: string, link: TreeEntry, path: string) {
  let current = link;
  let currentPath = path;
  for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
    const target = linkTarget(ctx, current);
    const resolved = posix.normalize(posix.join(posix.dirname(currentPath), target));
    if (target.startsWith("/") || resolved.startsWith("..") || resolved === ".") break;
    const next = ctx.repo.objects.entryAt(rootTree, resolved);
    // Folders and submodules are not "normal files": the link itself is answered.
    if (next?.type !== "blob") break;
    if (next.mode !== SYMLINK_MODE) return fileObject(ctx, next, resolved);
    current = next;
    currentPath = resolved;
  }
  const target = linkTarget(ctx, link);
  return {
    ...common(ctx, link, path, "symlink"),
    target,
    size: Buffer.byteLength(target),
  };
}

function linkTarget(ctx: ContentsContext, link: TreeEntry): string {
  return ctx.repo.objects.blob(link.sha)?.content.toString("utf8") ?? "";
}

function fileObject(ctx: ContentsContext, entry: TreeEntry, path: string) {
  const content = ctx.repo.objects.blob(entry.sha)?.content ?? Buffer.alloc(0);
  const inline = content.length <= CONTENT_INLINE_LIMIT;
  return {
    ...common(ctx, entry, path, "file"),
    size: content.length,
    encoding: inline ? "base64" : "none",
    content: inline ? wrappedBase64(content) : "",
  };
}

function submoduleObject(ctx: ContentsContext, entry: TreeEntry, path: string) {
  return {
    ...common(ctx, entry, path, "submodule"),
    size: 0,
    submodule_git_url: ctx.repo.submoduleUrls.get(path) ?? "",
  };
}

function listing(ctx: ContentsContext, treeSha: string, path: string) {
  const entries = ctx.repo.objects.tree(treeSha)?.entries ?? [];
  return entries.map((entry) => {
    const childPath = path === "" ? entry.name : `${path}/${entry.name}`;
    // GitHub quirk kept for fidelity: a submodule is "file" in a directory listing.
    const type = entry.type === "tree" ? "dir" : entry.mode === SYMLINK_MODE ? "symlink" : "file";
    const size =
      entry.type === "blob" ? (ctx.repo.objects.blob(entry.sha)?.content.length ?? 0) : 0;
    return { ...common(ctx, entry, childPath, type), size };
  });
}

function common(ctx: ContentsContext, entry: TreeEntry, path: string, type: string) {
  const { repo, apiUrl, ref } = ctx;
  const self = `${apiUrl}/repos/${repo.fullName}/contents/${path}?ref=${encodeURIComponent(ref)}`;
  const git = `${apiUrl}/repos/${repo.fullName}/git/${entry.type === "tree" ? "trees" : "blobs"}/${entry.sha}`;
  const html = `https://github.com/${repo.fullName}/${type === "dir" ? "tree" : "blob"}/${ref}/${path}`;
  return {
    type,
    name: posix.basename(path),
    path,
    sha: entry.sha,
    url: self,
    git_url: git,
    html_url: html,
    download_url:
      type === "file" ? `https://raw.githubusercontent.com/${repo.fullName}/${ref}/${path}` : null,
    _links: { self, git, html },
  };
}
