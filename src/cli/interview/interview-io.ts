/**
 * The terminal an interview talks through: a conversation needs stdin, and a TTY on both ends for
 * its interactive UI, where other commands only write.
 */
export interface InterviewIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
  /** Whether to run the interactive terminal UI; defaults to stdin and stdout both being TTYs. */
  isTTY?: boolean;
  /** The directory relative --codebase / --output are resolved against (default: process.cwd()). */
  cwd?: string;
}
