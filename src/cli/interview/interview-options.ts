import { MAX_TIMEOUT_SECONDS } from "../../config/explore-limits.ts";
import type { ToolSearchMode } from "../../tools/deferral/tool-search-modes.ts";
import { durationOption } from "../duration-option.ts";
import { integerOption, parseCommandLine } from "../parse-command-line.ts";
import { toolSearchOption } from "../tool-search-option.ts";
import { UsageError } from "../usage-error.ts";

export const DEFAULT_OUTPUT_DIR = "./jobs";
export const DEFAULT_MAX_STEPS_PER_TURN = 20;
const MAX_STEPS_LIMIT = 200;
const PROVIDERS = ["anthropic", "openai-compatible"] as const;

export type InterviewProvider = (typeof PROVIDERS)[number];

export interface InterviewOptions {
  help: boolean;
  /** As the user typed them: shown in messages, resolved against the working directory. */
  codebase: string;
  output: string;
  provider: InterviewProvider;
  model?: string;
  baseURL?: string;
  maxStepsPerTurn: number;
  /** --timeout: one turn's time limit in seconds (the agent's default when absent). */
  turnTimeoutSeconds?: number;
  /** A Claude-desktop-style MCP config whose servers' tools are added (found via search_tools). */
  mcpConfig?: string;
  /** How MCP tools are loaded: auto (behind search_tools above 10 tools), always, never, anthropic. */
  toolSearch: ToolSearchMode;
}

/** The interview command line, checked; a mistake is a UsageError naming the option to fix. */
export function parseInterviewOptions(args: string[]): InterviewOptions {
  const { values, positionals } = parseCommandLine("interview", args, {
    codebase: { type: "string" },
    output: { type: "string" },
    model: { type: "string" },
    provider: { type: "string" },
    "base-url": { type: "string" },
    "max-steps": { type: "string" },
    timeout: { type: "string" },
    "mcp-config": { type: "string" },
    "tool-search": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  const help = values.help === true;
  if (help) {
    return {
      help,
      codebase: "",
      output: DEFAULT_OUTPUT_DIR,
      provider: "anthropic",
      maxStepsPerTurn: 0,
      toolSearch: "auto",
    };
  }
  if (positionals.length > 0) {
    throw new UsageError(
      `unexpected argument "${positionals[0]}"; pass the codebase as --codebase DIR`,
    );
  }
  const codebase = nonEmpty("codebase", values.codebase);
  if (codebase === undefined) {
    throw new UsageError("--codebase DIR is required (the codebase to ground the interview in)");
  }
  const provider = values.provider ?? "anthropic";
  if (!isProvider(provider)) {
    throw new UsageError(`--provider must be one of ${PROVIDERS.join(", ")}, got "${provider}"`);
  }
  const maxStepsPerTurn =
    integerOption("max-steps", values["max-steps"]) ?? DEFAULT_MAX_STEPS_PER_TURN;
  if (maxStepsPerTurn < 1 || maxStepsPerTurn > MAX_STEPS_LIMIT) {
    throw new UsageError(
      `--max-steps must be between 1 and ${MAX_STEPS_LIMIT}, got ${maxStepsPerTurn}`,
    );
  }
  const turnTimeoutSeconds = durationOption("timeout", values.timeout, {
    minSeconds: 10,
    maxSeconds: MAX_TIMEOUT_SECONDS,
  });
  const model = nonEmpty("model", values.model);
  const baseURL = nonEmpty("base-url", values["base-url"]);
  const mcpConfig = nonEmpty("mcp-config", values["mcp-config"]);
  const toolSearch = toolSearchOption(values["tool-search"], provider);
  return {
    help,
    codebase,
    output: nonEmpty("output", values.output) ?? DEFAULT_OUTPUT_DIR,
    provider,
    maxStepsPerTurn,
    ...(turnTimeoutSeconds === undefined ? {} : { turnTimeoutSeconds }),
    toolSearch,
    ...(model === undefined ? {} : { model }),
    ...(baseURL === undefined ? {} : { baseURL }),
    ...(mcpConfig === undefined ? {} : { mcpConfig }),
  };
}

function nonEmpty(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === "") throw new UsageError(`--${name} must not be empty`);
  return value.trim();
}

function isProvider(value: string): value is InterviewProvider {
  return (PROVIDERS as readonly string[]).includes(value);
}
