import { listDirectoryInside } from "../../sandbox/list-inside.ts";
import { readRegularFileInside } from "../../sandbox/read-inside.ts";
import { isSandboxError } from "../../sandbox/sandbox-error.ts";
import type { SandboxRoot } from "../../sandbox/sandbox-root.ts";
import { statInside } from "../../sandbox/stat-inside.ts";
import { isWriteTempName } from "../../sandbox/write-temps.ts";
import { MAX_STORED_FILE_BYTES } from "../research-files.ts";
import type { ResearchSnapshot } from "../research-store.ts";
import { storeErrorFromSandbox } from "./sandbox-store-error.ts";

/**
 * The file a plain folder's commit writes last (by rename): a folder under ideas/ without it was
 * left by a run that died while writing, and does not count as explored.
 */
export const COMPLETION_MARK = "exploration-log.json";

const IDEA_FILE = /^ideas\/([^/]+)\//;
/** A research.md this product wrote: frontmatter first, with the idea's fingerprint in it. */
const WRITTEN_BY_US = /^(?:\uFEFF)?---\r?\n(?:[^\n]*\n)*?fingerprint:/;

/**
 * The committed state of a plain folder: the folders under ideas/ except those a run left
 * unfinished (see isUnfinishedFolder).
 */
export function folderSnapshot(root: () => SandboxRoot): ResearchSnapshot {
  const isComplete = async (folder: string) => !(await isUnfinishedFolder(root(), folder));
  return {
    async listIdeaFolders() {
      let listing: Awaited<ReturnType<typeof listDirectoryInside>>;
      try {
        listing = await listDirectoryInside(root(), "ideas", {
          maxEntries: Number.MAX_SAFE_INTEGER,
        });
      } catch (error) {
        if (isSandboxError(error) && error.code === "not_found") return [];
        throw storeErrorFromSandbox(error, "Could not list the ideas folder");
      }
      const folders = listing.entries
        .filter((e) => e.kind === "directory" && !e.name.startsWith("."))
        .map((e) => e.name);
      const complete = await Promise.all(folders.map(isComplete));
      return folders.filter((_, i) => complete[i]);
    },
    async readText(repoPath) {
      const folder = IDEA_FILE.exec(repoPath)?.[1];
      if (folder !== undefined && !(await isComplete(folder))) return undefined;
      return readWorkingText(root(), repoPath);
    },
  };
}

/**
 * True when ideas/<folder> was left by a run that died before its completion mark: it holds
 * research this product wrote (its frontmatter carries a fingerprint) without the mark, or no
 * research.md at all and nothing but the temp files of writes that never reached their rename
 * (or nothing). Research written by hand has no fingerprint and is never unfinished; neither is
 * a folder holding any other file, nor one that does not exist.
 */
export async function isUnfinishedFolder(root: SandboxRoot, folder: string): Promise<boolean> {
  const mark = await statInside(root, `ideas/${folder}/${COMPLETION_MARK}`).catch(() => undefined);
  if (mark?.kind === "file") return false;
  const research = await readWorkingText(root, `ideas/${folder}/research.md`).catch(
    () => undefined,
  );
  if (research !== undefined) return WRITTEN_BY_US.test(research);
  const listing = await listDirectoryInside(root, `ideas/${folder}`, { maxEntries: 100 }).catch(
    () => undefined,
  );
  if (!listing || listing.truncated) return false;
  return listing.entries.every((e) => e.kind === "file" && isWriteTempName(e.name));
}

/** A file's text in the folder as it is on disk, or undefined when it does not exist. */
export async function readWorkingText(
  root: SandboxRoot,
  repoPath: string,
): Promise<string | undefined> {
  try {
    const bytes = await readRegularFileInside(root, repoPath, { maxBytes: MAX_STORED_FILE_BYTES });
    return bytes.toString("utf8");
  } catch (error) {
    if (isSandboxError(error) && error.code === "not_found") return undefined;
    throw storeErrorFromSandbox(error, `Could not read ${JSON.stringify(repoPath)}`);
  }
}
