import { priceOverride } from "./price-options.ts";
import type { ModelFlags } from "./resolve-cli-model.ts";
import type { StoreChoice } from "./resolve-store.ts";

/** The options of the long-running commands (serve, mcp): which ideas repository, which model. */
export const REPOSITORY_AND_MODEL_OPTIONS = {
  repo: { type: "string" },
  github: { type: "string" },
  model: { type: "string" },
  provider: { type: "string" },
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  "price-in": { type: "string" },
  "price-out": { type: "string" },
} as const;

type Values = Partial<Record<keyof typeof REPOSITORY_AND_MODEL_OPTIONS, string>>;

export function repositoryChoice(values: Values): StoreChoice {
  return { repo: values.repo, github: values.github };
}

export function modelFlagsFrom(values: Values): ModelFlags {
  return {
    provider: values.provider,
    model: values.model,
    baseUrl: values["base-url"],
    apiKey: values["api-key"],
    price: priceOverride(values["price-in"], values["price-out"]),
  };
}
