import { parseEnv } from "../../config/env.ts";
import { type ExploreRequest, parseExploreRequest } from "../../config/explore-request.ts";
import { formatUsd } from "../../models/pricing.ts";
import type { RefreshRecord } from "../../research/exploration-log.ts";
import { describeEstimate, estimateExploreCost } from "../../research/explore/cost-estimate.ts";
import { newExplorePayload } from "../../research/explore/explore-plan.ts";
import { preflightExplore } from "../../research/explore/explore-preflight.ts";
import { runExploreInline } from "../../research/explore/run-explore-inline.ts";
import {
  refreshRequestFor,
  type StaleExploration,
  staleExplorations,
} from "../../research/refresh/stale-explorations.ts";
import { resolveSearchBackend } from "../../search/resolve-search-backend.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import type { CliIo } from "../cli-io.ts";
import { resolveExploreTooling } from "../explore/explore-tooling.ts";
import { createProgressPrinter } from "../explore/progress-printer.ts";
import { REQUEST_FLAG_NAMES } from "../explore/request-flag-names.ts";
import { Interrupted, onStopSignal } from "../interrupted.ts";
import { oneLineError } from "../one-line-error.ts";
import { requireUsableStore } from "../require-usable-store.ts";
import { resolveCliModel } from "../resolve-cli-model.ts";
import { resolveStore } from "../resolve-store.ts";
import type { RefreshFlags } from "./refresh-options.ts";

/** What one exploration's refresh came to, as a line and as --json carries it. */
type Outcome =
  | {
      folder: string;
      status: "refreshed";
      path: string;
      lastResearched: string;
      ageDays: number;
      refresh?: RefreshRecord;
      costUsd?: number;
    }
  | { folder: string; status: "failed"; error: string };

/**
 * Refreshes the due explorations one after another, each through the explore workflow as an
 * update that knows it is a refresh: one in-flight run per idea (the idea lock), one commit
 * each. Everything that can be checked is checked before the first run (the limits, the model
 * and its key, the repository); one exploration's failure does not stop the others.
 */
export async function runRefresh(flags: RefreshFlags, io: CliIo): Promise<number> {
  // The limits are the same for every run: a mistake is one line naming the flag, before any work.
  const base = parseExploreRequest({ idea: "refresh", ...flags.request }, REQUEST_FLAG_NAMES);
  const env = parseEnv(io.env);
  const model = resolveCliModel(flags.model, env, {
    placeholderKey: flags.dryRun,
    onRequestRetry: (line) => io.stderr.write(`${line}\n`),
  });
  const search = model.supportsServerWebSearch ? undefined : resolveSearchBackend(env);
  const store = await resolveStore(flags.store, env, io.cwd);
  await requireUsableStore(store, flags.store);
  const due = await staleExplorations(store, { ...flags.pick, now: new Date() });
  const out = (line: string) => io.stdout.write(`${line}\n`);
  const age = `last researched ${flags.pick.olderThanDays} or more days ago`;

  if (flags.dryRun) {
    // A refresh is an update run: the limits bound it like any run, the same for each one.
    const estimate = due[0]
      ? describeEstimate(estimateExploreCost(refreshRequestFor(due[0], base), model))
      : undefined;
    if (flags.json) {
      out(
        JSON.stringify(
          {
            dryRun: true,
            olderThanDays: flags.pick.olderThanDays,
            explorations: due,
            costPerRefresh: estimate,
          },
          null,
          2,
        ),
      );
      return 0;
    }
    for (const e of due) out(`would refresh ${describe(e)}`);
    out(
      due.length
        ? `${count(due.length, "exploration")} ${age} would be refreshed; each: ${estimate}`
        : `Nothing to refresh: no exploration ${age}`,
    );
    return 0;
  }
  if (due.length === 0) {
    if (flags.json)
      out(JSON.stringify({ olderThanDays: flags.pick.olderThanDays, explorations: [] }, null, 2));
    else out(`Nothing to refresh: no exploration ${age}`);
    return 0;
  }

  const { tooling, close } = await resolveExploreTooling(flags.tooling, io);
  const outcomes: Outcome[] = [];
  try {
    for (const [i, e] of due.entries()) {
      const outcome = await refreshOne(e, i, due.length, {
        flags,
        io,
        base,
        deps: { store, model, search: search?.search, tooling },
        searchBackend: search,
      });
      outcomes.push(outcome);
      if (!flags.json) out(line(outcome, e));
    }
  } finally {
    await close();
  }
  const failed = outcomes.filter((o) => o.status === "failed").length;
  if (flags.json) {
    out(
      JSON.stringify({ olderThanDays: flags.pick.olderThanDays, explorations: outcomes }, null, 2),
    );
  } else out(summary(outcomes, age));
  return failed ? 1 : 0;
}

async function refreshOne(
  e: StaleExploration,
  index: number,
  total: number,
  context: {
    flags: RefreshFlags;
    io: CliIo;
    base: ExploreRequest;
    deps: Parameters<typeof runExploreInline>[1] & { store: ResearchStore };
    searchBackend: ReturnType<typeof resolveSearchBackend> | undefined;
  },
): Promise<Outcome> {
  const { flags, io, deps } = context;
  const write = (text: string) => io.stderr.write(`${text}\n`);
  const progress = createProgressPrinter(write);
  progress.phase(
    `Refreshing ${index + 1} of ${total}: ideas/${e.folder} (${e.ageDays} days since ${e.lastResearched}) with ${deps.model.modelId}`,
  );
  const abort = new AbortController();
  const stopListening = onStopSignal((signal) =>
    abort.abort(new Interrupted(signal, "the refresh under way committed nothing")),
  );
  try {
    const request = refreshRequestFor(e, context.base);
    await preflightExplore(request, {
      model: deps.model,
      store: deps.store,
      searchBackend: context.searchBackend,
      // Checked once for the whole command, and the search backend with the first run only.
      verifyStore: async () => {},
      probeSearch: index === 0,
      onWarning: (warning) => write(`warning: ${warning}`),
    });
    const result = await runExploreInline(
      newExplorePayload(request),
      {
        ...deps,
        onToolCall: progress.toolCall,
        onStep: progress.step,
        onDeepProgress: progress.phase,
        waitForIdea: flags.waitForIdea,
        onWaitForIdea: (holder) =>
          progress.phase(`Waiting: ${holder} is exploring this idea in this repository...`),
      },
      { announce: progress.phase, signal: abort.signal },
    );
    for (const note of result.notes ?? []) write(`note: ${note}`);
    for (const warning of result.warnings ?? []) write(`warning: ${warning}`);
    const cost = result.stats?.cost;
    const refresh = await loggedRefresh(deps.store, result.folder);
    return {
      folder: e.folder,
      status: "refreshed",
      path: result.url ?? result.path,
      lastResearched: e.lastResearched,
      ageDays: e.ageDays,
      ...(refresh ? { refresh } : {}),
      ...(cost?.priced ? { costUsd: cost.usd } : {}),
    };
  } catch (error) {
    // However the abort surfaced, the signal is the news: the remaining refreshes do not start.
    if (abort.signal.reason instanceof Interrupted) throw abort.signal.reason;
    return { folder: e.folder, status: "failed", error: oneLineError(error, io.env, io.redact) };
  } finally {
    stopListening();
  }
}

/** The refresh record of the exploration's last log entry: what the run just committed. */
async function loggedRefresh(
  store: ResearchStore,
  folder: string,
): Promise<RefreshRecord | undefined> {
  try {
    const entries: unknown = JSON.parse(
      (await store.readText(`${folder}/exploration-log.json`)) ?? "",
    );
    const last = Array.isArray(entries)
      ? (entries.at(-1) as { refresh?: RefreshRecord })
      : undefined;
    return last?.refresh;
  } catch {
    return undefined;
  }
}

function describe(e: StaleExploration): string {
  const verdict = e.verdict ? `, verdict: ${e.verdict}` : "";
  return `ideas/${e.folder} (${e.mode}${verdict}; last researched ${e.lastResearched}, ${count(e.ageDays, "day")} ago)`;
}

function line(outcome: Outcome, e: StaleExploration): string {
  if (outcome.status === "failed") return `failed ideas/${e.folder}: ${outcome.error}`;
  const r = outcome.refresh;
  const parts = [
    `${count(e.ageDays, "day")} since ${e.lastResearched}`,
    ...(r?.verdictChanged
      ? [`verdict: ${r.verdictBefore ?? "none"} → ${r.verdictAfter ?? "none"}`]
      : r?.verdictAfter
        ? [`verdict unchanged: ${r.verdictAfter}`]
        : []),
    ...(r ? [`${count(r.newSources.length, "new source")}`] : []),
    ...(outcome.costUsd !== undefined ? [formatUsd(outcome.costUsd)] : []),
  ];
  return `refreshed ${outcome.path} (${parts.join("; ")})`;
}

function summary(outcomes: Outcome[], age: string): string {
  const done = outcomes.filter((o) => o.status === "refreshed");
  const changed = done.filter((o) => o.refresh?.verdictChanged).length;
  const failed = outcomes.length - done.length;
  const spent = done.reduce((sum, o) => sum + (o.costUsd ?? 0), 0);
  const parts = [
    `${count(changed, "verdict")} changed`,
    ...(failed ? [`${failed} failed`] : []),
    ...(done.some((o) => o.costUsd !== undefined) ? [formatUsd(spent)] : []),
  ];
  return `Refreshed ${done.length} of ${count(outcomes.length, "exploration")} ${age} (${parts.join("; ")})`;
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
