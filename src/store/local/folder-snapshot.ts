import { listDirectoryInside } from "../../sandbox/list-inside.ts";
import { readRegularFileInside } from "../../sandbox/read-inside.ts";
import { isSandboxError } from "../../sandbox/sandbox-error.ts";
import type { SandboxRoot } from "../../sandbox/sandbox-root.ts";
import { statInside } from "../../sandbox/stat-inside.ts";
import type { ResearchSnapshot } from "../research-store.ts";
import { storeErrorFromSandbox } from "./sandbox-store-error.ts";

/**
 * The file a plain folder's commit writes last (by rename): a folder under ideas/ without it was
 * left by a run that died while writing, and does not count as explored.
 */
export const COMPLETION_MARK = "exploration-log.json";

export const MAX_FILE_BYTES = 16 * 1024 * 1024;

const IDEA_FILE = /^ideas\/([^/]+)\//;
/** A research.md this product wrote: frontmatter first, with the idea's fingerprint in it. */
const WRITTEN_BY_US = /^(?:\uFEFF)?---\r?\n(?:[^\n]*\n)*?fingerprint:/;

/**
 * The committed state of a plain folder: the folders under ideas/ except those a run left
 * unfinished. A folder is unfinished when it holds research this product wrote (its
 * frontmatter carries a fingerprint) but not the completion mark; research written by hand
 * has no fingerprint and always counts.
 */
export function folderSnapshot(root: () => SandboxRoot): ResearchSnapshot {
  const isComplete = async (folder: string) => {
    const mark = await statInside(root(), `ideas/${folder}/${COMPLETION_MARK}`).catch(
      () => undefined,
    );
    if (mark?.kind === "file") return true;
    const research = await readWorkingText(root(), `ideas/${folder}/research.md`).catch(
      () => undefined,
    );
    return research === undefined || !WRITTEN_BY_US.test(research);
  };
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

/** A file's text in the folder as it is on disk, or undefined when it does not exist. */
export async function readWorkingText(
  root: SandboxRoot,
  repoPath: string,
): Promise<string | undefined> {
  try {
    const bytes = await readRegularFileInside(root, repoPath, { maxBytes: MAX_FILE_BYTES });
    return bytes.toString("utf8");
  } catch (error) {
    if (isSandboxError(error) && error.code === "not_found") return undefined;
    throw storeErrorFromSandbox(error, `Could not read ${JSON.stringify(repoPath)}`);
  }
}
