import type { StepProgress } from "../../agent/agent-types.ts";
import type { ToolCallLog } from "../../tools/tool-call-log.ts";
import { shortLine } from "../printable.ts";

/**
 * Human progress on stderr while an exploration runs: each tool call with what it asked for and
 * how it went, and after each model call the step count and the tokens so far. stdout stays
 * free for the result.
 */
export function createProgressPrinter(write: (line: string) => void) {
  // Made per printer, not at import: the first Intl object starts ICU, tens of milliseconds that
  // the MCP server's start-up (which imports this) need not wait for.
  const number = new Intl.NumberFormat("en");
  return {
    phase(message: string) {
      write(message);
    },
    toolCall(call: ToolCallLog) {
      // The name, path and query are the model's words: a local model may send anything,
      // escape sequences included, and the terminal must not act on them.
      const target =
        call.path !== undefined
          ? shortLine(call.path, 120)
          : call.query === undefined
            ? ""
            : `"${shortLine(call.query)}"`;
      const outcome = call.ok
        ? call.resultCount !== undefined
          ? `${call.resultCount} result${call.resultCount === 1 ? "" : "s"}`
          : call.bytes !== undefined
            ? `ok (${number.format(call.bytes)} bytes)`
            : "ok"
        : `failed (${call.errorType ?? "error"})`;
      write(`  ${[shortLine(call.name), target].filter(Boolean).join(" ")} → ${outcome}`);
    },
    step(progress: StepProgress) {
      const label = progress.final
        ? "final step (writing the report, tools off)"
        : `step ${progress.step} of ${progress.maxSteps}`;
      write(
        `${label} done · tokens so far: ${number.format(progress.inputTokens)} in, ${number.format(progress.outputTokens)} out`,
      );
    },
  };
}
