/** The request's fields as the HTTP API and MCP spell them (snake_case), where they differ. */
export const WIRE_NAMES: Readonly<Record<string, string>> = {
  continueFrom: "continue_from",
  collectToolStats: "collect_tool_stats",
  timeoutSeconds: "timeout_seconds",
  maxCostUsd: "max_cost_usd",
  webFetch: "web_fetch",
  maxFetches: "max_fetches",
  maxFetchesPerStep: "max_fetches_per_step",
  maxPageChars: "max_page_chars",
  fetchAllowHosts: "fetch_allow_hosts",
  fetchDenyHosts: "fetch_deny_hosts",
  checkClaims: "check_claims",
  checkModel: "check_model",
};

/** A body in wire names, with the request's own field names (other keys are left as they are). */
export function fromWireNames(body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const named: Record<string, unknown> = { ...body };
  for (const [field, wire] of Object.entries(WIRE_NAMES)) {
    if (!(wire in named)) continue;
    named[field] = named[wire];
    delete named[wire];
  }
  return named;
}
