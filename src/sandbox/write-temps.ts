import { randomUUID } from "node:crypto";
import { lstat, readdir, unlink } from "node:fs/promises";
import { openDirectory } from "./open-directory.ts";
import { enforcePolicy } from "./path-policy.ts";
import { parseRelativePath } from "./relative-path.ts";
import { resolveInside } from "./resolve-inside.ts";
import { sandboxErrors } from "./sandbox-error.ts";
import type { SandboxRoot } from "./sandbox-root.ts";

const WRITE_TEMP = /^\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** The name writeFileInside writes to before its rename: a dot-name, so a crash leaves it hidden. */
export function newWriteTempName(): string {
  return `.${randomUUID()}.tmp`;
}

/** True for a name newWriteTempName could have made. */
export function isWriteTempName(name: string): boolean {
  return WRITE_TEMP.test(name);
}

/**
 * Removes the temp files of writes that never reached their rename (the process was killed)
 * from the folder `rel`, and returns how many there were. Only regular files with a temp name
 * are removed; a missing folder holds none. The caller must know no write into that folder is
 * in flight (it holds the lock every writer takes), or it would remove a live write's file.
 */
export async function removeWriteTempsInside(root: SandboxRoot, rel: string): Promise<number> {
  const segments = parseRelativePath(rel);
  enforcePolicy(segments, "write", rel);
  const resolved = await resolveInside(root, segments, rel, "write");
  if (resolved === undefined) return 0;
  const directory = await openDirectory(root, resolved.real, rel, "write");
  try {
    let names: string[];
    try {
      names = await readdir(directory.child(""));
    } catch {
      throw sandboxErrors.writeFailed(rel);
    }
    let removed = 0;
    for (const name of names.filter(isWriteTempName)) {
      const stats = await lstat(directory.child(name)).catch(() => undefined);
      if (!stats?.isFile()) continue;
      await unlink(directory.child(name)).then(
        () => removed++,
        () => {},
      );
    }
    return removed;
  } finally {
    await directory.close();
  }
}
