import { MAX_IDEA_LENGTH, MAX_TIMEOUT_SECONDS } from "../../config/explore-limits.ts";
import type { CliIo } from "../cli-io.ts";
import { durationOption } from "../duration-option.ts";
import { integerOption, parseCommandLine } from "../parse-command-line.ts";
import { dollarOption, priceOverride } from "../price-options.ts";
import { readStdin } from "../read-stdin.ts";
import { toolSearchOption } from "../tool-search-option.ts";
import { UsageError } from "../usage-error.ts";

/** Every explore option; refresh takes the run options among them (see refresh-options.ts). */
export const EXPLORE_OPTIONS = {
  mode: { type: "string" },
  model: { type: "string" },
  provider: { type: "string" },
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  context: { type: "string" },
  repo: { type: "string" },
  github: { type: "string" },
  update: { type: "boolean" },
  force: { type: "boolean" },
  "continue-from": { type: "string" },
  depth: { type: "string" },
  parallel: { type: "string" },
  "max-steps": { type: "string" },
  "token-budget": { type: "string" },
  timeout: { type: "string" },
  "request-timeout": { type: "string" },
  "max-cost": { type: "string" },
  "price-in": { type: "string" },
  "price-out": { type: "string" },
  stats: { type: "boolean" },
  json: { type: "boolean" },
  "dry-run": { type: "boolean" },
  "no-wait": { type: "boolean" },
  codebase: { type: "string" },
  "mcp-config": { type: "string" },
  "no-web-fetch": { type: "boolean" },
  "max-fetches": { type: "string" },
  "max-fetches-per-step": { type: "string" },
  "max-page-chars": { type: "string" },
  "fetch-allow-hosts": { type: "string" },
  "fetch-deny-hosts": { type: "string" },
  "check-claims": { type: "string" },
  "check-model": { type: "string" },
  language: { type: "string" },
  "allow-private-fetch": { type: "boolean" },
  "private-fetch-hosts": { type: "string" },
  "tool-search": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export type ExploreFlags = ReturnType<typeof parseExploreFlags>;
type ExploreValues = ReturnType<typeof parseCommandLine<typeof EXPLORE_OPTIONS>>["values"];

export function parseExploreFlags(args: string[]) {
  const { values, positionals } = parseCommandLine("explore", args, EXPLORE_OPTIONS);
  return exploreFlagsOf(values, positionals);
}

/** The flags of a parsed command line that takes explore's options (or some of them). */
export function exploreFlagsOf(values: Partial<ExploreValues>, positionals: string[]) {
  return {
    help: values.help ?? false,
    ideaWords: positionals,
    request: {
      mode: values.mode,
      model: values.model,
      context: values.context,
      update: values.update ?? false,
      force: values.force ?? false,
      continueFrom: values["continue-from"],
      depth: values.depth,
      parallel: integerOption("parallel", values.parallel),
      maxSteps: integerOption("max-steps", values["max-steps"]),
      tokenBudget: integerOption("token-budget", values["token-budget"]),
      collectToolStats: values.stats ?? false,
      maxCostUsd: dollarOption("max-cost", values["max-cost"]),
      timeoutSeconds: durationOption("timeout", values.timeout, {
        minSeconds: 10,
        maxSeconds: MAX_TIMEOUT_SECONDS,
      }),
      ...(values["no-web-fetch"] ? { webFetch: false } : {}),
      maxFetches: integerOption("max-fetches", values["max-fetches"]),
      maxFetchesPerStep: integerOption("max-fetches-per-step", values["max-fetches-per-step"]),
      maxPageChars: integerOption("max-page-chars", values["max-page-chars"]),
      fetchAllowHosts: listOption("fetch-allow-hosts", values["fetch-allow-hosts"]),
      fetchDenyHosts: listOption("fetch-deny-hosts", values["fetch-deny-hosts"]),
      checkClaims: values["check-claims"],
      checkModel: values["check-model"],
      language: values.language,
    },
    model: {
      provider: values.provider,
      model: values.model,
      baseUrl: values["base-url"],
      apiKey: values["api-key"],
      price: priceOverride(values["price-in"], values["price-out"]),
      requestTimeoutSeconds: durationOption("request-timeout", values["request-timeout"], {
        minSeconds: 1,
        maxSeconds: MAX_TIMEOUT_SECONDS,
      }),
    },
    store: { repo: values.repo, github: values.github },
    tooling: {
      codebase: pathOption("codebase", values.codebase),
      mcpConfig: pathOption("mcp-config", values["mcp-config"]),
      allowPrivateFetch: values["allow-private-fetch"] ?? false,
      privateFetchHosts: listOption("private-fetch-hosts", values["private-fetch-hosts"])?.join(
        ",",
      ),
      toolSearch: toolSearchOption(values["tool-search"], values.provider),
    },
    json: values.json ?? false,
    dryRun: values["dry-run"] ?? false,
    waitForIdea: !(values["no-wait"] ?? false),
  };
}

/** The idea from the arguments, or from stdin when it is piped. */
export async function readIdea(flags: ExploreFlags, io: CliIo): Promise<string> {
  if (flags.ideaWords.length) return flags.ideaWords.join(" ");
  if (io.stdin.isTTY) {
    throw new UsageError('explore: give the idea as an argument (explore "my idea") or on stdin');
  }
  return readStdin(io.stdin, MAX_IDEA_LENGTH + 1);
}

function pathOption(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!value.trim()) throw new UsageError(`--${name} needs a path`);
  return value;
}

/** A comma-separated list; each entry is checked where the list is used. */
function listOption(name: string, value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new UsageError(`--${name} needs a comma-separated list of hosts`);
  return entries;
}
