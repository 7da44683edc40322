import { ConfigError } from "../../config/config-error.ts";
import type { Env } from "../../config/env.ts";
import type { ExploreRequest } from "../../config/explore-request.ts";
import { type PrivateAllowList, parsePrivateAllowList } from "../../net/private-allow-list.ts";
import type { Transport } from "../../net/transport.ts";
import type { FetchRules } from "../../tools/web-fetch/fetch-provenance.ts";

/**
 * web_fetch as the operator set it up for every run of this process (flags of the CLI, the
 * environment of serve, mcp and issues). A request can narrow it (fewer fetches, fewer hosts,
 * no fetch at all), never widen it.
 */
export interface WebFetchTooling {
  /** false: no web_fetch tool. */
  enabled?: boolean | undefined;
  maxFetches?: number | undefined;
  maxFetchesPerStep?: number | undefined;
  /** Characters of page text per web_fetch call (a longer page comes in parts). */
  maxPageChars?: number | undefined;
  allowHosts?: readonly string[] | undefined;
  denyHosts?: readonly string[] | undefined;
  /** Private targets: all of them (true) or the listed ones. Metadata addresses never. */
  allowPrivate?: boolean | PrivateAllowList | undefined;
  /**
   * What sends web_fetch's requests (default: node:http pinned to the checked addresses). A
   * deployment, not a user, sets it: the Cloudflare Worker gives fetchTransport.
   */
  transport?: Transport | undefined;
}

type FetchRequest = Pick<
  ExploreRequest,
  | "webFetch"
  | "maxFetches"
  | "maxFetchesPerStep"
  | "maxPageChars"
  | "fetchAllowHosts"
  | "fetchDenyHosts"
>;

/** The operator's settings from the environment (IDEA_EXPLORER_WEB_FETCH and kin). */
export function webFetchToolingFromEnv(env: Env): WebFetchTooling {
  return {
    enabled: env.IDEA_EXPLORER_WEB_FETCH !== "off",
    maxFetches: env.IDEA_EXPLORER_MAX_FETCHES,
    maxFetchesPerStep: env.IDEA_EXPLORER_MAX_FETCHES_PER_STEP,
    maxPageChars: env.IDEA_EXPLORER_MAX_PAGE_CHARS,
    allowHosts: env.IDEA_EXPLORER_FETCH_ALLOW_HOSTS,
    denyHosts: env.IDEA_EXPLORER_FETCH_DENY_HOSTS,
    allowPrivate: privateHosts(
      "IDEA_EXPLORER_PRIVATE_FETCH_HOSTS",
      env.IDEA_EXPLORER_PRIVATE_FETCH_HOSTS,
    ),
  };
}

/** Flags over the environment: each flag given replaces its variable (lists add up for deny). */
export function withFlags(base: WebFetchTooling, flags: WebFetchTooling): WebFetchTooling {
  const defined = Object.fromEntries(
    Object.entries(flags).filter(([, value]) => value !== undefined),
  ) as WebFetchTooling;
  return {
    ...base,
    ...defined,
    enabled: base.enabled !== false && flags.enabled !== false,
    denyHosts: [...(base.denyHosts ?? []), ...(flags.denyHosts ?? [])],
  };
}

/** A private allow-list as a flag or variable gives it; a bad entry is one line naming `where`. */
export function privateHosts(
  where: string,
  text: string | undefined,
): PrivateAllowList | undefined {
  if (text === undefined) return undefined;
  try {
    return parsePrivateAllowList(text);
  } catch (error) {
    throw new ConfigError(`${where}: ${(error as Error).message}`);
  }
}

/** Whether a run gets web_fetch, and under which rules: the narrower of operator and request. */
export function fetchRulesFor(
  tooling: WebFetchTooling | undefined,
  request: FetchRequest | undefined,
): { enabled: boolean; rules: FetchRules; maxPageChars: number | undefined } {
  const lowest = (a: number | undefined, b: number | undefined) =>
    a === undefined ? b : b === undefined ? a : Math.min(a, b);
  return {
    enabled: tooling?.enabled !== false && request?.webFetch !== false,
    maxPageChars: lowest(tooling?.maxPageChars, request?.maxPageChars),
    rules: {
      maxFetches: lowest(tooling?.maxFetches, request?.maxFetches),
      maxFetchesPerStep: lowest(tooling?.maxFetchesPerStep, request?.maxFetchesPerStep),
      allowHosts: [tooling?.allowHosts ?? [], request?.fetchAllowHosts ?? []],
      denyHosts: [...(tooling?.denyHosts ?? []), ...(request?.fetchDenyHosts ?? [])],
    },
  };
}
