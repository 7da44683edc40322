import { tool } from "ai";
import { z } from "zod";
import { MAX_RESEARCH_PATH_LENGTH } from "./research-path.ts";
import { type LogSink, logToolCall, type OnToolCall, type ToolCallLog } from "./tool-call-log.ts";
import type { ReadResearchResult, ToolExecutor } from "./tool-executor.ts";
import { fenceUntrusted } from "./untrusted-text.ts";

export const READ_RESEARCH_TOOL_NAME = "read_research";

export const readResearchInputSchema = z.object({
  path: z
    .string()
    .min(1, "path must not be empty")
    .max(MAX_RESEARCH_PATH_LENGTH, `path must be at most ${MAX_RESEARCH_PATH_LENGTH} characters`)
    .describe(
      "Path of a research file relative to the ideas/ folder, without the 'ideas/' prefix, e.g. " +
        '"2026-01-15-solar-dryers/research.md". Letters, digits, "/", "_", "." and "-" only; ' +
        "a file, not a folder.",
    ),
});

export interface ReadResearchToolOptions {
  /** Receives the same entry that is logged, once per call (for run statistics). */
  onToolCall?: OnToolCall;
  /** Where the one-JSON-line-per-call log goes (default stderr). */
  log?: LogSink;
}

/**
 * `read_research`: reads an earlier research file through a ToolExecutor and returns its
 * structured result (`{ ok: true, content, bytes }` or `{ ok: false, error_type, message }`),
 * so the model can tell a missing file from a refused path and carry on.
 *
 * Unlike the other tools, it always writes its JSON log line (to `log`) and also hands the entry
 * to `onToolCall`: that is read_research's published contract (seeds 000/001). A caller whose
 * recorder logs the entry itself, as runAgent's does, passes a `log` that drops the line.
 */
export function createReadResearchTool(
  executor: ToolExecutor,
  options: ReadResearchToolOptions = {},
) {
  return tool({
    description:
      "Read an earlier research document from the ideas repository. The path is relative to " +
      "the ideas/ folder. Returns { ok: true, content, bytes } or { ok: false, error_type, " +
      "message }. Files over 50KB are refused. Do not read the same file twice.",
    inputSchema: readResearchInputSchema,
    execute: async ({ path }, { abortSignal }): Promise<ReadResearchResult> => {
      const started = performance.now();
      const result = await executor.readResearch(path, abortSignal ? { signal: abortSignal } : {});
      const entry: ToolCallLog = {
        name: READ_RESEARCH_TOOL_NAME,
        path,
        durationMs: Math.round(performance.now() - started),
        ok: result.ok,
        ...(result.ok ? { bytes: result.bytes } : { errorType: result.error_type }),
      };
      logToolCall(entry, options.log);
      options.onToolCall?.(entry);
      return result;
    },
    // Still the structured result, as the contract says; only its content, stored research that
    // quotes the pages it was built from, reaches the model inside the fence for untrusted text.
    toModelOutput: ({ input, output }) => ({
      type: "json",
      value: output.ok
        ? {
            ...output,
            content: fenceUntrusted({ kind: "stored research", from: input.path }, output.content),
          }
        : output,
    }),
  });
}
