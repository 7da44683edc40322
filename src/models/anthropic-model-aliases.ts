import type { AnthropicProvider } from "@ai-sdk/anthropic";

type AnthropicModelIdParameter = Parameters<AnthropicProvider["languageModel"]>[0];

/**
 * The model ids the installed @ai-sdk/anthropic knows. Its parameter type is
 * `KnownId | (string & {})`; the open `string & {}` arm is dropped so that only the literals remain.
 */
export type KnownAnthropicModelId = AnthropicModelIdParameter extends infer Id
  ? Id extends string
    ? string extends Id
      ? never
      : Id
    : never
  : never;

export const MODEL_ALIASES = ["sonnet", "opus", "haiku"] as const;
export type ModelAlias = (typeof MODEL_ALIASES)[number];

/**
 * Each alias names the newest model of its family the installed provider knows. `satisfies` makes
 * an id the package doesn't list a type error; anthropic-model-aliases.test.ts reads the package's
 * .d.ts and fails when a newer id of a family appears, so an upgrade can't leave an alias stale.
 */
export const ANTHROPIC_MODEL_ALIASES = {
  sonnet: "claude-sonnet-5-5",
  opus: "claude-opus-5-5",
  haiku: "claude-haiku-5-5",
} as const satisfies Record<ModelAlias, KnownAnthropicModelId>;

export const DEFAULT_ANTHROPIC_ALIAS: ModelAlias = "sonnet";

export function isModelAlias(name: string): name is ModelAlias {
  return (MODEL_ALIASES as readonly string[]).includes(name);
}
