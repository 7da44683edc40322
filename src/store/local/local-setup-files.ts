import { randomUUID } from "node:crypto";
import { link, lstat, mkdir, open, realpath, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { StoreError } from "../research-reader.ts";
import type { ResearchFile } from "../research-store.ts";
import { checkSetupFiles, type SetupFileWriter, type SetupOutcome } from "../setup-files.ts";

/**
 * Set-up files written into a local ideas repository's working tree (not committed: the user
 * reviews, commits and pushes them). Folders are created one level at a time and must be real
 * folders, never links, so a linked .github cannot carry a write out of the repository; each
 * file goes to a fresh temp name and is linked into place, which fails on an existing name
 * (kept unless forced; forced, it is renamed over it).
 */
export class LocalSetupFiles implements SetupFileWriter {
  readonly description: string;
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
    this.description = `folder ${root}`;
  }

  async write(files: readonly ResearchFile[], options: { force: boolean }): Promise<SetupOutcome> {
    checkSetupFiles(files);
    let root: string;
    try {
      root = await realpath(this.#root);
    } catch {
      throw new StoreError(`The ideas repository folder ${this.#root} does not exist`);
    }
    const written: string[] = [];
    const kept: string[] = [];
    for (const file of files) {
      const done = await writeOne(root, file, options.force).catch((error: unknown) => {
        if (error instanceof StoreError) throw error;
        // An OS error's code, never its message: that names host paths.
        const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
        throw new StoreError(`Could not write ${file.path} (${code})`);
      });
      (done ? written : kept).push(file.path);
    }
    return { written, kept, where: "the working tree (commit and push them)" };
  }
}

async function writeOne(root: string, file: ResearchFile, force: boolean): Promise<boolean> {
  const segments = file.path.split("/");
  let dir = root;
  for (const name of segments.slice(0, -1)) {
    dir = path.join(dir, name);
    await realFolder(dir, file.path);
  }
  const target = path.join(dir, segments.at(-1)!);
  const existing = await lstat(target).catch(() => undefined);
  if (existing && !force) return false;
  if (existing && !existing.isFile()) {
    throw new StoreError(`${file.path} exists and is not a regular file; remove it first`);
  }
  const temp = path.join(dir, `.${randomUUID()}.tmp`);
  const handle = await open(temp, "wx", 0o644);
  try {
    await handle.writeFile(file.content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (force) {
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
    if (stats) {
      throw new StoreError(
        `${path.basename(dir)} on the way to ${rel} is not a folder (a link or a file); nothing was written there`,
      );
    }
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
