import type { Env } from "../config/env.ts";
import { type ModelProvider, type ResolvedModel, resolveModel } from "../models/resolve-model.ts";

export interface ModelFlags {
  provider?: string | undefined;
  model?: string | undefined;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
}

/**
 * The model from flags and environment: Anthropic reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL;
 * openai-compatible takes --base-url and an optional --api-key (or OPENAI_COMPATIBLE_API_KEY).
 * `placeholderKey` lets --dry-run show the resolved model without a key (nothing is sent).
 */
export function resolveCliModel(
  flags: ModelFlags,
  env: Env,
  options: { placeholderKey?: boolean } = {},
): ResolvedModel {
  const provider = (flags.provider ?? "anthropic") as ModelProvider;
  const anthropic = provider === "anthropic";
  const apiKey =
    flags.apiKey ??
    (anthropic ? env.ANTHROPIC_API_KEY : env.OPENAI_COMPATIBLE_API_KEY) ??
    (options.placeholderKey && anthropic ? "dry-run-no-key" : undefined);
  const baseURL = flags.baseUrl ?? (anthropic ? env.ANTHROPIC_BASE_URL : undefined);
  return resolveModel({
    provider,
    ...(flags.model ? { model: flags.model } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(baseURL
      ? { baseURL, baseURLSource: flags.baseUrl ? "--base-url" : "ANTHROPIC_BASE_URL" }
      : {}),
  });
}
