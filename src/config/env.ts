import { z } from "zod";
import { ConfigError } from "./config-error.ts";
import { hostListSchema, splitHostList } from "./host-list.ts";
import { zodMessage } from "./zod-message.ts";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = () =>
  optionalText.refine((v) => v === undefined || isHttpUrl(v), {
    message: "must be an http(s) URL",
  });

/** A whole number from 1 to `max`. */
const optionalCount = (max: number) =>
  optionalText
    .refine((v) => v === undefined || (/^[1-9]\d*$/.test(v) && Number(v) <= max), {
      message: `must be a whole number from 1 to ${max}`,
    })
    .transform((v) => (v === undefined ? undefined : Number(v)));

const optionalHostList = optionalText.pipe(
  z.string().transform(splitHostList).pipe(hostListSchema).optional(),
);

/** Dollars per million tokens, as --price-in and --price-out take them. */
const optionalPrice = optionalText
  .refine((v) => v === undefined || /^\d+(\.\d+)?$/.test(v), {
    message: "must be a number of US dollars per million tokens, such as 3 or 0.25",
  })
  .transform((v) => (v === undefined ? undefined : Number(v)));

/** Every environment variable the product reads, parsed once at the edge. */
export const envSchema = z.object({
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: optionalUrl(),
  GITHUB_REPO: optionalText.refine((v) => v === undefined || /^[\w.-]+\/[\w.-]+$/.test(v), {
    message: "must look like owner/repo",
  }),
  GITHUB_TOKEN: optionalText,
  GITHUB_BRANCH: optionalText,
  GITHUB_API_URL: optionalUrl(),
  /** How long one GitHub request may wait for its answer, in ms (at most a timer's 2^31 - 1). */
  GITHUB_TIMEOUT_MS: optionalText
    .refine((v) => v === undefined || (/^[1-9]\d*$/.test(v) && Number(v) <= 2_147_483_647), {
      message: "must be a whole number of milliseconds from 1 to 2147483647",
    })
    .transform((v) => (v === undefined ? undefined : Number(v))),
  OPENAI_COMPATIBLE_API_KEY: optionalText,
  SEARXNG_URL: optionalText,
  TAVILY_API_KEY: optionalText,
  BRAVE_API_KEY: optionalText,
  IDEA_EXPLORER_API_TOKEN: optionalText,
  /** The label that puts a GitHub issue into intake (default "idea"); --label wins. */
  IDEA_EXPLORER_ISSUE_LABEL: optionalText,
  /**
   * Who may start an issue's paid run: "collaborators" (default) or "everyone"; --trust wins.
   * Checked where it is used (intake-trust.ts), so the message names it.
   */
  IDEA_EXPLORER_TRUST: optionalText,
  /** How old a claim is before another run takes it over (e.g. "60m"); --stale-after wins. */
  IDEA_EXPLORER_STALE_AFTER: optionalText,
  /** serve's refresh schedule when --refresh-every is not given, e.g. "7d" (checked by serve). */
  IDEA_EXPLORER_REFRESH_EVERY: optionalText,
  /** The secret GitHub signs webhook deliveries with (serve's POST /api/github/webhook). */
  GITHUB_WEBHOOK_SECRET: optionalText,
  /** Set by GitHub Actions: the run that claims an issue is named by its link. */
  GITHUB_SERVER_URL: optionalUrl(),
  GITHUB_REPOSITORY: optionalText,
  GITHUB_RUN_ID: optionalText.refine((v) => v === undefined || /^\d+$/.test(v), {
    message: "must be a number",
  }),
  /** Set by GitHub Actions: the event that started the run, and the file holding its payload. */
  GITHUB_EVENT_NAME: optionalText,
  GITHUB_EVENT_PATH: optionalText,
  /** The model `issues` explores with when --model is not given (a repository variable in Actions). */
  IDEA_EXPLORER_MODEL: optionalText,
  /** Each exploration's cost cap for `issues` when --max-cost is not given. */
  IDEA_EXPLORER_MAX_COST: optionalText
    .refine((v) => v === undefined || (/^\d+(\.\d+)?$/.test(v) && inDollarRange(Number(v))), {
      message: "must be a number of US dollars from 0.01 to 1000, such as 2",
    })
    .transform((v) => (v === undefined ? undefined : Number(v))),
  /** web_fetch for every exploration this process runs: "off" removes the tool. */
  IDEA_EXPLORER_WEB_FETCH: optionalText.refine(
    (v) => v === undefined || v === "on" || v === "off",
    { message: 'must be "on" or "off"' },
  ),
  IDEA_EXPLORER_MAX_FETCHES: optionalCount(100),
  IDEA_EXPLORER_MAX_FETCHES_PER_STEP: optionalCount(20),
  /** The most characters of page text one web_fetch call returns (a longer page comes in parts). */
  IDEA_EXPLORER_MAX_PAGE_CHARS: optionalCount(200_000),
  /** Comma-separated hosts: web_fetch reads only these (and their subdomains). */
  IDEA_EXPLORER_FETCH_ALLOW_HOSTS: optionalHostList,
  /** Comma-separated hosts web_fetch never reads. */
  IDEA_EXPLORER_FETCH_DENY_HOSTS: optionalHostList,
  /** Comma-separated private hosts and CIDR ranges web_fetch may read (parsed where it is used). */
  IDEA_EXPLORER_PRIVATE_FETCH_HOSTS: optionalText,
  /** The model check's model when a request names none (--check-model and check_model win). */
  IDEA_EXPLORER_CHECK_MODEL: optionalText,
  /** The model's price when no flag gives one (--price-in and --price-out win). */
  IDEA_EXPLORER_PRICE_IN: optionalPrice,
  IDEA_EXPLORER_PRICE_OUT: optionalPrice,
});

/** Variables that only make sense together. */
const envWithPairs = envSchema.refine(
  (env) =>
    (env.IDEA_EXPLORER_PRICE_IN === undefined) === (env.IDEA_EXPLORER_PRICE_OUT === undefined),
  {
    message:
      "IDEA_EXPLORER_PRICE_IN and IDEA_EXPLORER_PRICE_OUT go together: the model's dollars per million input and output tokens",
  },
);

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const known = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, source[key]]));
  const parsed = envWithPairs.safeParse(known);
  if (!parsed.success) throw new ConfigError(zodMessage(parsed.error));
  return parsed.data;
}

function inDollarRange(usd: number): boolean {
  return usd >= 0.01 && usd <= 1_000;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
