import { parseEnv } from "../../config/env.ts";
import { openCodebase } from "../../research/interview/interview-folders.ts";
import { createInterviewSession } from "../../research/interview/interview-session.ts";
import {
  createInterviewToolbox,
  type ExtraTools,
} from "../../research/interview/interview-toolbox.ts";
import { createInterviewTools } from "../../research/interview/interview-tools.ts";
import { checkOutputFolder } from "../../research/interview/output-folder.ts";
import type { McpImport } from "../../tools/mcp/import-mcp-tools.ts";
import { resolveCliModel } from "../resolve-cli-model.ts";
import { startMcpTools } from "../start-mcp-tools.ts";
import type { InterviewIo } from "./interview-io.ts";
import { runInterviewLoop } from "./interview-loop.ts";
import type { InterviewOptions } from "./interview-options.ts";
import { interviewWebSearch } from "./interview-web-search.ts";
import { processInterrupts } from "./process-interrupts.ts";

/**
 * The interview once its command line is parsed and is not --help: checks everything it can
 * before the first model call (the environment, the codebase, the output folder, the model
 * configuration, MCP servers), then runs the conversation. Loaded only then.
 */
export async function runInterview(options: InterviewOptions, io: InterviewIo): Promise<number> {
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
        onWarning: (line) => io.stderr.write(`warning: ${line}\n`),
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
