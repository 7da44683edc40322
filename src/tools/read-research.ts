import { tool } from "ai";
import { z } from "zod";
import { MAX_RESEARCH_PATH_LENGTH } from "./research-path.ts";
import { type LogSink, logToolCall, type OnToolCall, type ToolCallLog } from "./tool-call-log.ts";
import type { ReadResearchResult, ToolExecutor } from "./tool-executor.ts";

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
  /**
   * Receives each call's entry instead of the default log line: the caller logs it (runAgent's
   * recorder does), keeps it for statistics, or drops it.
   */
  onToolCall?: OnToolCall;
  /** Where the default one-JSON-line-per-call log goes (default stderr); unused with onToolCall. */
  log?: LogSink;
}

/**
 * `read_research`: reads an earlier research file through a ToolExecutor and returns its
 * structured result (`{ ok: true, content, bytes }` or `{ ok: false, error_type, message }`),
 * so the model can tell a missing file from a refused path and carry on.
 *
 * Each call is reported exactly once, the rule of every tool factory here: to `onToolCall`
 * when given, else as one JSON line `{"event":"tool_call","name":"read_research",...}` on `log`
 * (stderr by default). With an `onToolCall`, logging is the caller's job: runAgent's
 * ToolCallRecorder (`recorder.record`, what explore passes) writes that same line and hands the
 * same entry on to its own `onToolCall`; the MCP server passes `logToolCall` over its log; a
 * callback that only counts prints nothing, as with every other tool.
 */
export function createReadResearchTool(
  executor: ToolExecutor,
  options: ReadResearchToolOptions = {},
) {
  const report = options.onToolCall ?? ((entry) => logToolCall(entry, options.log));
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
      report(entry);
      return result;
    },
  });
}
