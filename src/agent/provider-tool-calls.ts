import type { StepResult, ToolSet } from "ai";
import type { ToolCallLog } from "../tools/tool-call-log.ts";

type Part = StepResult<ToolSet>["content"][number];

/**
 * Turns the calls the provider ran itself (Anthropic's server-side web_search) into
 * ToolCallLog entries, read from each step's content: the query from the call, the result
 * count or error code from its result. A call and its result may land in different steps
 * (a `pause_turn` in between), so calls wait for their result; `flush` reports the ones that
 * never got one. The provider does not report timings, so durationMs is 0.
 */
export function createProviderCallTracker(record: (entry: ToolCallLog) => void) {
  const pending = new Map<string, { name: string; input: unknown }>();

  const observe = (step: { content: readonly Part[] }) => {
    for (const part of step.content) {
      if (part.type === "tool-call" && part.providerExecuted) {
        pending.set(part.toolCallId, { name: part.toolName, input: part.input });
      } else if (
        (part.type === "tool-result" || part.type === "tool-error") &&
        part.providerExecuted
      ) {
        const call = pending.get(part.toolCallId);
        if (!call) continue;
        pending.delete(part.toolCallId);
        const outcome = part.type === "tool-error" ? failure(part.error) : outcomeOf(part.output);
        record({ ...base(call), ...outcome });
      }
    }
  };

  const flush = () => {
    for (const call of pending.values()) {
      record({ ...base(call), ok: false, errorType: "no_result" });
    }
    pending.clear();
  };

  return { observe, flush };
}

function base(call: { name: string; input: unknown }): ToolCallLog {
  const query = (call.input as { query?: unknown } | null)?.query;
  return {
    name: call.name,
    ...(typeof query === "string" ? { query } : {}),
    durationMs: 0,
    ok: true,
    providerExecuted: true,
  };
}

function outcomeOf(output: unknown): Partial<ToolCallLog> {
  if (Array.isArray(output)) return { ok: true, resultCount: output.length };
  const o = output as { errorCode?: unknown; error_code?: unknown; type?: unknown } | null;
  const isError =
    o?.errorCode !== undefined ||
    o?.error_code !== undefined ||
    (typeof o?.type === "string" && o.type.endsWith("_error"));
  return isError ? failure(output) : { ok: true };
}

function failure(error: unknown): Partial<ToolCallLog> {
  const e = error as { errorCode?: unknown; error_code?: unknown; type?: unknown } | null;
  const code = e?.errorCode ?? e?.error_code ?? e?.type;
  return { ok: false, errorType: typeof code === "string" ? code : "provider_error" };
}
