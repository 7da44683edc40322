/** One tool call as the run's statistics and logs record it. */
export type ToolCallLog = {
  name: string;
  /** The path the model asked for (read_research, file_read, file_write). */
  path?: string;
  /** The query the model asked for (web_search, search_tools). */
  query?: string;
  durationMs: number;
  ok: boolean;
  bytes?: number;
  errorType?: string;
  /** What went wrong, one line safe to show (set by web_search when its backend failed). */
  error?: string;
  /** How many results a search returned. */
  resultCount?: number;
  /** True when the provider ran the tool (Anthropic's server-side web search). */
  providerExecuted?: boolean;
  /** Answered from the run's cache, nothing sent (web_fetch's later parts of a page it read). */
  cached?: boolean;
};

export type OnToolCall = (log: ToolCallLog) => void;

/** Where the one-JSON-line-per-call log goes; stderr keeps stdout free for command output. */
export type LogSink = (line: string) => void;

export const stderrSink: LogSink = (line) => {
  process.stderr.write(`${line}\n`);
};

export function logToolCall(entry: ToolCallLog, sink: LogSink = stderrSink): void {
  sink(JSON.stringify({ event: "tool_call", ...entry }));
}
