import { randomUUID } from "node:crypto";
import { open, unlink } from "node:fs/promises";
import path from "node:path";

/**
 * Whether a file can really be created in the folder `dir`, found by creating and removing one.
 * `access(W_OK)` is not enough: it says yes to root for /proc and /sys, where nothing can be
 * created (and where Node's recursive mkdir then loops forever).
 */
export async function canCreateFilesIn(dir: string): Promise<boolean> {
  const probe = path.join(dir, `.idea-explorer-write-check-${randomUUID()}`);
  try {
    // "wx": created here or refused, never an existing file or a link's target.
    await (await open(probe, "wx", 0o600)).close();
  } catch {
    return false;
  }
  await unlink(probe).catch(() => {});
  return true;
}
