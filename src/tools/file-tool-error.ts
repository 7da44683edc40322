import { isSandboxError } from "../sandbox/sandbox-error.ts";

/**
 * A failed file_read / file_write call. Thrown rather than returned, like every tool here: the
 * SDK turns the throw into a `tool-error` part (so success and failure are told apart by part
 * type, never by parsing text) and shows the model `String(error)`, i.e.
 * "FileReadError: <what went wrong, naming the relative path it gave>".
 */
export class FileToolError extends Error {
  /** A sandbox error code, or "binary" / "internal"; goes to ToolCallLog.errorType. */
  readonly code: string;

  constructor(name: "FileReadError" | "FileWriteError", code: string, message: string) {
    super(message);
    this.name = name;
    this.code = code;
  }
}

/**
 * The error a tool throws for any failure. Sandbox errors carry a fixed, path-safe message;
 * anything else is a bug, reported without its text, which could hold a host path.
 */
export function toFileToolError(
  name: "FileReadError" | "FileWriteError",
  error: unknown,
): FileToolError {
  if (error instanceof FileToolError) return error;
  if (isSandboxError(error)) return new FileToolError(name, error.code, error.message);
  const verb = name === "FileReadError" ? "read" : "write";
  return new FileToolError(name, "internal", `The file could not be ${verb} (internal error)`);
}
