import { createInterface } from "node:readline";
import { textProblem } from "../../config/text-problems.ts";
import { formatCost } from "../../models/pricing.ts";
import type { InterviewSession, TurnOutcome } from "../../research/interview/interview-session.ts";
import { isUnrecoverableModelError } from "../../research/interview/unrecoverable-error.ts";
import { Interrupted, type StopSignal } from "../interrupted.ts";
import { oneLineError } from "../one-line-error.ts";
import { printable } from "../printable.ts";
import { INTERVIEW_ERROR_PREFIX } from "./error-prefix.ts";
import { createTurnPrinter, type TurnPrinter } from "./turn-printer.ts";

export const PROMPT = "you › ";
const END_COMMANDS = new Set(["/exit", "/quit"]);

export interface InterviewLoopOptions {
  session: Pick<InterviewSession, "turn" | "written"> & Partial<Pick<InterviewSession, "cost">>;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream & { columns?: number };
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
  /** A terminal on both ends: show the prompt, separators and hints. Otherwise one turn per line. */
  interactive: boolean;
  /** How to name the output folder in the summary (as the user gave it). */
  outputLabel: string;
  /**
   * Subscribes to interrupts from outside the terminal; returns an unsubscribe. Ended by SIGINT or
   * SIGTERM, the session still prints its summary, then throws Interrupted (exit 130 or 143).
   */
  onInterrupt?: (end: (signal?: StopSignal) => void) => () => void;
}

/**
 * The terminal conversation: one turn per line read, until /exit, end of input, or an interrupt
 * (Ctrl+C). An interrupt aborts the turn in progress. Every way out prints the summary of files
 * written, and the files stay. Returns the exit code: 0, or 1 when a turn failed; a session a
 * signal ended throws Interrupted. Ctrl+C typed in the terminal is no signal but the documented
 * way to end a session, like /exit.
 */
export async function runInterviewLoop(options: InterviewLoopOptions): Promise<number> {
  const { session, interactive } = options;
  const printer = createTurnPrinter(options.stdout, options.stderr);
  const rl = createInterface({
    input: options.stdin,
    ...(interactive ? { output: options.stdout, prompt: PROMPT } : {}),
    terminal: interactive,
  });
  let current: AbortController | undefined;
  let ended = false;
  let stoppedBy: StopSignal | undefined;
  const end = (signal?: StopSignal) => {
    ended = true;
    stoppedBy ??= signal;
    current?.abort();
    rl.close();
  };
  // In a terminal, readline turns Ctrl+C into this event instead of a signal.
  rl.on("SIGINT", () => end());
  const unsubscribe = options.onInterrupt?.(end);
  let failedTurns = 0;

  try {
    if (interactive) rl.prompt();
    for await (const line of rl) {
      const text = line.trim();
      if (END_COMMANDS.has(text)) break;
      const problem = text ? textProblem(text) : undefined;
      if (problem) {
        // Pasted terminal output or an escape sequence: refused before the model sees it, and
        // said in one line; the session goes on so nothing typed before is lost.
        printer.errorLine(`${INTERVIEW_ERROR_PREFIX}${refusedLine(problem)}`);
        failedTurns += 1;
      } else if (text) {
        current = new AbortController();
        const outcome = await session.turn(text, printer.listener, current.signal);
        current = undefined;
        printer.endLine();
        if (outcome.status === "failed") failedTurns += 1;
        if (report(outcome, printer, options) === "stop") break;
      }
      if (ended) break;
      if (interactive) {
        if (text) printer.line(separator(options.stdout.columns));
        rl.prompt();
      }
    }
  } finally {
    unsubscribe?.();
    rl.close();
  }
  printSummary(session.written, printer, options.outputLabel);
  const cost = session.cost?.();
  if (cost)
    printer.line(cost.priced ? `Session cost: ${formatCost(cost)}` : `Session ${formatCost(cost)}`);
  if (stoppedBy) throw new Interrupted(stoppedBy, keptFiles(session.written, options.outputLabel));
  return failedTurns > 0 ? 1 : 0;
}

function refusedLine(problem: string): string {
  return `your message ${problem}; it was not sent: type it again without that character`;
}

function keptFiles(written: readonly string[], outputLabel: string): string {
  if (written.length === 0) return "no files were written";
  const count =
    written.length === 1 ? "the 1 file written is" : `the ${written.length} files written are`;
  return `${count} kept in ${printable(outputLabel)}`;
}

function report(outcome: TurnOutcome, printer: TurnPrinter, options: InterviewLoopOptions) {
  switch (outcome.status) {
    case "step-limit":
      printer.line(
        `(stopped after ${outcome.steps} steps this turn; reply "continue" to let it go on, or raise --max-steps)`,
      );
      return "go-on";
    case "aborted":
      printer.line("(interrupted)");
      return "stop";
    case "failed": {
      // The message already names the API, the status and what to check.
      const line = `${INTERVIEW_ERROR_PREFIX}${oneLineError(outcome.error, options.env)}`;
      if (isUnrecoverableModelError(outcome.error)) {
        printer.errorLine(`${line} (ending the session)`);
        return "stop";
      }
      printer.errorLine(options.interactive ? `${line} (send your message again to retry)` : line);
      return "go-on";
    }
    default:
      return "go-on";
  }
}

function printSummary(written: readonly string[], printer: TurnPrinter, outputLabel: string): void {
  const where = printable(outputLabel);
  if (written.length === 0) {
    printer.line(`No files written this session (output folder: ${where}).`);
    return;
  }
  const count = written.length === 1 ? "1 file" : `${written.length} files`;
  printer.line(`Session summary: ${count} written in ${where}:`);
  for (const path of written) printer.line(`  ${printable(path)}`);
}

function separator(columns: number | undefined): string {
  return "─".repeat(Math.max(10, Math.min(columns || 60, 60)));
}
