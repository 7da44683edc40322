import { FakeIssues } from "./fake-issues.ts";
import {
  FILE_MODE,
  GitObjects,
  SUBMODULE_MODE,
  SYMLINK_MODE,
  type TreeEdit,
  type TreeEntry,
} from "./git-objects.ts";

/**
 * What a test puts at a path: text or bytes (a regular file), a symbolic link (its target,
 * relative to the link's folder as git stores it), or a submodule (a commit SHA elsewhere).
 */
export type SeedEntry =
  | string
  | Buffer
  | { symlink: string }
  | { submodule: string; url?: string }
  | null;

export const FAKE_AUTHOR = { name: "Fake GitHub", email: "fake@github.test" };

/** One repository in the fake: an object database, branches, and a linear view of history. */
export class FakeRepo {
  readonly owner: string;
  readonly name: string;
  readonly objects = new GitObjects();
  readonly branches = new Map<string, string>();
  /** Refs that are neither branches nor tags, by name after "refs/" ("notes/x" → commit sha). */
  readonly otherRefs = new Map<string, string>();
  /** Submodule URLs by path, as .gitmodules would record them. */
  readonly submoduleUrls = new Map<string, string>();
  /** Issues, their comments and labels, and the repository's labels. */
  readonly issues = new FakeIssues();
  /**
   * People's roles on the repository (admin, maintain, write, triage, read), by login. octocat,
   * the fake's default actor, is an admin; anyone else reads a public repository and has no
   * permission on a private one, as GitHub answers for a non-collaborator.
   */
  readonly collaborators = new Map<string, string>([["octocat", "admin"]]);
  defaultBranch: string;
  isPrivate: boolean;
  #clock = Date.parse("2026-01-01T00:00:00Z");

  constructor(owner: string, name: string, options: { defaultBranch: string; private: boolean }) {
    this.owner = owner;
    this.name = name;
    this.defaultBranch = options.defaultBranch;
    this.isPrivate = options.private;
  }

  get fullName(): string {
    return `${this.owner}/${this.name}`;
  }

  /** The head commit SHA of `branch` (default branch when omitted); throws if it is missing. */
  head(branch = this.defaultBranch): string {
    const sha = this.branches.get(branch);
    if (!sha) throw new Error(`fake repo ${this.fullName} has no branch ${branch}`);
    return sha;
  }

  /**
   * Commits `files` on top of `branch` as someone else pushing would (creating the branch if
   * needed) and moves the branch. Use it to seed content or to move a head under a client.
   */
  push(files: Record<string, SeedEntry>, message = "seed", branch = this.defaultBranch): string {
    const parent = this.branches.get(branch);
    const baseTree = parent ? this.objects.commit(parent)?.tree : undefined;
    const edits = Object.entries(files).map(([path, entry]) => this.#edit(path, entry));
    const tree = this.objects.editTree(baseTree, edits);
    const sha = this.objects.putCommit({
      tree,
      parents: parent ? [parent] : [],
      message,
      author: { ...FAKE_AUTHOR, date: this.nextDate() },
    });
    this.branches.set(branch, sha);
    return sha;
  }

  /** Commits reachable from `branch` by first parents, newest first (like `git log --first-parent`). */
  log(branch = this.defaultBranch): { sha: string; message: string; parents: string[] }[] {
    const out: { sha: string; message: string; parents: string[] }[] = [];
    let sha: string | undefined = this.branches.get(branch);
    while (sha) {
      const commit = this.objects.commit(sha);
      if (!commit) break;
      out.push({ sha, message: commit.message, parents: commit.parents });
      sha = commit.parents[0];
    }
    return out;
  }

  /** The text of a regular file at `ref` (a branch or commit SHA), or undefined. */
  readFile(path: string, ref = this.defaultBranch): string | undefined {
    const entry = this.entry(path, ref);
    if (!entry || entry.mode === SYMLINK_MODE || entry.type !== "blob") return undefined;
    return this.objects.blob(entry.sha)?.content.toString("utf8");
  }

  /** The tree entry at `path` for `ref`, without following links. */
  entry(path: string, ref = this.defaultBranch): TreeEntry | undefined {
    const tree = this.rootTree(ref);
    return tree ? this.objects.entryAt(tree, path) : undefined;
  }

  /** The root tree SHA of a branch or commit, or undefined when the ref does not resolve. */
  rootTree(ref: string): string | undefined {
    const commitSha = this.branches.get(ref) ?? ref;
    return this.objects.commit(commitSha)?.tree;
  }

  /** Monotonic timestamps so commits made in one millisecond still differ. */
  nextDate(): string {
    this.#clock += 1000;
    return new Date(this.#clock).toISOString();
  }

  #edit(path: string, entry: SeedEntry): TreeEdit {
    if (entry === null) return { path, mode: FILE_MODE, type: "blob", sha: null };
    // Links and submodules first: under the Worker's types a Buffer guard does not narrow.
    if (typeof entry === "object" && "symlink" in entry) {
      const target = (entry as { symlink: string }).symlink;
      return { path, mode: SYMLINK_MODE, type: "blob", sha: this.objects.putBlob(target) };
    }
    if (typeof entry === "object" && "submodule" in entry) {
      const module = entry as { submodule: string; url?: string };
      this.submoduleUrls.set(path, module.url ?? "https://github.com/other/module.git");
      return { path, mode: SUBMODULE_MODE, type: "commit", sha: module.submodule };
    }
    return {
      path,
      mode: FILE_MODE,
      type: "blob",
      sha: this.objects.putBlob(entry as string | Buffer),
    };
  }
}
