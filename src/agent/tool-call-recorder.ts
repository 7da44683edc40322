import {
  type LogSink,
  logToolCall,
  type OnToolCall,
  type ToolCallLog,
} from "../tools/tool-call-log.ts";

/**
 * Where a run's tool calls go. Client tools report their own calls (each factory takes an
 * `onToolCall`); pass `recorder.record` to them and the recorder to `runAgent`, which adds
 * the calls the provider ran itself (Anthropic's server-side web_search). Every call is kept
 * in `entries`, logged as one JSON line unless `log` is false (stats collected instead), and
 * forwarded to `onToolCall` (e.g. CLI progress).
 */
export interface ToolCallRecorder {
  readonly record: OnToolCall;
  readonly entries: readonly ToolCallLog[];
}

export interface ToolCallRecorderOptions {
  /** One JSON line per call (default true); false when the stats are collected instead. */
  log?: boolean;
  sink?: LogSink;
  onToolCall?: OnToolCall;
}

export function createToolCallRecorder(options: ToolCallRecorderOptions = {}): ToolCallRecorder {
  const entries: ToolCallLog[] = [];
  const log = options.log ?? true;
  return {
    entries,
    record: (entry) => {
      entries.push(entry);
      if (log) logToolCall(entry, options.sink);
      options.onToolCall?.(entry);
    },
  };
}
