import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { errnoCode } from "./errno.ts";

/**
 * Creates the folders `missing` (outermost first) below the existing folder `base`, one level
 * at a time: Node's recursive mkdir loops forever where a level can never be created (under
 * /proc), while a single mkdir fails at once. A level that appeared meanwhile is used if it is
 * a folder. Throws the first failure (a Node system error).
 */
export async function createFoldersBelow(base: string, missing: readonly string[]): Promise<void> {
  let current = base;
  for (const name of missing) {
    current = path.join(current, name);
    try {
      await mkdir(current);
    } catch (error) {
      if (errnoCode(error) !== "EEXIST" || !(await stat(current)).isDirectory()) throw error;
    }
  }
}
