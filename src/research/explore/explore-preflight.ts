import type { ExploreRequest } from "../../config/explore-request.ts";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import { probeSearchBackend } from "../../search/probe-search-backend.ts";
import type { SearchBackend } from "../../search/resolve-search-backend.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import { claimCheckModel } from "../checks/model-judge-model.ts";
import { checkCostLimit } from "./cost-limit.ts";
import type { ExploreResult } from "./explore-workflow.ts";
import { checkRequestTargets } from "./prepare-exploration.ts";

export interface ExplorePreflightDeps {
  model: ResolvedModel;
  store: ResearchStore;
  /** The configured web search backend, if any; probed only when the run would search with it. */
  searchBackend?: SearchBackend | undefined;
  /** How the store is checked (default `store.verify()`): the CLI names --repo in its message. */
  verifyStore?: () => Promise<void>;
  /** False for a dry run, which searches nothing. */
  probeSearch?: boolean;
  /** Hears each warning as soon as it is known, so a surface can show it before the run. */
  onWarning?: (warning: string) => void;
}

/**
 * Everything about an explore request that can be judged before the first model call, the same
 * on every surface (CLI, API job, MCP tool): what must stop the run throws (ConfigError,
 * StoreError); what may only weaken it (a model id unlike the provider's, a search backend that
 * does not answer) comes back as warnings, one line each.
 */
export async function preflightExplore(
  request: ExploreRequest,
  deps: ExplorePreflightDeps,
): Promise<string[]> {
  const warnings: string[] = [];
  const warn = (warning: string) => {
    warnings.push(warning);
    deps.onWarning?.(warning);
  };
  if (deps.model.warning) warn(deps.model.warning);
  checkCostLimit(request, deps.model);
  claimCheckModel(request, deps.model);
  await (deps.verifyStore ?? (() => deps.store.verify()))();
  await checkRequestTargets(request, deps.store);
  const backend = searchBackendFor(deps.model, deps.searchBackend);
  if (backend && deps.probeSearch !== false) {
    const warning = await probeSearchBackend(backend);
    if (warning) warn(warning);
  }
  return warnings;
}

/** The backend a run searches with: none when the model searches on the provider's side. */
export function searchBackendFor(
  model: ResolvedModel,
  backend: SearchBackend | undefined,
): SearchBackend | undefined {
  return model.supportsServerWebSearch ? undefined : backend;
}

/** The result with the preflight's warnings first, ahead of the run's own. */
export function withPreflightWarnings(result: ExploreResult, preflight: string[]): ExploreResult {
  const warnings = [...preflight, ...(result.warnings ?? [])];
  return warnings.length ? { ...result, warnings } : result;
}
