/**
 * Filesystem containment primitives: the lowest layer. Open a root once with
 * `openSandboxRoot`, then use only these functions with root-relative paths; each one throws a
 * `SandboxError` whose `code` is one of a fixed set and whose message names only the relative
 * path it was given.
 */
export type { EntryKind } from "./entry-kind.ts";
export {
  type DirectoryEntry,
  type DirectoryListing,
  type ListInsideOptions,
  listDirectoryInside,
} from "./list-inside.ts";
export type { PathPolicy } from "./path-policy.ts";
export { type ReadInsideOptions, readRegularFileInside } from "./read-inside.ts";
export { MAX_PATH_LENGTH, MAX_SEGMENT_BYTES, parseRelativePath } from "./relative-path.ts";
export {
  isSandboxError,
  SandboxError,
  type SandboxErrorCode,
} from "./sandbox-error.ts";
export {
  type OpenRootOptions,
  openSandboxRoot,
  type SandboxRoot,
  SandboxRootError,
} from "./sandbox-root.ts";
export { isDotName, isSecretName } from "./secret-names.ts";
export { type StatInsideResult, statInside } from "./stat-inside.ts";
export { type WriteInsideOptions, writeFileInside } from "./write-inside.ts";
