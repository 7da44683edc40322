import { parseEnv } from "../config/env.ts";
import { openCodebase } from "../research/interview/interview-folders.ts";
import { createInterviewSession } from "../research/interview/interview-session.ts";
import {
  createInterviewToolbox,
  type ExtraTools,
} from "../research/interview/interview-toolbox.ts";
import { createInterviewTools } from "../research/interview/interview-tools.ts";
import { checkOutputFolder } from "../research/interview/output-folder.ts";
import type { McpImport } from "../tools/mcp/import-mcp-tools.ts";
import { INTERVIEW_HELP } from "./interview/interview-help.ts";
import { runInterviewLoop } from "./interview/interview-loop.ts";
import { parseInterviewOptions } from "./interview/interview-options.ts";
import { interviewWebSearch } from "./interview/interview-web-search.ts";
import { processInterrupts } from "./interview/process-interrupts.ts";
import { resolveCliModel } from "./resolve-cli-model.ts";
import { startMcpTools } from "./start-mcp-tools.ts";

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
 * environment, the codebase, the output folder, the model configuration, MCP servers), then runs
 * the conversation. Configuration problems throw a ConfigError (one line, exit 2). Nothing is
 * created up front: the output folder appears with the first file written.
 */
export async function runInterviewCommand(args: string[], io: InterviewIo): Promise<number> {
  const options = parseInterviewOptions(args);
  if (options.help) {
    io.stdout.write(`${INTERVIEW_HELP}\n`);
    return 0;
  }
  const env = parseEnv(io.env);
  const cwd = io.cwd ?? process.cwd();
  const folders = { codebase: options.codebase, output: options.output, cwd };
  const codebase = await openCodebase(folders);
  const output = await checkOutputFolder(folders, codebase);
  // API keys come from the environment only: a key on the command line ends up in shell history.
  const resolved = resolveCliModel(
    { provider: options.provider, model: options.model, baseUrl: options.baseURL },
    env,
  );
  const web = interviewWebSearch(resolved, env);
  // The servers' stderr would interleave with the conversation; their tools' errors reach the model.
  const mcp = options.mcpConfig
    ? await startMcpTools(options.mcpConfig, cwd, {
        env: io.env,
        stderr: "ignore",
        onToolCall: () => {},
      })
    : undefined;
  try {
    const toolbox = createInterviewToolbox({
      builtIn: createInterviewTools({
        codebase: codebase.realPath,
        output: output.create,
        webSearch: web.webSearch,
        // The terminal shows each call as it happens; the JSON log lines are for batch runs.
        onToolCall: () => {},
      }),
      ...(mcp ? { extra: mcpExtra(mcp) } : {}),
      toolSearch: options.toolSearch,
    });
    const session = createInterviewSession({
      model: resolved.model,
      tools: toolbox.tools,
      instructions: toolbox.instructions,
      maxStepsPerTurn: options.maxStepsPerTurn,
      pricing: { modelId: resolved.modelId, price: resolved.price },
      ...(options.turnTimeoutSeconds ? { turnTimeoutMs: options.turnTimeoutSeconds * 1000 } : {}),
      ...(toolbox.prepareStep ? { prepareStep: toolbox.prepareStep } : {}),
    });

    const interactive = io.isTTY ?? Boolean(io.stdin.isTTY && io.stdout.isTTY);
    if (interactive) {
      const more = toolbox.deferred.length
        ? ` (+${toolbox.deferred.length} more, loaded when a tool search finds them)`
        : "";
      io.stdout.write(
        `Interview on ${options.codebase} (read-only); job files go to ${options.output}.\n` +
          `Model: ${resolved.modelId}. Web search: ${web.label}.\n` +
          `Tools: ${toolbox.visible.join(", ")}${more}.\n` +
          "Describe the problem you want to solve. /exit or Ctrl+D ends the session.\n\n",
      );
    }
    return await runInterviewLoop({
      session,
      stdin: io.stdin,
      stdout: io.stdout,
      stderr: io.stderr,
      env: io.env,
      interactive,
      outputLabel: options.output,
      onInterrupt: processInterrupts,
    });
  } finally {
    await mcp?.close();
  }
}

function mcpExtra(mcp: McpImport): ExtraTools {
  return { tools: mcp.tools, catalogMetadata: mcp.catalogMetadata };
}
