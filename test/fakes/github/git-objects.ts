/**
 * A content-addressed git object database, hashed exactly like git (SHA-1 over
 * "<type> <length>\0<body>"), so identical trees get identical SHAs. That is what lets a
 * client detect "nothing changed" by comparing tree SHAs, as it would against real GitHub.
 */
import { createHash } from "node:crypto";

export const FILE_MODE = "100644";
export const EXECUTABLE_MODE = "100755";
export const SYMLINK_MODE = "120000";
export const SUBMODULE_MODE = "160000";
export const TREE_MODE = "040000";

export type TreeEntryType = "blob" | "tree" | "commit";

export interface TreeEntry {
  name: string;
  mode: string;
  type: TreeEntryType;
  sha: string;
}

export interface Blob {
  kind: "blob";
  content: Buffer;
}

export interface Tree {
  kind: "tree";
  /** Sorted the way git sorts them (a folder compares as "name/"). */
  entries: TreeEntry[];
}

export interface Commit {
  kind: "commit";
  tree: string;
  parents: string[];
  message: string;
  author: { name: string; email: string; date: string };
}

export type GitObject = Blob | Tree | Commit;

/** One entry to place at a (possibly nested) path; `sha: null` deletes the path. */
export interface TreeEdit {
  path: string;
  mode: string;
  type: TreeEntryType;
  sha: string | null;
}

export class GitObjects {
  readonly #objects = new Map<string, GitObject>();

  get(sha: string): GitObject | undefined {
    return this.#objects.get(sha);
  }

  blob(sha: string): Blob | undefined {
    const object = this.#objects.get(sha);
    return object?.kind === "blob" ? object : undefined;
  }

  tree(sha: string): Tree | undefined {
    const object = this.#objects.get(sha);
    return object?.kind === "tree" ? object : undefined;
  }

  commit(sha: string): Commit | undefined {
    const object = this.#objects.get(sha);
    return object?.kind === "commit" ? object : undefined;
  }

  putBlob(content: Buffer | string): string {
    const body = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    return this.#put("blob", body, { kind: "blob", content: body });
  }

  putTree(entries: TreeEntry[]): string {
    const sorted = [...entries].sort((a, b) => compareEntries(a, b));
    const body = Buffer.concat(
      sorted.map((e) =>
        Buffer.concat([
          Buffer.from(`${e.mode === TREE_MODE ? "40000" : e.mode} ${e.name}\0`),
          Buffer.from(e.sha, "hex"),
        ]),
      ),
    );
    return this.#put("tree", body, { kind: "tree", entries: sorted });
  }

  putCommit(commit: Omit<Commit, "kind">): string {
    const stamp = `${commit.author.name} <${commit.author.email}> ${Math.floor(
      Date.parse(commit.author.date) / 1000,
    )} +0000`;
    const lines = [
      `tree ${commit.tree}`,
      ...commit.parents.map((p) => `parent ${p}`),
      `author ${stamp}`,
      `committer ${stamp}`,
      "",
      commit.message,
    ];
    return this.#put("commit", Buffer.from(lines.join("\n")), { kind: "commit", ...commit });
  }

  /** Applies nested path edits on top of `baseTree` (or an empty tree) and returns the new root. */
  editTree(baseTree: string | undefined, edits: TreeEdit[]): string {
    const base = baseTree === undefined ? [] : (this.tree(baseTree)?.entries ?? []);
    const entries = new Map(base.map((e) => [e.name, e]));
    const nested = new Map<string, TreeEdit[]>();
    for (const edit of edits) {
      const [head, ...rest] = edit.path.split("/");
      if (head === undefined || head === "") throw new Error(`invalid tree path: ${edit.path}`);
      if (rest.length > 0) {
        nested.set(head, [...(nested.get(head) ?? []), { ...edit, path: rest.join("/") }]);
      } else if (edit.sha === null) {
        entries.delete(head);
      } else {
        entries.set(head, { name: head, mode: edit.mode, type: edit.type, sha: edit.sha });
      }
    }
    for (const [name, childEdits] of nested) {
      const existing = entries.get(name);
      const child = this.editTree(existing?.type === "tree" ? existing.sha : undefined, childEdits);
      if (this.tree(child)?.entries.length === 0) entries.delete(name);
      else entries.set(name, { name, mode: TREE_MODE, type: "tree", sha: child });
    }
    return this.putTree([...entries.values()]);
  }

  /** The entry at a slash-separated path inside a tree, without following links. */
  entryAt(treeSha: string, path: string): TreeEntry | undefined {
    let tree = this.tree(treeSha);
    let found: TreeEntry | undefined;
    for (const segment of path.split("/")) {
      if (!tree) return undefined;
      found = tree.entries.find((e) => e.name === segment);
      if (!found) return undefined;
      tree = found.type === "tree" ? this.tree(found.sha) : undefined;
    }
    return found;
  }

  /** True when `ancestor` is `descendant` or reachable through its parents. */
  isAncestor(ancestor: string, descendant: string): boolean {
    return this.history(descendant).includes(ancestor);
  }

  /** `sha` and every commit reachable through its parents, nearest first (breadth first). */
  history(sha: string): string[] {
    const seen = new Set<string>();
    const queue = [sha];
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (seen.has(next) || !this.commit(next)) continue;
      seen.add(next);
      queue.push(...(this.commit(next)?.parents ?? []));
    }
    return [...seen];
  }

  #put(type: string, body: Buffer, object: GitObject): string {
    const sha = createHash("sha1").update(`${type} ${body.length}\0`).update(body).digest("hex");
    this.#objects.set(sha, object);
    return sha;
  }
}

/** git's tree order: byte order of names, with folders compared as if they ended in "/". */
function compareEntries(a: TreeEntry, b: TreeEntry): number {
  const key = (e: TreeEntry) => Buffer.from(e.type === "tree" ? `${e.name}/` : e.name);
  return Buffer.compare(key(a), key(b));
}

/** The SHA git gives a blob with this content (what a client can compute before uploading). */
export function gitBlobSha(content: Buffer | string): string {
  const body = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return createHash("sha1").update(`blob ${body.length}\0`).update(body).digest("hex");
}
