import { listDirectoryInside } from "../../sandbox/list-inside.ts";
import { readRegularFileInside } from "../../sandbox/read-inside.ts";
import type { SandboxRoot } from "../../sandbox/sandbox-root.ts";
import { statInside } from "../../sandbox/stat-inside.ts";
import { StoreError } from "../research-reader.ts";

/** Like GitHub, content above 1 MB is left out (`encoding: "none"`); its size still tells. */
export const LOCAL_INLINE_LIMIT = 1024 * 1024;

const TYPE = { file: "file", directory: "dir", symlink: "symlink", other: "other" } as const;

/**
 * The Contents-API answer for a path in a local folder: `{ type: "file", path, name, size,
 * encoding: "base64", content }`, an array for a folder, `{ type: "symlink" }` for ANY link and
 * `{ type: "other" }` for FIFOs, sockets and devices. Unlike GitHub, a link is never followed,
 * not even to a file inside the folder: it is reported as what it is, so a link can never turn
 * one path into another's content. Every access goes through the sandbox primitives.
 * Throws a SandboxError (mapped by the caller), or a StoreError with status 404.
 */
export async function localContents(root: SandboxRoot, rel: string): Promise<unknown> {
  const found = await statInside(root, rel);
  if (found.kind === "missing") {
    throw new StoreError(`Not found: ${JSON.stringify(rel)} does not exist`, { status: 404 });
  }
  const name = found.path.split("/").at(-1) ?? "";
  if (found.kind === "directory") {
    const { entries } = await listDirectoryInside(root, found.path);
    return entries.map((entry) => ({
      type: TYPE[entry.kind],
      name: entry.name,
      path: entry.path,
      size: entry.kind === "file" ? entry.size : 0,
    }));
  }
  if (found.kind !== "file") {
    return { type: TYPE[found.kind], name, path: found.path, size: found.size };
  }
  if (found.size > LOCAL_INLINE_LIMIT) {
    return {
      type: "file",
      name,
      path: found.path,
      size: found.size,
      encoding: "none",
      content: "",
    };
  }
  const bytes = await readRegularFileInside(root, found.path, { maxBytes: LOCAL_INLINE_LIMIT });
  return {
    type: "file",
    name,
    path: found.path,
    // From the bytes actually read, so size and content always agree.
    size: bytes.byteLength,
    encoding: "base64",
    content: bytes.toString("base64"),
  };
}
