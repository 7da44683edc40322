/** Request fields as the explore command's user knows them, for error messages. */
export const REQUEST_FLAG_NAMES: Record<string, string> = {
  mode: "--mode",
  model: "--model",
  context: "--context",
  continueFrom: "--continue-from",
  depth: "--depth",
  parallel: "--parallel",
  maxSteps: "--max-steps",
  tokenBudget: "--token-budget",
  timeoutSeconds: "--timeout",
  maxCostUsd: "--max-cost",
  webFetch: "--no-web-fetch",
  maxFetches: "--max-fetches",
  maxFetchesPerStep: "--max-fetches-per-step",
  maxPageChars: "--max-page-chars",
  fetchAllowHosts: "--fetch-allow-hosts",
  fetchDenyHosts: "--fetch-deny-hosts",
};
