import {
  type Instructions,
  isStepCount,
  type LanguageModel,
  type ModelMessage,
  type PrepareStepFunction,
  streamText,
  type ToolSet,
} from "ai";
import { type AgentError, apiLabel, toAgentError } from "../../agent/agent-error.ts";
import { DEFAULT_LIMITS } from "../../agent/agent-limits.ts";
import { billedWebSearches } from "../../agent/billed-searches.ts";
import { cachedCallSettings } from "../../agent/prompt-caching.ts";
import { startRunClock } from "../../agent/run-clock.ts";
import { callUsage } from "../../models/call-usage.ts";
import { type CallUsage, costOf, type ModelPrice, type RunCost } from "../../models/pricing.ts";
import { compactHistory } from "./compact-history.ts";
import { toolFailureMessage } from "./tool-failure-message.ts";
import { writtenPath } from "./written-path.ts";

/** What a turn shows as it happens. Every callback is synchronous: it only prints. */
export interface TurnListener {
  text(delta: string): void;
  /** A tool call the model made (ours or the provider's), before its result. */
  toolCall(call: { toolName: string; input: unknown }): void;
  /** A tool call that failed or was refused; the model reads the same message and goes on. */
  toolFailed(failure: { toolName: string; message: string }): void;
  /** A file_write that succeeded, by the path relative to the output folder. */
  wrote(path: string): void;
}

export type TurnOutcome =
  | { status: "done" }
  /** The per-turn step limit ended the turn while the model still wanted tools. */
  | { status: "step-limit"; steps: number }
  | { status: "aborted" }
  /** The model API failed: one line naming the API, the status and what to check. */
  | { status: "failed"; error: AgentError };

type ProviderOptions = NonNullable<Parameters<typeof streamText>[0]["providerOptions"]>;

export interface InterviewSessionOptions {
  model: LanguageModel;
  tools: ToolSet;
  instructions: Instructions;
  maxStepsPerTurn: number;
  /** One turn's time limit, model calls and tools included (default 10 min). */
  turnTimeoutMs?: number;
  /** What the model costs, so the session can say what it cost. */
  pricing?: { modelId: string; price: ModelPrice | undefined };
  /** The conversation sent is kept under this many characters (default ~120k tokens' worth). */
  maxHistoryChars?: number;
  /** Retries per model call on transient API errors (default 2, the SDK's). */
  maxRetries?: number;
  providerOptions?: ProviderOptions;
  /** Per-step tool activation (tool deferral behind search_tools). */
  prepareStep?: PrepareStepFunction<ToolSet>;
}

export interface InterviewSession {
  turn(userText: string, listener: TurnListener, signal?: AbortSignal): Promise<TurnOutcome>;
  /** Every file written this session, relative to the output folder, once each, first write first. */
  readonly written: readonly string[];
  /** The conversation so far: what the next turn sends. */
  readonly messages: readonly ModelMessage[];
  /**
   * What the session's model calls cost so far (every completed step of every turn); undefined
   * when the session was made without `pricing`.
   */
  cost(): RunCost | undefined;
}

/**
 * A multi-turn conversation over streamText. Each turn sends the whole conversation so far; the
 * turn's response messages (tool calls and results included) are kept so later turns remember
 * what was read and written. A failed turn keeps only the steps that completed, so the history
 * never holds a tool call without its result.
 */
export function createInterviewSession(options: InterviewSessionOptions): InterviewSession {
  const messages: ModelMessage[] = [];
  const written: string[] = [];
  // Every model call of the session, priced on its own: long-context rates apply per request.
  const calls: CallUsage[] = [];
  // Once for the session, not per turn: the same tools on every step of every turn keep the cache.
  const { tools, instructions, providerOptions } = cachedCallSettings(options);

  async function turn(
    userText: string,
    listener: TurnListener,
    signal?: AbortSignal,
  ): Promise<TurnOutcome> {
    const userMessage: ModelMessage = { role: "user", content: userText };
    // Each step reports only its own messages; together they are the turn so far.
    const completed: ModelMessage[] = [];
    let streamError: unknown;
    let lastFinish: { reason: string; steps: number } | undefined;
    let stepCount = 0;
    const clock = startRunClock(options.turnTimeoutMs ?? DEFAULT_LIMITS.timeoutMs, signal);
    const result = streamText({
      model: options.model,
      instructions,
      // A long interview would outgrow the model's context: old tool results go first.
      messages: compactHistory([...messages, userMessage], options.maxHistoryChars),
      tools,
      stopWhen: isStepCount(options.maxStepsPerTurn),
      // In the order the model asked: two writes to one path end with the later one, and the
      // Wrote lines and the summary follow the model's order rather than which call finished first.
      toolCallConcurrency: 1,
      ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
      providerOptions,
      ...(options.prepareStep ? { prepareStep: options.prepareStep } : {}),
      abortSignal: clock.signal,
      onStepEnd: (step) => {
        stepCount += 1;
        calls.push(callUsage(step.usage, billedWebSearches([step])));
        completed.push(...step.response.messages);
        lastFinish = { reason: step.finishReason, steps: stepCount };
      },
      // The default handler prints the error with its stack; the caller reports one line instead.
      onError: ({ error }) => {
        streamError ??= error;
      },
    });
    try {
      for await (const part of result.stream) {
        switch (part.type) {
          case "text-delta":
            listener.text(part.text);
            break;
          case "tool-call":
            listener.toolCall({ toolName: part.toolName, input: part.input });
            break;
          case "tool-error":
            listener.toolFailed({
              toolName: part.toolName,
              message: toolFailureMessage(part.error),
            });
            break;
          case "tool-result": {
            const path = writtenPath(part);
            if (path !== undefined) {
              if (!written.includes(path)) written.push(path);
              listener.wrote(path);
            }
            break;
          }
          case "error":
            streamError ??= part.error;
            break;
        }
      }
    } catch (error) {
      streamError ??= error;
    } finally {
      clock.stop();
    }
    if (signal?.aborted) {
      keep(userMessage, completed);
      return { status: "aborted" };
    }
    // The turn's own deadline may end the stream quietly, without an error part.
    const expired = clock.explain();
    if (streamError !== undefined || expired) {
      keep(userMessage, completed);
      return {
        status: "failed",
        error: expired ?? toAgentError(streamError, apiLabel(options.model)),
      };
    }
    keep(userMessage, await result.responseMessages);
    if (lastFinish?.reason === "tool-calls" && lastFinish.steps >= options.maxStepsPerTurn) {
      return { status: "step-limit", steps: lastFinish.steps };
    }
    return { status: "done" };
  }

  // A turn with no completed step leaves no trace: the user simply sends it again.
  function keep(userMessage: ModelMessage, response: readonly ModelMessage[]): void {
    if (response.length === 0) return;
    messages.push(userMessage, ...response);
  }

  const { pricing } = options;
  const cost = () => (pricing ? costOf(pricing.price, pricing.modelId, calls) : undefined);
  return { turn, written, messages, cost };
}
