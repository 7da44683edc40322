import { MAX_TIMEOUT_SECONDS } from "../../config/explore-limits.ts";
import { durationOption } from "../duration-option.ts";
import { integerOption, parseCommandLine } from "../parse-command-line.ts";
import { dollarOption, priceOverride } from "../price-options.ts";
import { UsageError } from "../usage-error.ts";

const OPTIONS = {
  github: { type: "string" },
  label: { type: "string" },
  limit: { type: "string" },
  model: { type: "string" },
  provider: { type: "string" },
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  "price-in": { type: "string" },
  "price-out": { type: "string" },
  parallel: { type: "string" },
  "max-steps": { type: "string" },
  "token-budget": { type: "string" },
  timeout: { type: "string" },
  "request-timeout": { type: "string" },
  "max-cost": { type: "string" },
  stats: { type: "boolean" },
  trust: { type: "string" },
  "stale-after": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export type IssuesFlags = ReturnType<typeof parseIssuesFlags>;

export function parseIssuesFlags(args: string[]) {
  const { values, positionals } = parseCommandLine("issues", args, OPTIONS);
  if (positionals.length && !values.help) {
    throw new UsageError(
      `unexpected argument "${positionals[0]}": issues takes options only (see idea-explorer issues --help)`,
    );
  }
  const limit = integerOption("limit", values.limit);
  if (limit === 0) throw new UsageError("--limit must be at least 1");
  return {
    help: values.help ?? false,
    github: values.github,
    label: values.label,
    limit,
    /** Checked with the environment's IDEA_EXPLORER_TRUST / IDEA_EXPLORER_STALE_AFTER. */
    trust: values.trust,
    staleAfter: values["stale-after"],
    /** Everything of each exploration's request that the issue does not decide. */
    defaults: {
      ...(values.model ? { model: values.model } : {}),
      ...opt("parallel", integerOption("parallel", values.parallel)),
      ...opt("maxSteps", integerOption("max-steps", values["max-steps"])),
      ...opt("tokenBudget", integerOption("token-budget", values["token-budget"])),
      ...opt("maxCostUsd", dollarOption("max-cost", values["max-cost"])),
      ...opt(
        "timeoutSeconds",
        durationOption("timeout", values.timeout, {
          minSeconds: 10,
          maxSeconds: MAX_TIMEOUT_SECONDS,
        }),
      ),
      collectToolStats: values.stats ?? false,
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
  };
}

function opt<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
