import { tool } from "ai";
import { z } from "zod";
import { readRegularFileInside } from "../sandbox/read-inside.ts";
import { MAX_PATH_LENGTH } from "../sandbox/relative-path.ts";
import { quotePath } from "../sandbox/sandbox-error.ts";
import { openSandboxRoot } from "../sandbox/sandbox-root.ts";
import { checkMaxBytes } from "./check-max-bytes.ts";
import { FileToolError, toFileToolError } from "./file-tool-error.ts";
import { logToolCall, type OnToolCall } from "./tool-call-log.ts";

export const FILE_READ_TOOL_NAME = "file_read";
export const DEFAULT_FILE_READ_MAX_BYTES = 256 * 1024;

export const fileReadInputSchema = z.object({
  path: z
    .string()
    .min(1, "path must not be empty")
    .max(MAX_PATH_LENGTH, `path must be at most ${MAX_PATH_LENGTH} characters`)
    .describe(
      'Path of a text file relative to the codebase root, folders separated by "/", e.g. ' +
        '"src/index.ts" or "README.md". No leading "/", "./" or "~", no ".." segments.',
    ),
});

export interface FileReadToolOptions {
  /** The codebase folder; resolved once here, so a missing folder fails at start-up. */
  root: string;
  /** Largest file returned, in bytes (default 256 KiB). */
  maxBytes?: number;
  /** Receives one entry per call; without it each call is logged as one JSON line on stderr. */
  onToolCall?: OnToolCall;
}

/**
 * `file_read`: the UTF-8 text of one regular file under `root`. Every path goes through the
 * sandbox (see src/sandbox/read-inside.ts): secrets, links out of the root, FIFOs, devices,
 * oversized and binary files are refused with a one-line error naming the path the model gave.
 * Throws `SandboxRootError` now if `root` is not an existing folder.
 */
export function createFileReadTool(options: FileReadToolOptions) {
  const root = openSandboxRoot(options.root, { label: "codebase folder" });
  const maxBytes = checkMaxBytes(options.maxBytes ?? DEFAULT_FILE_READ_MAX_BYTES);
  const report = options.onToolCall ?? ((entry) => logToolCall(entry));

  return tool({
    description:
      "Read a text file from the codebase being discussed. Give a path relative to the codebase " +
      `root. Returns the file's text (files up to ${maxBytes} bytes). Directories, binary files ` +
      "and secrets (.env, keys, .git) cannot be read.",
    inputSchema: fileReadInputSchema,
    execute: async ({ path }): Promise<string> => {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      try {
        const bytes = await readRegularFileInside(root, path, { maxBytes });
        const text = decodeText(bytes, path);
        report({
          name: FILE_READ_TOOL_NAME,
          path,
          durationMs: elapsed(),
          ok: true,
          bytes: bytes.byteLength,
        });
        return text;
      } catch (error) {
        const failure = toFileToolError("FileReadError", error);
        report({
          name: FILE_READ_TOOL_NAME,
          path,
          durationMs: elapsed(),
          ok: false,
          errorType: failure.code,
        });
        throw failure;
      }
    },
  });
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * Text or refusal: a NUL byte or invalid UTF-8 means binary (images, archives, compiled code,
 * UTF-16). Returning mojibake would only waste the model's context.
 */
function decodeText(bytes: Uint8Array, path: string): string {
  const refuse = () =>
    new FileToolError(
      "FileReadError",
      "binary",
      `${quotePath(path)} looks like a binary file; only UTF-8 text files can be read`,
    );
  if (bytes.includes(0)) throw refuse();
  try {
    return utf8.decode(bytes);
  } catch {
    throw refuse();
  }
}
