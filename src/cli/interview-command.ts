import { INTERVIEW_HELP } from "./interview/interview-help.ts";
import type { InterviewIo } from "./interview/interview-io.ts";
import { parseInterviewOptions } from "./interview/interview-options.ts";

export { INTERVIEW_HELP, INTERVIEW_SUMMARY } from "./interview/interview-help.ts";

/**
 * `idea-explorer interview`: checks everything it can before the first model call (options, the
 * environment, the codebase, the output folder, the model configuration, MCP servers), then runs
 * the conversation. Configuration problems throw a ConfigError (one line, exit 2). Nothing is
 * created up front: the output folder appears with the first file written. The options are
 * checked here; the conversation's code (the AI SDK, the MCP client) loads only after them.
 */
export async function runInterviewCommand(args: string[], io: InterviewIo): Promise<number> {
  const options = parseInterviewOptions(args);
  if (options.help) {
    io.stdout.write(`${INTERVIEW_HELP}\n`);
    return 0;
  }
  const { runInterview } = await import("./interview/run-interview.ts");
  return runInterview(options, io);
}
