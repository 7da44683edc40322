import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { link, lstat, mkdir, open, realpath, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { StoreError } from "../research-reader.ts";
import type { ResearchFile } from "../research-store.ts";
import {
  checkSetupFiles,
  decideSetup,
  type SetupFileWriter,
  type SetupGroup,
  type SetupOutcome,
  type SetupWriteOptions,
} from "../setup-files.ts";

/**
 * Set-up files written into a local ideas repository's working tree (not committed: the user
 * reviews, commits and pushes them). Folders are created one level at a time and must be real
 * folders, never links, so a linked .github cannot carry a write out of the repository, and a
 * file is read only when it is a regular file (never through a link). Each file goes to a fresh
 * temp name and is linked into place, which fails on a name taken meanwhile (kept); a file
 * being replaced is renamed over.
 */
export class LocalSetupFiles implements SetupFileWriter {
  readonly description: string;
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
    this.description = `folder ${root}`;
  }

  async write(groups: readonly SetupGroup[], options: SetupWriteOptions): Promise<SetupOutcome> {
    checkSetupFiles(groups.flat());
    let root: string;
    try {
      root = await realpath(this.#root);
    } catch {
      throw new StoreError(`The ideas repository folder ${this.#root} does not exist`);
    }
    const decided = await decideSetup(groups, options.replace, (rel) =>
      osErrorsAsStoreErrors(rel, () => readExisting(root, rel)),
    );
    const written: string[] = [];
    const kept = [...decided.kept];
    for (const { file, replaces } of decided.write) {
      const done = await osErrorsAsStoreErrors(file.path, () => writeOne(root, file, replaces));
      (done ? written : kept).push(file.path);
    }
    return {
      written,
      kept,
      unchanged: decided.unchanged,
      where: "the working tree (commit and push them)",
    };
  }
}

async function osErrorsAsStoreErrors<T>(rel: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreError) throw error;
    // An OS error's code, never its message: that names host paths.
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new StoreError(`Could not write ${rel} (${code})`);
  }
}

/** The text of a set-up file, or undefined when it (or a folder on its way) is not there. */
async function readExisting(root: string, rel: string): Promise<string | undefined> {
  const segments = rel.split("/");
  let dir = root;
  for (const name of segments.slice(0, -1)) {
    dir = path.join(dir, name);
    const stats = await lstat(dir).catch(() => undefined);
    if (!stats) return undefined;
    if (!stats.isDirectory()) throw notAFolder(dir, rel);
  }
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(
      path.join(dir, segments.at(-1)!),
      constants.O_RDONLY | constants.O_NOFOLLOW,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP") throw notAFile(rel);
    throw error;
  }
  try {
    if (!(await handle.stat()).isFile()) throw notAFile(rel);
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

async function writeOne(root: string, file: ResearchFile, replace: boolean): Promise<boolean> {
  const segments = file.path.split("/");
  let dir = root;
  for (const name of segments.slice(0, -1)) {
    dir = path.join(dir, name);
    await realFolder(dir, file.path);
  }
  const target = path.join(dir, segments.at(-1)!);
  const existing = await lstat(target).catch(() => undefined);
  if (existing && !replace) return false;
  if (existing && !existing.isFile()) throw notAFile(file.path);
  const temp = path.join(dir, `.${randomUUID()}.tmp`);
  const handle = await open(temp, "wx", 0o644);
  try {
    await handle.writeFile(file.content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (replace) {
      await rename(temp, target);
      return true;
    }
    try {
      await link(temp, target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
  } finally {
    await unlink(temp).catch(() => {});
  }
}

async function realFolder(dir: string, rel: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const stats = await lstat(dir).catch(() => undefined);
    if (stats?.isDirectory()) return;
    if (stats) throw notAFolder(dir, rel);
    try {
      await mkdir(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new StoreError(`Could not create the folder for ${rel}`);
      }
    }
  }
}

function notAFolder(dir: string, rel: string): StoreError {
  return new StoreError(
    `${path.basename(dir)} on the way to ${rel} is not a folder (a link or a file); nothing was written there`,
  );
}

function notAFile(rel: string): StoreError {
  return new StoreError(`${rel} exists and is not a regular file; remove it first`);
}
