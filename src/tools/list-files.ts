import { tool } from "ai";
import { z } from "zod";
import type { EntryKind } from "../sandbox/entry-kind.ts";
import { isSandboxError } from "../sandbox/sandbox-error.ts";
import { openSandboxRoot } from "../sandbox/sandbox-root.ts";
import { folderPathSchema } from "./folder-path.ts";
import { logToolCall, type OnToolCall } from "./tool-call-log.ts";
import { isEnteredOnWalk, type WalkEntry, walkFolder } from "./walk-folder.ts";

export const LIST_FILES_TOOL_NAME = "list_files";
const MAX_DEPTH = 4;

export const listFilesInputSchema = z.object({
  path: folderPathSchema,
  depth: z
    .number()
    .int("depth must be a whole number")
    .min(1, "depth must be at least 1")
    .max(MAX_DEPTH, `depth must be at most ${MAX_DEPTH}`)
    .default(1)
    .describe(
      `How many levels to list: 1 = the folder's own entries (default), up to ${MAX_DEPTH} for an overview. ` +
        "Dependency folders (node_modules, ...) and dot-folders are listed but not expanded.",
    ),
});

export interface ListedEntry {
  /** Relative to the root; usable as file_read's path. */
  path: string;
  kind: EntryKind;
  /** Bytes, for files. */
  size?: number;
  /** A folder the walk listed but did not enter (dependencies, dot-folders). */
  notExpanded?: true;
  /** A file with more than one hard link: file_read refuses it, and its size is not shown. */
  hardLinked?: true;
}

export interface ListFilesOutput {
  path: string;
  entries: ListedEntry[];
  /** Entries were left out (over the cap); list a subfolder to see them. */
  truncated: boolean;
}

export interface ListFilesToolOptions {
  /** The codebase folder; resolved once here, so a missing folder fails at start-up. */
  root: string;
  /** At most this many entries per call (default 300). */
  maxEntries?: number;
  /** Receives one entry per call; without it each call is logged as one JSON line on stderr. */
  onToolCall?: OnToolCall;
}

/**
 * list_files: the entries of a folder under the root, optionally a few levels deep. Links are
 * shown as links and never followed; files with more than one hard link are shown as such,
 * without a size; secret names (.env, .git, keys) are never listed.
 */
export function createListFilesTool(options: ListFilesToolOptions) {
  const maxEntries = options.maxEntries ?? 300;
  const root = openSandboxRoot(options.root, { label: "codebase folder" });
  const report = options.onToolCall ?? ((entry) => logToolCall(entry));

  return tool({
    description:
      "List the files and folders in a folder of the codebase (read-only). Folders end with /. " +
      "Use it to find your way before reading files.",
    inputSchema: listFilesInputSchema,
    execute: async ({ path, depth }): Promise<ListFilesOutput> => {
      const started = performance.now();
      const log = (ok: boolean, extra: { resultCount?: number; errorType?: string }) =>
        report({
          name: LIST_FILES_TOOL_NAME,
          path,
          durationMs: Math.round(performance.now() - started),
          ok,
          ...extra,
        });
      try {
        const entries: ListedEntry[] = [];
        const walk = walkFolder(root, path, { maxDepth: depth, maxEntries });
        let next = await walk.next();
        while (!next.done) {
          entries.push(listed(next.value, depth));
          next = await walk.next();
        }
        log(true, { resultCount: entries.length });
        return { path, entries, truncated: next.value.truncated };
      } catch (error) {
        log(false, { errorType: isSandboxError(error) ? error.code : "unexpected" });
        // Sandbox messages name only the relative path; anything else could hold a host path.
        throw isSandboxError(error) ? error : new Error(`list_files could not list "${path}"`);
      }
    },
    toModelOutput: ({ output }) => ({ type: "text", value: formatListing(output) }),
  });
}

function listed(entry: WalkEntry, maxDepth: number): ListedEntry {
  // Shown rather than hidden, so the model knows the name exists and why it cannot read it; its
  // size would be the size of whatever file it shares its content with, possibly outside.
  if (entry.kind === "file" && entry.hardLinked) {
    return { path: entry.path, kind: entry.kind, hardLinked: true };
  }
  if (entry.kind === "file") return { path: entry.path, kind: entry.kind, size: entry.size };
  const skipped =
    entry.kind === "directory" && entry.depth < maxDepth && !isEnteredOnWalk(entry.name);
  return skipped
    ? { path: entry.path, kind: entry.kind, notExpanded: true }
    : { path: entry.path, kind: entry.kind };
}

export function formatListing(output: ListFilesOutput): string {
  const where = output.path === "" ? "the codebase root" : `${output.path}/`;
  if (output.entries.length === 0) return `${where} is empty.`;
  const lines = output.entries.map(formatEntry);
  if (output.truncated) {
    lines.push(`(more entries not shown; list a subfolder or use a smaller depth)`);
  }
  return `Entries in ${where}:\n${lines.join("\n")}`;
}

function formatEntry(entry: ListedEntry): string {
  switch (entry.kind) {
    case "directory":
      return `${entry.path}/${entry.notExpanded ? " (not expanded)" : ""}`;
    case "file":
      return entry.hardLinked
        ? `${entry.path} (more than one hard link, not readable)`
        : `${entry.path} (${entry.size ?? 0} bytes)`;
    case "symlink":
      return `${entry.path} (link, not followed)`;
    default:
      return `${entry.path} (not a regular file)`;
  }
}
