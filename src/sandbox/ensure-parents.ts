import { lstat, mkdir, realpath } from "node:fs/promises";
import { segmentsInside } from "./containment.ts";
import { errnoCode } from "./errno.ts";
import { type OpenDirectory, openDirectory } from "./open-directory.ts";
import { enforcePolicy } from "./path-policy.ts";
import { SandboxError, sandboxErrors } from "./sandbox-error.ts";
import type { SandboxRoot } from "./sandbox-root.ts";

/**
 * Opens the parent folder of a file to write, creating missing folders ONE level at a time
 * (never `mkdir -p`, which follows a linked folder out of the root). Each existing level is
 * lstat'ed: a real folder is entered, a link is entered only if it resolves to an allowed
 * folder inside the root, anything else is an error. Every folder is opened and verified before
 * the next level is created in it. The caller closes the returned directory.
 */
export async function ensureParents(
  root: SandboxRoot,
  parents: readonly string[],
  rel: string,
): Promise<OpenDirectory> {
  let current = await openDirectory(root, root.realPath, rel, "write");
  try {
    for (let index = 0; index < parents.length; index++) {
      const name = parents[index]!;
      const next = await enterChild(
        root,
        current,
        name,
        parents.slice(0, index + 1).join("/"),
        rel,
      );
      await current.close();
      current = next;
    }
    return current;
  } catch (error) {
    await current.close();
    throw error;
  }
}

async function enterChild(
  root: SandboxRoot,
  parent: OpenDirectory,
  name: string,
  soFar: string,
  rel: string,
): Promise<OpenDirectory> {
  const childPath = parent.child(name);
  for (let attempt = 0; attempt < 2; attempt++) {
    let kind: "directory" | "symlink" | "other";
    try {
      const stats = await lstat(childPath);
      kind = stats.isDirectory() ? "directory" : stats.isSymbolicLink() ? "symlink" : "other";
    } catch (error) {
      if (errnoCode(error) !== "ENOENT") throw sandboxErrors.writeFailed(rel);
      try {
        await mkdir(childPath);
      } catch (mkdirError) {
        if (errnoCode(mkdirError) === "EEXIST") continue; // created concurrently: look again
        throw sandboxErrors.writeFailed(rel);
      }
      kind = "directory";
    }
    if (kind === "other") throw sandboxErrors.parentNotDirectory(rel, soFar);
    if (kind === "directory") return openDirectory(root, childPath, rel, "write");
    return enterLinkedFolder(root, childPath, soFar, rel);
  }
  throw sandboxErrors.writeFailed(rel);
}

/** A linked folder is entered at its realpath, which must be an allowed folder inside the root. */
async function enterLinkedFolder(
  root: SandboxRoot,
  linkPath: string,
  soFar: string,
  rel: string,
): Promise<OpenDirectory> {
  let target: string;
  try {
    target = await realpath(linkPath);
  } catch (error) {
    const code = errnoCode(error);
    // A dangling link is never created through: that is how writes escaped elsewhere.
    if (code === "ENOENT" || code === "ELOOP") throw sandboxErrors.outsideRoot(rel);
    throw sandboxErrors.writeFailed(rel);
  }
  const segments = segmentsInside(root.realPath, target);
  if (segments === undefined) throw sandboxErrors.outsideRoot(rel);
  enforcePolicy(segments, "write", rel);
  try {
    return await openDirectory(root, target, rel, "write");
  } catch (error) {
    if (error instanceof SandboxError && error.code === "not_directory") {
      throw sandboxErrors.parentNotDirectory(rel, soFar);
    }
    throw error;
  }
}
