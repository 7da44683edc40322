import { parseEnv } from "../config/env.ts";
import { anthropicWebSearchTool } from "../models/anthropic-web-search.ts";
import { resolveModel } from "../models/resolve-model.ts";
import { buildInterviewInstructions } from "../prompts/interview/interview-instructions.ts";
import { openCodebase, prepareOutput } from "../research/interview/interview-folders.ts";
import { createInterviewSession } from "../research/interview/interview-session.ts";
import {
  createInterviewTools,
  type InterviewWebSearch,
} from "../research/interview/interview-tools.ts";
import { resolveSearchBackend } from "../search/resolve-search-backend.ts";
import { INTERVIEW_HELP } from "./interview/interview-help.ts";
import { runInterviewLoop } from "./interview/interview-loop.ts";
import { parseInterviewOptions } from "./interview/interview-options.ts";
import { processInterrupts } from "./interview/process-interrupts.ts";

export { INTERVIEW_HELP, INTERVIEW_SUMMARY } from "./interview/interview-help.ts";

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

/**
 * `idea-explorer interview`: checks everything it can before the first model call (options, the
 * environment, the codebase, the model configuration, then creates the output folder), then runs
 * the conversation. Configuration problems throw a ConfigError (one line, exit 2).
 */
export async function runInterviewCommand(args: string[], io: InterviewIo): Promise<number> {
  const options = parseInterviewOptions(args);
  if (options.help) {
    io.stdout.write(`${INTERVIEW_HELP}\n`);
    return 0;
  }
  const env = parseEnv(io.env);
  const folders = {
    codebase: options.codebase,
    output: options.output,
    cwd: io.cwd ?? process.cwd(),
  };
  const codebase = await openCodebase(folders);
  const resolved = resolveModel({
    provider: options.provider,
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.provider === "anthropic" && env.ANTHROPIC_API_KEY
      ? { apiKey: env.ANTHROPIC_API_KEY }
      : {}),
    ...baseUrl(
      options.baseURL ?? (options.provider === "anthropic" ? env.ANTHROPIC_BASE_URL : undefined),
    ),
  });
  const webSearch: InterviewWebSearch = resolved.supportsServerWebSearch
    ? { kind: "provider", tool: anthropicWebSearchTool() }
    : backendSearch(env);
  // Created last: a configuration mistake above leaves nothing behind.
  const output = await prepareOutput(folders, codebase);

  const tools = createInterviewTools({
    codebase: codebase.realPath,
    output: output.realPath,
    webSearch,
    // The terminal shows each call as it happens; the JSON log lines are for batch runs.
    onToolCall: () => {},
  });
  const session = createInterviewSession({
    model: resolved.model,
    tools,
    instructions: buildInterviewInstructions({ tools }),
    maxStepsPerTurn: options.maxStepsPerTurn,
  });

  const interactive = io.isTTY ?? Boolean(io.stdin.isTTY && io.stdout.isTTY);
  if (interactive) {
    io.stdout.write(
      `Interview on ${options.codebase} (read-only); job files go to ${options.output}.\n` +
        `Model: ${resolved.modelId}. Tools: ${Object.keys(tools).join(", ")}.\n` +
        "Describe the problem you want to solve. /exit or Ctrl+D ends the session.\n\n",
    );
  }
  return runInterviewLoop({
    session,
    stdin: io.stdin,
    stdout: io.stdout,
    stderr: io.stderr,
    env: io.env,
    interactive,
    outputLabel: options.output,
    onInterrupt: processInterrupts,
  });
}

function baseUrl(value: string | undefined): { baseURL?: string } {
  return value === undefined ? {} : { baseURL: value };
}

function backendSearch(env: ReturnType<typeof parseEnv>): InterviewWebSearch {
  const backend = resolveSearchBackend(env);
  return backend ? { kind: "backend", search: backend.search } : { kind: "none" };
}
