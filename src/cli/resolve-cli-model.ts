import { ConfigError } from "../config/config-error.ts";
import type { Env } from "../config/env.ts";
import type { PriceOverride } from "../models/pricing.ts";
import { type ModelProvider, type ResolvedModel, resolveModel } from "../models/resolve-model.ts";

export interface ModelFlags {
  provider?: string | undefined;
  model?: string | undefined;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  /** --request-timeout, in seconds. */
  requestTimeoutSeconds?: number | undefined;
  /** --price-in / --price-out (over IDEA_EXPLORER_PRICE_IN / IDEA_EXPLORER_PRICE_OUT). */
  price?: PriceOverride | undefined;
}

/**
 * The model from flags and environment: Anthropic reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL;
 * openai-compatible takes --base-url and an optional --api-key (or OPENAI_COMPATIBLE_API_KEY).
 * The price is the flags' or else the environment's (IDEA_EXPLORER_PRICE_IN / _OUT).
 * `placeholderKey` lets --dry-run show the resolved model without a key (nothing is sent).
 */
export function resolveCliModel(
  flags: ModelFlags,
  env: Env,
  options: { placeholderKey?: boolean; onRequestRetry?: (line: string) => void } = {},
): ResolvedModel {
  const provider = (flags.provider ?? "anthropic") as ModelProvider;
  const anthropic = provider === "anthropic";
  const apiKey =
    options.placeholderKey && lacksAnthropicKey(flags, env)
      ? "dry-run-no-key"
      : apiKeyOf(flags, env);
  const baseURL = flags.baseUrl ?? (anthropic ? env.ANTHROPIC_BASE_URL : undefined);
  const price = flags.price ?? envPrice(env);
  return resolveModel({
    provider,
    ...(flags.model ? { model: flags.model } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(baseURL
      ? { baseURL, baseURLSource: flags.baseUrl ? "--base-url" : "ANTHROPIC_BASE_URL" }
      : {}),
    ...(price ? { price } : {}),
    ...(env.IDEA_EXPLORER_CHECK_MODEL ? { checkModel: env.IDEA_EXPLORER_CHECK_MODEL } : {}),
    requestDeadline: {
      ...(flags.requestTimeoutSeconds ? { timeoutMs: flags.requestTimeoutSeconds * 1000 } : {}),
      ...(options.onRequestRetry ? { onRetry: options.onRequestRetry } : {}),
    },
  });
}

/**
 * For the long-running commands (serve, mcp), where a missing model key fails only the work that
 * needs the model: with the anthropic provider and no API key set, `warn` gets the message that
 * says what to set and the result is undefined (resolving again throws that message). Every
 * other mistake in the model configuration is thrown, so it stops the start.
 */
export function resolveCliModelOrWarn(
  flags: ModelFlags,
  env: Env,
  warn: (message: string) => void,
): ResolvedModel | undefined {
  try {
    return resolveCliModel(flags, env);
  } catch (error) {
    if (!(error instanceof ConfigError && lacksAnthropicKey(flags, env))) throw error;
    // Any other mistake still stops the start: checked again with a stand-in for the key.
    resolveCliModel(flags, env, { placeholderKey: true });
    warn(error.message);
    return undefined;
  }
}

function envPrice(env: Env): PriceOverride | undefined {
  const { IDEA_EXPLORER_PRICE_IN: inputPerMTok, IDEA_EXPLORER_PRICE_OUT: outputPerMTok } = env;
  // parseEnv lets them through only together.
  if (inputPerMTok === undefined || outputPerMTok === undefined) return undefined;
  return { inputPerMTok, outputPerMTok };
}

function apiKeyOf(flags: ModelFlags, env: Env): string | undefined {
  const anthropic = (flags.provider ?? "anthropic") === "anthropic";
  return flags.apiKey ?? (anthropic ? env.ANTHROPIC_API_KEY : env.OPENAI_COMPATIBLE_API_KEY);
}

/** The anthropic provider (the default) with no API key: the one key a model must have. */
function lacksAnthropicKey(flags: ModelFlags, env: Env): boolean {
  return (flags.provider ?? "anthropic") === "anthropic" && !apiKeyOf(flags, env)?.trim();
}
