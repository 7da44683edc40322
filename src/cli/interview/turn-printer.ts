import type { TurnListener } from "../../research/interview/interview-session.ts";
import { printable, shortLine } from "../printable.ts";

export interface TurnPrinter {
  listener: TurnListener;
  /** A whole line on stdout, starting on a fresh line. */
  line(text: string): void;
  /** A whole line on stderr; the stdout line in progress is finished first (same terminal). */
  errorLine(text: string): void;
  /** Finishes the line in progress, if any. */
  endLine(): void;
}

/**
 * Prints a turn as it happens: the model's text as it streams, one progress line per tool call,
 * `Wrote <path>` per successful write. Everything from the model is stripped of control
 * characters before it reaches the terminal.
 */
export function createTurnPrinter(
  stdout: NodeJS.WritableStream,
  stderr: NodeJS.WritableStream,
): TurnPrinter {
  let atLineStart = true;

  function write(text: string): void {
    if (!text) return;
    stdout.write(text);
    atLineStart = text.endsWith("\n");
  }
  function endLine(): void {
    if (!atLineStart) write("\n");
  }
  function line(text: string): void {
    endLine();
    write(`${text}\n`);
  }

  const listener: TurnListener = {
    text: (delta) => write(printable(delta)),
    toolCall: ({ toolName, input }) => {
      // The Wrote line reports a write once it succeeded; announcing the attempt adds nothing.
      if (toolName === "file_write") return;
      const subject = toolSubject(input);
      line(`  · ${shortLine(toolName)}${subject ? ` ${subject}` : ""}`);
    },
    toolFailed: ({ toolName, message }) =>
      line(`  · ${shortLine(toolName)} failed: ${shortLine(message, 160)}`),
    wrote: (path) => line(`Wrote ${printable(path)}`),
  };

  return {
    listener,
    line,
    endLine,
    errorLine(text) {
      endLine();
      stderr.write(`${printable(text)}\n`);
    },
  };
}

/** What a call is about, from the usual input fields (path, query, pattern). */
function toolSubject(input: unknown): string {
  if (typeof input !== "object" || input === null) return "";
  const fields = input as Record<string, unknown>;
  if (typeof fields.path === "string") return shortLine(fields.path);
  for (const key of ["query", "pattern"]) {
    if (typeof fields[key] === "string") return `"${shortLine(fields[key])}"`;
  }
  return "";
}
