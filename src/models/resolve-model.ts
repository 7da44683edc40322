import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { type LanguageModel, wrapLanguageModel } from "ai";
import { ConfigError } from "../config/config-error.ts";
import {
  ANTHROPIC_MODEL_ALIASES,
  DEFAULT_ANTHROPIC_ALIAS,
  isModelAlias,
  MODEL_ALIASES,
} from "./anthropic-model-aliases.ts";
import { checkModelId } from "./check-model.ts";
import { parseHttpUrl, withoutCredentials } from "./http-url.ts";
import { priceFor } from "./price-source.ts";
import type { ModelPrice, PriceOverride } from "./pricing.ts";
import {
  DEFAULT_REQUEST_ATTEMPTS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  fetchWithDeadline,
  type RequestDeadline,
} from "./request-deadline.ts";
import { textToolCallsMiddleware } from "./text-tool-calls.ts";
import { thinkBlocksMiddleware } from "./think-blocks.ts";

export const MODEL_PROVIDERS = ["anthropic", "openai-compatible"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

export const ANTHROPIC_API_URL = "https://api.anthropic.com/v1";

export interface ResolveModelOptions {
  /** Default "anthropic". */
  provider?: ModelProvider;
  /** Anthropic: an alias (sonnet, opus, haiku) or a full id; openai-compatible: the server's name. */
  model?: string;
  /** Anthropic: ANTHROPIC_API_KEY (required). openai-compatible: sent as a bearer token if set. */
  apiKey?: string;
  /** Anthropic: ANTHROPIC_BASE_URL, with or without /v1. openai-compatible: --base-url (required). */
  baseURL?: string;
  /** What the user set `baseURL` with, named in errors (default ANTHROPIC_BASE_URL / --base-url). */
  baseURLSource?: string;
  fetch?: typeof fetch;
  /** Per-request timeout and retries (see request-deadline.ts); defaults apply when absent. */
  requestDeadline?: Partial<RequestDeadline>;
  /** The user's price (--price-in / --price-out), over the table's. */
  price?: PriceOverride;
  /** The model check's model when a run names none (IDEA_EXPLORER_CHECK_MODEL). */
  checkModel?: string;
}

export interface ResolvedModel {
  model: LanguageModel;
  provider: ModelProvider;
  /** The id sent to the API (an alias resolved to its full id). */
  modelId: string;
  /** Whether the provider runs web search itself (Anthropic's server tool). */
  supportsServerWebSearch: boolean;
  /** A doubt about the configuration worth a warning line (an unlikely model id). */
  warning?: string;
  /** What it costs; undefined when no price is known (a cost is then reported as unknown). */
  price: ModelPrice | undefined;
  /**
   * The model that judges the run's claims (--check-claims model): `requested`, else the
   * operator's default, else checkModelId's; on the same provider, key, base URL and deadlines.
   * Throws ConfigError as resolveModel does. Absent on models built elsewhere (tests' stand-ins).
   */
  checkModel?(requested?: string): ResolvedModel;
}

/**
 * Builds the language model from configuration the caller has already read (env, flags). Every
 * problem is a one-line ConfigError raised here, before any work starts. Nothing is read from
 * process.env: the providers would otherwise pick up ANTHROPIC_BASE_URL behind the caller's back.
 */
export function resolveModel(options: ResolveModelOptions = {}): ResolvedModel {
  const provider = options.provider ?? "anthropic";
  const priced = (model: Omit<ResolvedModel, "price">): ResolvedModel => {
    const resolved = { ...model, price: priceFor(model.provider, model.modelId, options.price) };
    return {
      ...resolved,
      checkModel: (requested) => resolveCheckModel(resolved, options, requested),
    };
  };
  if (provider === "anthropic") return priced(resolveAnthropic(options));
  if (provider === "openai-compatible") return priced(resolveOpenAICompatible(options));
  throw new ConfigError(
    `Unknown provider "${String(provider)}"; use one of: ${MODEL_PROVIDERS.join(", ")}.`,
  );
}

function resolveCheckModel(
  run: ResolvedModel,
  options: ResolveModelOptions,
  requested: string | undefined,
): ResolvedModel {
  const { price, checkModel, ...same } = options;
  const check = resolveModel({ ...same, model: checkModelId(run, requested, checkModel) });
  // The user's price is the run model's: it prices the check only when the check is that model.
  return check.modelId === run.modelId ? run : check;
}

function resolveAnthropic(options: ResolveModelOptions): Omit<ResolvedModel, "price"> {
  const apiKey = options.apiKey?.trim();
  if (!apiKey) {
    throw new ConfigError(
      "ANTHROPIC_API_KEY is not set; export your Anthropic API key, or use --provider openai-compatible --base-url URL for a local model.",
    );
  }
  const modelId = anthropicModelId(options.model);
  const provider = createAnthropic({
    apiKey,
    baseURL: anthropicBaseUrl(options.baseURL, options.baseURLSource ?? "ANTHROPIC_BASE_URL"),
    fetch: deadlineFetch(options),
  });
  // Gateways may serve other names, so this is a warning, not a refusal.
  const unlikely = !/^claude-/i.test(modelId);
  return {
    model: provider.languageModel(modelId),
    provider: "anthropic",
    modelId,
    supportsServerWebSearch: true,
    ...(unlikely
      ? {
          warning: `"${modelId}" does not look like an Anthropic model id (they start with "claude-"); the API may refuse it. For another provider use --provider openai-compatible --base-url URL.`,
        }
      : {}),
  };
}

function anthropicModelId(requested: string | undefined): string {
  const name = requested?.trim() || DEFAULT_ANTHROPIC_ALIAS;
  const lower = name.toLowerCase();
  if (isModelAlias(lower)) return ANTHROPIC_MODEL_ALIASES[lower];
  // A bare word is a mistyped alias ("sonet", "claude"); anything with a version or separator in
  // it is a full id, passed through so models newer than the installed package still work.
  if (/^[a-z]+$/i.test(name)) {
    const aliases = MODEL_ALIASES.map((a) => `${a} (${ANTHROPIC_MODEL_ALIASES[a]})`).join(", ");
    throw new ConfigError(
      `Unknown model "${name}"; use one of ${aliases}, or a full model id such as ${ANTHROPIC_MODEL_ALIASES.sonnet}.`,
    );
  }
  return name;
}

/**
 * The AI SDK expects the base URL to end in /v1; Anthropic's own SDKs and Claude Code expect it
 * without. Users set ANTHROPIC_BASE_URL for the latter, so both forms are accepted.
 */
function anthropicBaseUrl(value: string | undefined, source: string): string {
  if (!value?.trim()) return ANTHROPIC_API_URL;
  const url = withoutCredentials(
    parseHttpUrl(value, source, ANTHROPIC_API_URL),
    source,
    "ANTHROPIC_API_KEY",
  );
  const path = url.pathname.replace(/\/+$/, "");
  url.pathname = path.endsWith("/v1") ? path : `${path}/v1`;
  return url.href.replace(/\/+$/, "");
}

function resolveOpenAICompatible(options: ResolveModelOptions): Omit<ResolvedModel, "price"> {
  if (!options.baseURL?.trim()) {
    throw new ConfigError(
      "--provider openai-compatible needs --base-url, e.g. http://localhost:11434/v1 for Ollama.",
    );
  }
  const source = options.baseURLSource ?? "--base-url";
  const baseURL = withoutCredentials(
    parseHttpUrl(options.baseURL, source, "http://localhost:11434/v1"),
    source,
    "--api-key",
  ).href.replace(/\/+$/, "");
  const modelId = options.model?.trim();
  if (!modelId) {
    throw new ConfigError(
      "--provider openai-compatible needs --model with the name your server serves, e.g. llama3.1:8b.",
    );
  }
  const apiKey = options.apiKey?.trim();
  const provider = createOpenAICompatible({
    name: "openai-compatible",
    baseURL,
    ...(apiKey && { apiKey }),
    // Structured output (the deep plan) sends its JSON schema as `response_format: json_schema`,
    // which Ollama, llama.cpp, vLLM and LM Studio constrain decoding with; without this the
    // provider falls back to `json_object`, which carries no schema.
    // It changes nothing else: tool definitions are sent as before.
    supportsStructuredOutputs: true,
    fetch: deadlineFetch(options),
  });
  return {
    model: wrapLanguageModel({
      model: provider.chatModel(modelId),
      // Reasoning models served this way think aloud in `<think>` blocks, never part of a
      // report; a tool call written as text is read once the thinking is out of it.
      middleware: [textToolCallsMiddleware, ...thinkBlocksMiddleware()],
    }),
    provider: "openai-compatible",
    modelId,
    supportsServerWebSearch: false,
  };
}

function deadlineFetch(options: ResolveModelOptions): typeof fetch {
  return fetchWithDeadline(
    {
      timeoutMs: options.requestDeadline?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      attempts: options.requestDeadline?.attempts ?? DEFAULT_REQUEST_ATTEMPTS,
      ...(options.requestDeadline?.onRetry ? { onRetry: options.requestDeadline.onRetry } : {}),
    },
    options.fetch,
  );
}
