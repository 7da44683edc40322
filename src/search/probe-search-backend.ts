import type { SearchBackend } from "./resolve-search-backend.ts";

export const SEARCH_PROBE_TIMEOUT_MS = 3_000;

/**
 * Before a run pays for the model: does the self-hosted search backend answer at all? Any HTTP
 * answer counts (the probe is about reachability, not about a query, which would cost a search).
 * Returns a warning line naming what to check, or undefined when it answered. Hosted backends
 * (Tavily, Brave) are not probed: a probe there would spend a search of the user's quota.
 */
export async function probeSearchBackend(
  backend: SearchBackend,
  timeoutMs = SEARCH_PROBE_TIMEOUT_MS,
): Promise<string | undefined> {
  if (!backend.probeUrl) return undefined;
  try {
    const response = await fetch(backend.probeUrl, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    await response.body?.cancel();
    return undefined;
  } catch {
    return `web search may fail: ${backend.label} did not answer within ${timeoutMs / 1000} s; check that it is running and that ${backend.setting} is right`;
  }
}
