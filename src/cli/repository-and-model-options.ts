import { modelIdProblem } from "../config/model-id.ts";
import { priceOverride } from "./price-options.ts";
import type { ModelFlags } from "./resolve-cli-model.ts";
import type { StoreChoice } from "./resolve-store.ts";
import { UsageError } from "./usage-error.ts";

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

/**
 * The model flags of serve and mcp, --model checked at once: these commands resolve it again
 * for every job or call, so an id that cannot be one must stop the start, not fail each run.
 */
export function modelFlagsFrom(values: Values): ModelFlags {
  const problem = values.model === undefined ? undefined : modelIdProblem(values.model);
  if (problem) {
    throw new UsageError(
      `--model ${problem}; give a model id such as sonnet or llama3.1:8b (or leave it out for the default)`,
    );
  }
  return {
    provider: values.provider,
    model: values.model,
    baseUrl: values["base-url"],
    apiKey: values["api-key"],
    price: priceOverride(values["price-in"], values["price-out"]),
  };
}
