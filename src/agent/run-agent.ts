import {
  generateText,
  isStepCount,
  type ModelMessage,
  type PrepareStepFunction,
  type StepResult,
  ToolChoiceViolationError,
  type ToolSet,
} from "ai";
import { callUsage } from "../models/call-usage.ts";
import { costOf } from "../models/pricing.ts";
import { AgentError, apiLabel, toAgentError } from "./agent-error.ts";
import { isTokenBudgetSpent, resolveLimits, tokensUsed } from "./agent-limits.ts";
import type { AgentRun, AgentUsage, RunAgentOptions, StoppedBy } from "./agent-types.ts";
import { billedWebSearches } from "./billed-searches.ts";
import { citedText } from "./cited-text.ts";
import { finalReport } from "./final-report.ts";
import { cachedCallSettings } from "./prompt-caching.ts";
import { createProviderCallTracker } from "./provider-tool-calls.ts";
import { reasoningUsage } from "./reasoning-usage.ts";
import { rejectedToolCalls } from "./rejected-tool-calls.ts";
import { repairToolCall } from "./repair-tool-call.ts";
import { DEFAULT_SOURCES_FROM, retrievedSources } from "./retrieved-sources.ts";
import { startRunClock } from "./run-clock.ts";
import { sourcePassages } from "./source-passages.ts";
import { createToolCallRecorder } from "./tool-call-recorder.ts";
import { withToolTimeouts } from "./tool-timeout.ts";

type Step = StepResult<ToolSet>;

/**
 * One research run over AI SDK `generateText`: a tool loop bounded by a step limit and a
 * token budget, resumed after Anthropic's `pause_turn`, and, when a limit stops the loop
 * while the model still wants tools, one last step with tool choice "none" over the same
 * conversation so a report is always written. Returns the final report only.
 * Failures surface as one AgentError (see agent-error.ts).
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRun> {
  const limits = resolveLimits(options.limits);
  let messages = initialMessages(options);
  const recorder =
    options.recorder ??
    createToolCallRecorder({
      log: !options.collectToolStats,
      ...(options.logSink ? { sink: options.logSink } : {}),
      ...(options.onToolCall ? { onToolCall: options.onToolCall } : {}),
    });
  const providerCalls = createProviderCallTracker(recorder.record);
  const { tools, instructions, providerOptions } = cachedCallSettings({
    tools: withToolTimeouts(options.tools ?? {}, limits.toolTimeoutMs),
    instructions: options.instructions,
    providerOptions: options.providerOptions,
  });
  const hasTools = Object.keys(tools).length > 0;
  const clock = startRunClock(limits.timeoutMs, options.abortSignal);
  const steps: Step[] = [];

  const call = {
    model: options.model,
    instructions,
    // Sent in insertion order, the SDK's default: the same array on every step keeps the cache.
    ...(hasTools ? { tools } : {}),
    maxOutputTokens: limits.maxOutputTokens,
    // Nearly-JSON tool input (fenced, trailing comma…) is read as JSON once before it is refused.
    repairToolCall,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    abortSignal: clock.signal,
    providerOptions,
  };
  const used = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  const { pricing } = options;
  // Priced call by call: a long-context rate applies to one request, not to the run.
  const spent = (all: readonly Step[]) =>
    costOf(
      pricing?.price,
      pricing?.modelId ?? "",
      all.map((step) => callUsage(step.usage, billedWebSearches([step]))),
    );
  // The cost budget: priced runs only (an unpriced one is refused a budget before it starts).
  const overBudget = (all: readonly Step[]) => {
    if (pricing?.maxUsd === undefined) return false;
    const cost = spent(all);
    return cost.priced && cost.usd >= pricing.maxUsd;
  };
  const costSoFar = (all: readonly Step[]) => {
    const cost = pricing ? spent(all) : undefined;
    return cost?.priced ? { costUsd: cost.usd } : {};
  };
  const progress = (segment: Step[], final: boolean) => (step: Step) => {
    segment.push(step);
    providerCalls.observe(step);
    for (const entry of rejectedToolCalls(step)) recorder.record(entry);
    used.inputTokens += step.usage.inputTokens ?? 0;
    used.outputTokens += step.usage.outputTokens ?? 0;
    used.totalTokens += tokensUsed([step]);
    options.onStep?.({
      step: steps.length + segment.length,
      maxSteps: limits.maxSteps,
      final,
      toolCalls: step.toolCalls.map((c) => ({
        toolName: c.toolName,
        input: c.input,
        providerExecuted: c.providerExecuted === true,
      })),
      finishReason: step.rawFinishReason ?? step.finishReason,
      ...used,
      sources: retrievedSources([step], options.sourcesFrom ?? DEFAULT_SOURCES_FROM),
      ...costSoFar([...steps, ...segment]),
    });
  };

  try {
    for (;;) {
      const segment: Step[] = [];
      const result = await generateText({
        ...call,
        messages,
        stopWhen: [
          isStepCount(limits.maxSteps - steps.length),
          isTokenBudgetSpent(limits.tokenBudget, tokensUsed(steps)),
          ({ steps: segment }) => overBudget([...steps, ...segment]),
        ],
        ...(options.prepareStep ? { prepareStep: options.prepareStep } : {}),
        onStepEnd: progress(segment, false),
      });
      steps.push(...result.steps);
      messages = [...messages, ...result.responseMessages];
      // The SDK resumes a pause_turn only while a server tool call is pending; resume the rest.
      const paused = result.steps.at(-1)?.rawFinishReason === "pause_turn";
      if (!paused || !withinLimits(steps, limits) || overBudget(steps)) break;
    }

    const last = steps.at(-1) as Step;
    const wantsMore = last.finishReason === "tool-calls" || last.rawFinishReason === "pause_turn";
    const stoppedBy: StoppedBy = !wantsMore
      ? "end"
      : overBudget(steps)
        ? "cost_budget"
        : tokensUsed(steps) >= limits.tokenBudget
          ? "token_budget"
          : steps.length >= limits.maxSteps
            ? "step_limit"
            : "end";
    if (wantsMore) {
      const segment: Step[] = [];
      const closing = [...messages, ...reportNow(messages, stoppedBy)];
      const result = await generateText({
        ...call,
        messages: closing,
        toolChoice: "none",
        stopWhen: isStepCount(1),
        prepareStep: withoutToolCalls(options.prepareStep),
        onStepEnd: progress(segment, true),
      }).catch((error: unknown) => {
        throw neverEndingPause(error, steps) ?? error;
      });
      steps.push(...result.steps);
      messages = [...closing, ...result.responseMessages];
    }

    let content = finalReport(steps.at(-1) as Step);
    if (!content) {
      const last = steps.at(-1) as Step;
      throw new AgentError(
        "empty_report",
        `The model returned an empty report after ${steps.length} step(s) (finish reason: ${last.rawFinishReason ?? last.finishReason})`,
      );
    }
    // A report cut off by the output limit gets one chance to be finished, never hidden.
    const cutStep = steps.at(-1) as Step;
    let truncated = cutStep.finishReason === "length";
    let continued = false;
    if (truncated) {
      const segment: Step[] = [];
      const result = await generateText({
        ...call,
        messages: [...messages, { role: "user", content: CONTINUE_CUT_REPORT }],
        toolChoice: "none",
        stopWhen: isStepCount(1),
        prepareStep: withoutToolCalls(options.prepareStep),
        onStepEnd: progress(segment, true),
      });
      steps.push(...result.steps);
      const rest = result.steps.at(-1) as Step;
      content = joinCut(content, cutStep.text, citedText(rest.content));
      truncated = rest.finishReason === "length";
      continued = true;
    }
    providerCalls.flush();

    const usage = sumUsage(steps);
    return {
      content,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      steps: steps.length,
      toolCalls: [...recorder.entries],
      sources: retrievedSources(steps, options.sourcesFrom ?? DEFAULT_SOURCES_FROM),
      passages: sourcePassages(steps, options.sourcesFrom ?? DEFAULT_SOURCES_FROM),
      usage,
      stoppedBy: truncated ? "max_tokens" : stoppedBy,
      truncated,
      continued,
      ...(options.pricing ? { cost: spent(steps) } : {}),
      limits,
    };
  } catch (error) {
    throw clock.explain() ?? toAgentError(error, apiLabel(options.model));
  } finally {
    clock.stop();
  }
}

/**
 * A model whose every turn pauses (`pause_turn`: its server-side searches go on and on) still
 * calls a tool when told it may not; the SDK then reports a tool-choice violation, which says
 * nothing a user can act on. Said plainly instead.
 */
function neverEndingPause(error: unknown, steps: readonly Step[]): AgentError | undefined {
  const paused = steps.filter((step) => step.rawFinishReason === "pause_turn").length;
  if (!ToolChoiceViolationError.isInstance(error) || paused === 0) return undefined;
  return new AgentError(
    "model_error",
    `the model paused its turn ${paused} times (pause_turn) and kept searching instead of writing its report; try again, or allow more steps with --max-steps`,
    { cause: error },
  );
}

const CONTINUE_CUT_REPORT =
  "Your report was cut off by the output limit. Continue it exactly where it stopped: no preamble, no repetition of what you already wrote, no tool calls.";

/**
 * The cut report and its continuation, which may start mid-word or mid-sentence. The report
 * was trimmed, so the whitespace it was cut after (if any) comes from the raw step text.
 */
function joinCut(cut: string, cutRaw: string, rest: string): string {
  if (!rest.trim()) return cut;
  const gap = /\s$/.test(cutRaw) && !/^\s/.test(rest) ? (cutRaw.match(/\s+$/)?.[0] ?? "") : "";
  return `${cut}${gap}${rest.trimEnd()}`;
}

function initialMessages(options: RunAgentOptions): ModelMessage[] {
  if (options.messages && options.prompt !== undefined) {
    throw new AgentError("invalid_options", "Pass either prompt or messages to runAgent, not both");
  }
  if (options.messages?.length) return [...options.messages];
  if (options.prompt?.trim()) return [{ role: "user", content: options.prompt }];
  throw new AgentError("invalid_options", "runAgent needs a non-empty prompt or messages");
}

function withinLimits(steps: Step[], limits: { maxSteps: number; tokenBudget: number }): boolean {
  return steps.length < limits.maxSteps && tokensUsed(steps) < limits.tokenBudget;
}

/**
 * Tells the model why it may not call tools any more. Only after tool results: a paused
 * assistant turn is continued as it stands.
 */
function reportNow(messages: ModelMessage[], stoppedBy: StoppedBy): ModelMessage[] {
  if (messages.at(-1)?.role !== "tool") return [];
  const limit =
    stoppedBy === "token_budget"
      ? "token budget"
      : stoppedBy === "cost_budget"
        ? "cost budget"
        : "step limit";
  return [
    {
      role: "user",
      content: `The ${limit} for this research has been reached: no more tool calls are possible. Write the complete final report now from what you have gathered.`,
    },
  ];
}

/** The caller's per-step settings (active tools stay the same, so the cache holds), minus tool calls. */
function withoutToolCalls(prepareStep: PrepareStepFunction<ToolSet> | undefined) {
  return async (input: Parameters<PrepareStepFunction<ToolSet>>[0]) => ({
    ...(await prepareStep?.(input)),
    toolChoice: "none" as const,
  });
}

function sumUsage(steps: readonly Step[]): AgentUsage {
  const usage: AgentUsage = {
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  };
  for (const { usage: u } of steps) {
    usage.inputTokens += u.inputTokens ?? 0;
    usage.outputTokens += u.outputTokens ?? 0;
    usage.totalTokens += u.totalTokens ?? (u.inputTokens ?? 0) + (u.outputTokens ?? 0);
    usage.cacheReadTokens += u.inputTokenDetails?.cacheReadTokens ?? 0;
    usage.cacheWriteTokens += u.inputTokenDetails?.cacheWriteTokens ?? 0;
  }
  return { ...usage, ...reasoningUsage(steps) };
}
