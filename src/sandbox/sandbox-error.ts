/**
 * Every way a sandboxed file operation can fail. The set is closed on purpose: callers map a
 * code to their own result type, and the message is always one of the fixed texts below, naming
 * only the relative path the caller was given (never a host path, never an OS error text).
 */
export type SandboxErrorCode =
  /** The path is malformed (absolute, `..`, control characters, too long, ...). */
  | "invalid_path"
  /** The path names a protected file (secrets, version control) or, on writes, a dot-entry. */
  | "denied"
  /** The path resolves outside the root through a link, or changed while being opened. */
  | "outside_root"
  /** Nothing exists at the path (the only error mapped from ENOENT). */
  | "not_found"
  /** A file was expected but the path is a directory. */
  | "is_directory"
  /** A directory was expected (listing, or a parent on write) but the path is not one. */
  | "not_directory"
  /** The path is a FIFO, socket or device; only regular files are read. */
  | "not_regular_file"
  /** A regular file with more than one hard link: its content may be a file outside the root. */
  | "hard_linked"
  /** The file or the content to write is over the size cap. */
  | "too_large"
  /** Any other failure to read: permissions, I/O errors. */
  | "unreadable"
  /** Any other failure to write: permissions, disk full, I/O errors. */
  | "write_failed";

export class SandboxError extends Error {
  readonly code: SandboxErrorCode;
  /** The relative path as the caller gave it (already quoted in the message). */
  readonly path: string;

  constructor(code: SandboxErrorCode, path: string, message: string) {
    super(message);
    this.name = "SandboxError";
    this.code = code;
    this.path = path;
  }
}

export function isSandboxError(error: unknown): error is SandboxError {
  return error instanceof SandboxError;
}

const MAX_ECHO = 120;

/**
 * Quotes a caller-given path for a message: JSON escaping makes control characters visible and
 * keeps the message on one line; long inputs are cut so a message stays readable.
 */
export function quotePath(path: string): string {
  const cut = path.length > MAX_ECHO ? `${path.slice(0, MAX_ECHO)}…` : path;
  return JSON.stringify(cut);
}

/** The fixed messages. `rel` is what the caller gave; `detail` only ever comes from this module. */
export const sandboxErrors = {
  invalidPath: (rel: string, reason: string) =>
    new SandboxError("invalid_path", rel, `Invalid path ${quotePath(rel)}: ${reason}`),
  protectedFile: (rel: string) =>
    new SandboxError(
      "denied",
      rel,
      `Access denied: ${quotePath(rel)} is a protected path (secrets, keys and version-control data are off limits)`,
    ),
  hiddenWrite: (rel: string) =>
    new SandboxError(
      "denied",
      rel,
      `Cannot write ${quotePath(rel)}: hidden (dot) files and folders and secret-like names are not writable`,
    ),
  outsideRoot: (rel: string) =>
    new SandboxError(
      "outside_root",
      rel,
      `Access denied: ${quotePath(rel)} resolves outside the allowed folder (links are not followed out of it)`,
    ),
  notFound: (rel: string) =>
    new SandboxError("not_found", rel, `Not found: ${quotePath(rel)} does not exist`),
  isDirectory: (rel: string) =>
    new SandboxError("is_directory", rel, `${quotePath(rel)} is a directory, not a file`),
  notDirectory: (rel: string) =>
    new SandboxError("not_directory", rel, `${quotePath(rel)} is not a directory`),
  fileOnPath: (rel: string) =>
    new SandboxError(
      "not_directory",
      rel,
      `${quotePath(rel)} cannot be reached: one of its folders is a file`,
    ),
  parentNotDirectory: (rel: string, parent: string) =>
    new SandboxError(
      "not_directory",
      rel,
      `Cannot write ${quotePath(rel)}: ${quotePath(parent)} exists and is not a directory`,
    ),
  notRegularFile: (rel: string) =>
    new SandboxError(
      "not_regular_file",
      rel,
      `${quotePath(rel)} is not a regular file (FIFO, socket or device); only regular files can be read`,
    ),
  hardLinked: (rel: string) =>
    new SandboxError(
      "hard_linked",
      rel,
      `Access denied: ${quotePath(rel)} has more than one hard link and is refused, so that nothing outside the allowed folder can be read through it`,
    ),
  fileTooLarge: (rel: string, size: number, max: number) =>
    new SandboxError(
      "too_large",
      rel,
      `${quotePath(rel)} is too large: ${size} bytes (the limit is ${max} bytes)`,
    ),
  contentTooLarge: (rel: string, size: number, max: number) =>
    new SandboxError(
      "too_large",
      rel,
      `Content for ${quotePath(rel)} is too large: ${size} bytes (the limit is ${max} bytes)`,
    ),
  unreadable: (rel: string) =>
    new SandboxError(
      "unreadable",
      rel,
      `${quotePath(rel)} cannot be read (permission denied or I/O error)`,
    ),
  writeFailed: (rel: string) =>
    new SandboxError(
      "write_failed",
      rel,
      `Could not write ${quotePath(rel)} (permission denied, disk full or I/O error)`,
    ),
};
