export { AgentError, type AgentErrorKind } from "./agent-error.ts";
export { type AgentLimits, DEFAULT_LIMITS } from "./agent-limits.ts";
export type {
  AgentRun,
  AgentUsage,
  RunAgentOptions,
  StepProgress,
  StoppedBy,
} from "./agent-types.ts";
export {
  DEFAULT_SOURCES_FROM,
  type RetrievedSource,
  type RetrievedSourcesOf,
} from "./retrieved-sources.ts";
export { runAgent } from "./run-agent.ts";
export {
  createToolCallRecorder,
  type ToolCallRecorder,
  type ToolCallRecorderOptions,
} from "./tool-call-recorder.ts";
export { ToolTimeoutError } from "./tool-timeout.ts";
