import type { CliIo } from "./cli-io.ts";
import { INTERVIEW_SUMMARY, runInterviewCommand } from "./interview-command.ts";

export interface Command {
  summary: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** Every subcommand, in the order --help lists them. */
export const commands: Record<string, Command> = {
  interview: { summary: INTERVIEW_SUMMARY, run: runInterviewCommand },
};
