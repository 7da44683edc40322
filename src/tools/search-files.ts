import { tool } from "ai";
import { z } from "zod";
import { readRegularFileInside } from "../sandbox/read-inside.ts";
import { isSandboxError } from "../sandbox/sandbox-error.ts";
import { openSandboxRoot } from "../sandbox/sandbox-root.ts";
import { findInText, type LineMatch } from "./find-in-text.ts";
import { folderPathSchema } from "./folder-path.ts";
import { logToolCall, type OnToolCall } from "./tool-call-log.ts";
import { walkFolder } from "./walk-folder.ts";

export const SEARCH_FILES_TOOL_NAME = "search_files";
const MAX_TEXT_CHARS = 200;

export const searchFilesInputSchema = z.object({
  text: z
    .string()
    .min(1, "text must not be empty")
    .max(MAX_TEXT_CHARS, `text must be at most ${MAX_TEXT_CHARS} characters`)
    .refine((value) => value.trim() !== "", "text must not be only spaces")
    .refine((value) => !value.includes("\n"), "text must be on one line")
    .describe(
      "The exact text to find, e.g. a function name, an error message or a config key " +
        "(plain text, not a regular expression; matched within single lines).",
    ),
  path: folderPathSchema,
  caseSensitive: z
    .boolean()
    .default(false)
    .describe("Match upper and lower case exactly (default: ignore case)."),
});

export interface SearchFilesOutput {
  text: string;
  path: string;
  matches: LineMatch[];
  filesSearched: number;
  /** Files left out because they have more than one hard link (file_read refuses them too). */
  hardLinksSkipped: number;
  /** The search stopped early (too many matches or files); narrow the folder or the text. */
  truncated: boolean;
}

export interface SearchFilesToolOptions {
  /** The codebase folder; resolved once here, so a missing folder fails at start-up. */
  root: string;
  /** At most this many matching lines per call (default 50). */
  maxMatches?: number;
  /** At most this many files read per call (default 2000). */
  maxFiles?: number;
  /** Larger files are skipped (default 512 KiB). */
  maxFileBytes?: number;
  /** Receives one entry per call; without it each call is logged as one JSON line on stderr. */
  onToolCall?: OnToolCall;
}

/**
 * search_files: a grep over the files under a folder, through the sandbox's read primitive (so
 * links are never followed and secrets never read). Plain text only, on purpose: a regular
 * expression the model writes runs on the event loop, and a catastrophic one would freeze the
 * whole session, Ctrl+C included.
 */
export function createSearchFilesTool(options: SearchFilesToolOptions) {
  const maxMatches = options.maxMatches ?? 50;
  const maxFiles = options.maxFiles ?? 2000;
  const maxFileBytes = options.maxFileBytes ?? 512 * 1024;
  const root = openSandboxRoot(options.root, { label: "codebase folder" });
  const report = options.onToolCall ?? ((entry) => logToolCall(entry));

  return tool({
    description:
      "Search the codebase's text files for a piece of text (like grep, read-only). " +
      "Returns matching lines as path:line: text.",
    inputSchema: searchFilesInputSchema,
    execute: async ({ text, path, caseSensitive }, { abortSignal }): Promise<SearchFilesOutput> => {
      const started = performance.now();
      const log = (ok: boolean, extra: { resultCount?: number; errorType?: string }) =>
        report({
          name: SEARCH_FILES_TOOL_NAME,
          path,
          query: text,
          durationMs: Math.round(performance.now() - started),
          ok,
          ...extra,
        });
      const matches: LineMatch[] = [];
      let filesSearched = 0;
      let hardLinksSkipped = 0;
      let truncated = false;
      try {
        const walk = walkFolder(root, path, { maxDepth: 64, maxEntries: maxFiles * 4 });
        for (let next = await walk.next(); ; next = await walk.next()) {
          if (next.done) {
            truncated ||= next.value.truncated;
            break;
          }
          abortSignal?.throwIfAborted();
          const entry = next.value;
          if (entry.kind !== "file" || entry.size > maxFileBytes) continue;
          // Not even opened: the read would be refused, and counting it tells the model why a
          // file it can see in list_files never shows up here.
          if (entry.hardLinked) {
            hardLinksSkipped += 1;
            continue;
          }
          if (filesSearched >= maxFiles) {
            truncated = true;
            break;
          }
          const content = await readRegularFileInside(root, entry.path, {
            maxBytes: maxFileBytes,
          }).catch(() => undefined);
          if (!content) continue;
          filesSearched += 1;
          const found = findInText(content, text, {
            caseSensitive,
            limit: maxMatches - matches.length + 1,
          });
          for (const match of found) matches.push({ ...match, path: entry.path });
          if (matches.length > maxMatches) {
            matches.length = maxMatches;
            truncated = true;
            break;
          }
        }
        log(true, { resultCount: matches.length });
        return { text, path, matches, filesSearched, hardLinksSkipped, truncated };
      } catch (error) {
        log(false, { errorType: isSandboxError(error) ? error.code : "unexpected" });
        throw isSandboxError(error) ? error : new Error(`search_files could not search "${path}"`);
      }
    },
    toModelOutput: ({ output }) => ({ type: "text", value: formatSearch(output) }),
  });
}

export function formatSearch(output: SearchFilesOutput): string {
  const where = output.path === "" ? "the codebase" : `${output.path}/`;
  const skipped = skippedNote(output.hardLinksSkipped);
  if (output.matches.length === 0) {
    const none = `No matches for "${output.text}" in ${where} (${output.filesSearched} text files searched).`;
    return skipped ? `${none}\n${skipped}` : none;
  }
  const lines = output.matches.map((m) => `${m.path}:${m.line}: ${m.text}`);
  if (output.truncated)
    lines.push("(stopped early: narrow the folder or the text to see all matches)");
  if (skipped) lines.push(skipped);
  return lines.join("\n");
}

function skippedNote(count: number): string | undefined {
  if (count === 0) return undefined;
  const files = count === 1 ? "1 file" : `${count} files`;
  return `(${files} with more than one hard link not searched: such files are refused, so that nothing outside the codebase can be read through them)`;
}
