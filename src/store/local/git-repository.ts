import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { MAX_STORED_FILE_BYTES } from "../research-files.ts";
import { StoreError } from "../research-reader.ts";
import type { ResearchSnapshot } from "../research-store.ts";
import { storeErrorFromFs } from "./fs-store-error.ts";
import { type GitOptions, type GitOutput, gitFailure, gitNotRunnable, runGit } from "./run-git.ts";
import { removeStaleCommitTemps } from "./stale-temps.ts";

/** A blob at a repository path (relative to the ideas folder). */
export interface GitEntry {
  path: string;
  sha: string;
}

/** git's answers when another writer holds a ref or the index (`….lock: File exists`). */
const LOCKED =
  /cannot lock ref|unable to create '[^']*\.lock'|\.lock': file exists|is at [0-9a-f]+ but expected|reference already exists/i;

/**
 * The git repository that holds the ideas folder, driven through plumbing only: objects are
 * written with hash-object, trees are built in a private index (GIT_INDEX_FILE), commits with
 * commit-tree, and the branch moves by compare-and-swap (update-ref NEW OLD). Nothing here reads
 * or writes the user's index or working tree except `addToIndex`, for paths we committed.
 * Paths given and returned are relative to the ideas folder; `prefix` maps them to the top.
 */
export class GitRepository {
  readonly #options: GitOptions;
  /** The work tree's top folder (plumbing runs there). */
  readonly top: string;
  /** The ideas folder relative to `top`, "" or ending in "/". */
  readonly prefix: string;
  /** Where our private files live (temp indexes, locks): inside the repository's git dir. */
  readonly stateDir: string;
  /** The ref a commit moves: "refs/heads/<branch>", or "HEAD" when detached. */
  readonly headRef: string;

  private constructor(fields: {
    options: GitOptions;
    top: string;
    prefix: string;
    gitDir: string;
    headRef: string;
  }) {
    this.#options = fields.options;
    this.top = fields.top;
    this.prefix = fields.prefix;
    this.stateDir = path.join(fields.gitDir, "idea-explorer");
    this.headRef = fields.headRef;
  }

  /**
   * The repository around `dir`, or undefined when `dir` is not in a git work tree. When git
   * cannot be run but a `.git` is there, that is an error: treating a repository as a plain
   * folder would write research that is never committed.
   */
  static async open(dir: string, options: GitOptions): Promise<GitRepository | undefined> {
    const args = [
      "rev-parse",
      "--is-inside-work-tree",
      "--show-toplevel",
      "--show-prefix",
      "--git-common-dir",
    ];
    const out = await runGit(dir, args, options).catch(() => undefined);
    if (!out || out.code === 126 || out.code === 127) {
      if (hasGitAbove(dir)) throw gitNotRunnable();
      return undefined;
    }
    const [inside, top, prefix, commonDir] = out.stdout.split("\n");
    if (out.code !== 0 || inside !== "true" || !top || commonDir === undefined) return undefined;
    const symbolic = await runGit(dir, ["symbolic-ref", "-q", "HEAD"], options);
    return new GitRepository({
      options,
      top,
      prefix: prefix ?? "",
      gitDir: path.resolve(dir, commonDir),
      headRef: symbolic.code === 0 ? symbolic.stdout.trim() : "HEAD",
    });
  }

  /** The commit the branch points at and its tree; undefined on a branch with no commits yet. */
  async head(): Promise<{ commit: string; tree: string } | undefined> {
    const out =
      this.headRef === "HEAD"
        ? await this.#git(["log", "-1", "--format=%H %T", "HEAD", "--"])
        : await this.#git(["for-each-ref", "--format=%(objectname) %(tree)", this.headRef]);
    const [commit, tree] = out.stdout.trim().split(" ");
    return commit && tree ? { commit, tree } : undefined;
  }

  /** Read access to the files of `commit` (nothing at all for an unborn branch). */
  snapshot(commit: string | undefined): ResearchSnapshot {
    return {
      listIdeaFolders: async () => {
        if (!commit) return [];
        const entries = await this.#lsTree(commit, "ideas/");
        return entries
          .filter((e) => e.type === "tree" && !e.name.startsWith("."))
          .map((e) => e.name)
          .sort();
      },
      readText: async (repoPath) => {
        if (!commit) return undefined;
        const [entry] = await this.#lsTree(commit, repoPath);
        if (!entry || entry.path !== repoPath) return undefined;
        if (entry.type !== "blob" || entry.mode === "120000") {
          throw new StoreError(`${repoPath} is not a file`);
        }
        if (entry.size > MAX_STORED_FILE_BYTES) {
          throw new StoreError(`${repoPath} is too large to read`);
        }
        return (await this.readBlob(entry.sha)).toString("utf8");
      },
    };
  }

  /** Every blob under `folder` in `commit`. */
  async blobsUnder(commit: string, folder: string): Promise<GitEntry[]> {
    const out = await this.#git([
      "ls-tree",
      "-r",
      "-z",
      "--full-tree",
      commit,
      "--",
      `${this.prefix}${folder}/`,
    ]);
    return parseTree(out.stdout, this.prefix)
      .filter((e) => e.type === "blob" && e.mode !== "120000")
      .map((e) => ({ path: e.path, sha: e.sha }));
  }

  async readBlob(sha: string): Promise<Buffer> {
    return (await this.#git(["cat-file", "blob", sha])).stdoutBytes;
  }

  /** Writes each content into the object store with one git call; returns their ids in order. */
  async writeBlobs(contents: readonly string[]): Promise<string[]> {
    let temp: string | undefined;
    try {
      await mkdir(this.stateDir, { recursive: true });
      // The pid in the name lets a later commit tell a killed run's folder from a live one's.
      temp = await mkdtemp(path.join(this.stateDir, `blobs-${process.pid}-`));
      const dir = temp;
      const files = contents.map((_, i) => path.join(dir, String(i)));
      await Promise.all(contents.map((content, i) => writeFile(files[i]!, content)));
      const input = files.map((file) => `${file}\n`).join("");
      const out = await this.#git(["hash-object", "-w", "--no-filters", "--stdin-paths"], [0], {
        input,
      });
      return out.stdout.trim().split("\n");
    } catch (error) {
      throw storeErrorFromFs(error, "store the research");
    } finally {
      if (temp) await rm(temp, { recursive: true, force: true }).catch(() => {});
    }
  }

  /**
   * Removes the temp indexes and blob folders of commits whose run was killed (see
   * removeStaleCommitTemps): never one a live run may be using.
   */
  async removeStaleTemps(): Promise<void> {
    await removeStaleCommitTemps(this.stateDir);
  }

  /** The tree of `base` with `entries` put in, built in a private index the user never sees. */
  async treeWith(base: string | undefined, entries: readonly GitEntry[]): Promise<string> {
    const index = path.join(
      this.stateDir,
      `index-${process.pid}-${randomBytes(6).toString("hex")}`,
    );
    const env = { GIT_INDEX_FILE: index };
    await mkdir(this.stateDir, { recursive: true }).catch((error: unknown) => {
      throw storeErrorFromFs(error, "build the commit");
    });
    try {
      await this.#git(["read-tree", ...(base ? [base] : ["--empty"])], [0], { env });
      const lines = entries.map((e) => `100644 ${e.sha}\t${this.prefix}${e.path}\0`).join("");
      await this.#git(["update-index", "-z", "--index-info"], [0], { env, input: lines });
      return (await this.#git(["write-tree"], [0], { env })).stdout.trim();
    } finally {
      await rm(index, { force: true }).catch(() => {});
    }
  }

  /** A commit of `tree` on top of `parent`; no hook runs. */
  async commitTree(tree: string, parent: string | undefined, message: string): Promise<string> {
    const args = ["commit-tree", tree, ...(parent ? ["-p", parent] : []), "-F", "-"];
    return (await this.#git(args, [0], { input: `${message}\n` })).stdout.trim();
  }

  /**
   * Compare-and-swap: moves the branch from `expected` (undefined: it must not exist yet) to
   * `commit`. False when the branch moved meanwhile or another writer held it.
   */
  async moveHead(commit: string, expected: string | undefined, reason: string): Promise<boolean> {
    const args = ["update-ref", "-m", `idea-explorer: ${reason}`];
    if (this.headRef === "HEAD") args.push("--no-deref");
    const out = await this.#run([...args, this.headRef, commit, expected ?? ""]);
    if (out.code === 0) return true;
    if (LOCKED.test(out.stderr)) return false;
    throw gitFailure("update-ref", out.stderr, this.top);
  }

  /** The newest commit reachable from `commit` that touched any of `paths`. */
  async lastCommitTouching(commit: string, paths: readonly string[]): Promise<string> {
    const full = paths.map((p) => `${this.prefix}${p}`);
    const out = await this.#git(["log", "-1", "--format=%H", commit, "--", ...full]);
    return out.stdout.trim() || commit;
  }

  /** Paths among `paths` that the user's index does not list. */
  async missingFromIndex(paths: readonly string[]): Promise<string[]> {
    const full = paths.map((p) => `${this.prefix}${p}`);
    const out = await this.#git(["ls-files", "-z", "--", ...full]);
    const listed = new Set(out.stdout.split("\0").filter(Boolean));
    return paths.filter((p) => !listed.has(`${this.prefix}${p}`));
  }

  /**
   * Records the working-tree files at `paths` in the user's index (only those entries), so
   * `git status` shows them as committed. git's index allows one writer: when another holds it,
   * wait a little and try again. False when it stayed busy.
   */
  async addToIndex(paths: readonly string[]): Promise<boolean> {
    const full = paths.map((p) => `${this.prefix}${p}`);
    for (let attempt = 0; attempt < 20; attempt++) {
      const out = await this.#run(["update-index", "--add", "--", ...full]);
      if (out.code === 0) return true;
      if (!LOCKED.test(out.stderr)) throw gitFailure("update-index", out.stderr, this.top);
      await delay(25 * (attempt + 1));
    }
    return false;
  }

  async #lsTree(commit: string, repoPath: string) {
    const out = await this.#git([
      "ls-tree",
      "-z",
      "-l",
      "--full-tree",
      commit,
      "--",
      `${this.prefix}${repoPath}`,
    ]);
    return parseTree(out.stdout, this.prefix);
  }

  async #run(args: string[], extra: { input?: string; env?: Record<string, string> } = {}) {
    try {
      return await runGit(this.top, args, this.#options, extra);
    } catch {
      throw gitNotRunnable();
    }
  }

  async #git(
    args: string[],
    allowed: number[] = [0],
    extra: { input?: string; env?: Record<string, string> } = {},
  ): Promise<GitOutput> {
    const out = await this.#run(args, extra);
    if (!allowed.includes(out.code)) throw gitFailure(args[0]!, out.stderr, this.top);
    return out;
  }
}

/** A `.git` folder or file in `dir` or a folder above it. */
function hasGitAbove(dir: string): boolean {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, ".git"))) return true;
    if (path.dirname(at) === at) return false;
  }
}

interface TreeLine {
  mode: string;
  type: string;
  sha: string;
  size: number;
  /** Relative to the ideas folder. */
  path: string;
  name: string;
}

/** `ls-tree -z [-l]` output, paths made relative to the ideas folder. */
function parseTree(output: string, prefix: string): TreeLine[] {
  return output
    .split("\0")
    .filter(Boolean)
    .map((record) => {
      const tab = record.indexOf("\t");
      const [mode = "", type = "", sha = "", size = "0"] = record.slice(0, tab).split(/\s+/);
      const full = record.slice(tab + 1);
      const rel = full.startsWith(prefix) ? full.slice(prefix.length) : full;
      return {
        mode,
        type,
        sha,
        size: Number(size) || 0,
        path: rel,
        name: rel.split("/").at(-1) ?? "",
      };
    });
}
