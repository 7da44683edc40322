import { tool } from "ai";
import { z } from "zod";
import { MAX_PATH_LENGTH } from "../sandbox/relative-path.ts";
import { openSandboxRoot } from "../sandbox/sandbox-root.ts";
import { writeFileInside } from "../sandbox/write-inside.ts";
import { checkMaxBytes } from "./check-max-bytes.ts";
import { toFileToolError } from "./file-tool-error.ts";
import { logToolCall, type OnToolCall } from "./tool-call-log.ts";

export const FILE_WRITE_TOOL_NAME = "file_write";
export const DEFAULT_FILE_WRITE_MAX_BYTES = 1024 * 1024;

export const fileWriteInputSchema = z.object({
  path: z
    .string()
    .min(1, "path must not be empty")
    .max(MAX_PATH_LENGTH, `path must be at most ${MAX_PATH_LENGTH} characters`)
    .describe(
      'Where to write, relative to the output folder, folders separated by "/", e.g. ' +
        '"jtbd.md" or "specs/login.md". Missing folders are created; an existing file is ' +
        'replaced. No leading "/", "./" or "~", no "..", no hidden (dot) names.',
    ),
  content: z
    .string()
    .describe("The complete text of the file (Markdown for jtbd.md and specs), UTF-8."),
});

export interface FileWriteToolOptions {
  /** The output folder; resolved once here, so a missing folder fails at start-up. */
  root: string;
  /** Largest content accepted, in UTF-8 bytes (default 1 MiB). */
  maxBytes?: number;
  /** Receives one entry per call; without it each call is logged as one JSON line on stderr. */
  onToolCall?: OnToolCall;
}

/**
 * `file_write`: writes a file under `root` and returns exactly `Wrote <relative-path>`.
 * Non-canonical spellings (`./a//b.md`) are refused rather than rewritten, so the path in the
 * confirmation is always the path the model sent, relative, with no `.`/`..`. Every write goes
 * through the sandbox (see src/sandbox/write-inside.ts). Throws `SandboxRootError` now if
 * `root` is not an existing folder.
 *
 * To detect writes, don't match the text: use {@link writtenFileOf} on the step's content
 * parts (a successful write is a `tool-result` of this tool; a failure is a `tool-error`).
 */
export function createFileWriteTool(options: FileWriteToolOptions) {
  const root = openSandboxRoot(options.root, { label: "output folder" });
  const maxBytes = checkMaxBytes(options.maxBytes ?? DEFAULT_FILE_WRITE_MAX_BYTES);
  const report = options.onToolCall ?? ((entry) => logToolCall(entry));

  return tool({
    description:
      "Write a file (e.g. jtbd.md or specs/<name>.md) to the output folder, creating folders " +
      'as needed and replacing any existing file. Returns "Wrote <path>" on success.',
    inputSchema: fileWriteInputSchema,
    execute: async ({ path, content }): Promise<string> => {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      try {
        const written = await writeFileInside(root, path, content, { maxBytes });
        report({
          name: FILE_WRITE_TOOL_NAME,
          path: written,
          durationMs: elapsed(),
          ok: true,
          bytes: Buffer.byteLength(content, "utf8"),
        });
        return `Wrote ${written}`;
      } catch (error) {
        const failure = toFileToolError("FileWriteError", error);
        report({
          name: FILE_WRITE_TOOL_NAME,
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

/** The parts of a generateText step that can report a tool outcome (a subset of ContentPart). */
export interface ToolOutcomePart {
  type: string;
  toolName?: string;
  input?: unknown;
  output?: unknown;
}

/**
 * The relative path a step part shows was written, or undefined. Structural: only a
 * `tool-result` (never a `tool-error`) of the `file_write` tool counts, so a file_read result
 * or model text that happens to start with "Wrote " is never mistaken for a write.
 */
export function writtenFileOf(part: ToolOutcomePart): string | undefined {
  if (part.type !== "tool-result" || part.toolName !== FILE_WRITE_TOOL_NAME) return undefined;
  const input = part.input as { path?: unknown } | undefined;
  const path = input?.path;
  if (typeof path !== "string" || part.output !== `Wrote ${path}`) return undefined;
  return path;
}
