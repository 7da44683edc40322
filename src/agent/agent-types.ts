import type { generateText, LanguageModel, ModelMessage, PrepareStepFunction, ToolSet } from "ai";
import type { ModelPrice, RunCost } from "../models/pricing.ts";
import type { LogSink, OnToolCall, ToolCallLog } from "../tools/tool-call-log.ts";
import type { AgentLimits } from "./agent-limits.ts";
import type { RetrievedSource, RetrievedSourcesOf } from "./retrieved-sources.ts";
import type { SourcePassage } from "./source-passages.ts";
import type { ToolCallRecorder } from "./tool-call-recorder.ts";

type ProviderOptions = NonNullable<Parameters<typeof generateText>[0]["providerOptions"]>;

export interface RunAgentOptions {
  model: LanguageModel;
  /** The system prompt. Sent with a cache breakpoint (Anthropic prompt caching). */
  instructions: string;
  /** The user's request; or pass `messages` for a conversation. */
  prompt?: string;
  messages?: ModelMessage[];
  /** Sent in insertion order on every step; keep it stable (see prompt-caching.ts). */
  tools?: ToolSet;
  limits?: Partial<AgentLimits>;
  /** Retries per model call on 408/409/429/5xx/529 and network errors (default 2: 3 attempts). */
  maxRetries?: number;
  abortSignal?: AbortSignal;
  /**
   * Per-step settings, e.g. `activeTools` for tool deferral (src/tools/deferral). It is also
   * consulted for the final no-tools step, whose tool choice is then forced to "none".
   */
  prepareStep?: PrepareStepFunction<ToolSet>;
  /**
   * Where tool calls are recorded. Give client tools `recorder.record` as their `onToolCall`
   * so their calls land here too; without a recorder the run makes one from
   * `collectToolStats`/`onToolCall`/`logSink`, which then sees provider-executed calls only
   * (client tools log themselves).
   */
  recorder?: ToolCallRecorder;
  /** false (default): one JSON log line per call; true: calls are only collected (stats). */
  collectToolStats?: boolean;
  onToolCall?: OnToolCall;
  logSink?: LogSink;
  /** Progress after each model call. */
  onStep?: (progress: StepProgress) => void;
  /** How to read retrieved pages out of client tool results, by tool name. */
  sourcesFrom?: Readonly<Record<string, RetrievedSourcesOf>>;
  /** Merged with the run's own (Anthropic request-level cache control). */
  providerOptions?: ProviderOptions;
  /**
   * What the model costs, so the run reports its cost; with `maxUsd`, spending past it is a third
   * stop condition beside steps and tokens (tools off, the report written).
   */
  pricing?: { modelId: string; price: ModelPrice | undefined; maxUsd?: number | undefined };
}

export interface StepProgress {
  /** 1-based; the final no-tools step is numbered maxSteps + 1 at most. */
  step: number;
  maxSteps: number;
  /** True for the extra step that writes the report once a limit stopped the tool loop. */
  final: boolean;
  toolCalls: { toolName: string; input: unknown; providerExecuted: boolean }[];
  finishReason: string;
  /** Totals so far, this step included. */
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** The pages this step retrieved (as the run's sources count them), for live progress. */
  sources?: RetrievedSource[];
  /** What the run has cost so far in US dollars; only for a model with a known price. */
  costUsd?: number;
}

export interface AgentUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Output tokens spent thinking, as the server reported them (part of outputTokens). */
  reasoningTokens?: number;
  /** Characters of reasoning the model returned apart from its answer (`<think>` blocks). */
  reasoningChars?: number;
}

/** Why the run ended; "max_tokens": the report was still cut off after one continuation. */
export type StoppedBy = "end" | "step_limit" | "token_budget" | "cost_budget" | "max_tokens";

export interface AgentRun {
  /**
   * The final report only: never the narration of intermediate steps. Never empty. A provider's
   * native citation follows the text it supports as `[[cite]](url)` (citation-placeholder.ts).
   */
  content: string;
  inputTokens: number;
  outputTokens: number;
  /** Model calls made (a final no-tools step included). */
  steps: number;
  /** Every call the recorder saw, provider-executed web searches included. */
  toolCalls: ToolCallLog[];
  /** Pages web search returned, deduplicated, first seen first. */
  sources: RetrievedSource[];
  /** What the pages said: native citations' passages, page text read, snippets (see SourcePassage). */
  passages: SourcePassage[];
  usage: AgentUsage;
  stoppedBy: StoppedBy;
  /** The report hit maxOutputTokens, was continued once, and is still cut off. */
  truncated: boolean;
  /** The report hit maxOutputTokens and the model was asked once to continue it. */
  continued: boolean;
  /** What the run cost (with `pricing`): every model call and server-side search. */
  cost?: RunCost;
  limits: AgentLimits;
}
