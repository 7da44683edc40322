import type { Stats } from "node:fs";

/**
 * A regular file that more than one name points at. A hard link is the same file under another
 * name, with nothing on it to say where the other names are: one inside the root can share its
 * content with `~/.ssh/id_rsa` outside it, or with `.env` next to it, and neither a realpath nor
 * `/proc/self/fd` (both report the name that was opened) nor the secret-name deny list can tell.
 * The only safe reading is to refuse every file whose link count is above one. Judge it on the
 * fstat of the opened handle: the count of the very inode being read, not of whatever the path
 * names a moment later. (Folders always have several links, "." and ".."; only files count.)
 */
export function isHardLinked(stats: Pick<Stats, "isFile" | "nlink">): boolean {
  return stats.isFile() && stats.nlink > 1;
}
