import path from "node:path";
import { parseEnv } from "../../config/env.ts";
import { type ExploreRequest, parseExploreRequest } from "../../config/explore-request.ts";
import { type ExplorePayload, newExplorePayload } from "../../research/explore/explore-plan.ts";
import {
  preflightExplore,
  withPreflightWarnings,
} from "../../research/explore/explore-preflight.ts";
import type { ExploreResult } from "../../research/explore/explore-workflow.ts";
import type { ResearchDeps } from "../../research/explore/research-exploration.ts";
import { resolveSearchBackend } from "../../search/resolve-search-backend.ts";
import type { CliIo } from "../cli-io.ts";
import { Interrupted, onStopSignal } from "../interrupted.ts";
import { requireUsableStore } from "../require-usable-store.ts";
import { resolveCliModel } from "../resolve-cli-model.ts";
import { resolveStore } from "../resolve-store.ts";
import { type ExploreFlags, readIdea } from "./explore-options.ts";
import { resolveExploreTooling } from "./explore-tooling.ts";
import { createProgressPrinter } from "./progress-printer.ts";
import { REQUEST_FLAG_NAMES } from "./request-flag-names.ts";
import { runSummary } from "./run-summary.ts";

/**
 * The explore command once its command line is parsed and is not --help: every input and setting
 * is checked before any work (the idea, the model and its key, the search backend, the
 * repository, the codebase, the MCP servers), then the exploration runs with progress on stderr
 * and the result on stdout. Loaded only then, with everything an exploration needs.
 */
export async function runExplore(flags: ExploreFlags, io: CliIo): Promise<number> {
  const request = parseExploreRequest(
    { idea: await readIdea(flags, io), ...flags.request },
    REQUEST_FLAG_NAMES,
  );
  const env = parseEnv(io.env);
  const model = resolveCliModel(flags.model, env, {
    placeholderKey: flags.dryRun,
    onRequestRetry: (line) => io.stderr.write(`${line}\n`),
  });
  const search = model.supportsServerWebSearch ? undefined : resolveSearchBackend(env);
  const store = await resolveStore(flags.store, env, io.cwd);
  // Shown as soon as known; --json also carries them in its result.
  const warnings = await preflightExplore(request, {
    model,
    store,
    searchBackend: search,
    verifyStore: () => requireUsableStore(store, flags.store),
    probeSearch: !flags.dryRun,
    onWarning: (warning) => io.stderr.write(`warning: ${warning}\n`),
  });
  // Last of the checks: it starts the MCP servers, which close() stops however the run ends.
  const { tooling, close } = await resolveExploreTooling(flags.tooling, io);
  try {
    return await explore(
      flags,
      io,
      { store, model, search: search?.search, tooling },
      request,
      warnings,
    );
  } finally {
    await close();
  }
}

async function explore(
  flags: ExploreFlags,
  io: CliIo,
  deps: Pick<ResearchDeps, "store" | "model" | "search" | "tooling">,
  request: ExploreRequest,
  preflightWarnings: string[],
): Promise<number> {
  const { store, model } = deps;
  const payload: ExplorePayload = newExplorePayload(request);
  // A dry run prints the plan: the agent loop and the commit code are not loaded for it.
  if (flags.dryRun) {
    const { printDryRun } = await import("./dry-run.ts");
    return printDryRun(payload, deps, io, flags.json);
  }
  const { runExploreInline } = await import("../../research/explore/run-explore-inline.ts");

  const write = (line: string) => io.stderr.write(`${line}\n`);
  const progress = createProgressPrinter(write);
  const depth = request.depth === "deep" ? " (deep research)" : "";
  progress.phase(
    `Exploring in ${request.mode} mode${depth} with ${model.modelId} (${store.description})`,
  );
  const abort = new AbortController();
  const stopListening = onStopSignal((signal) =>
    abort.abort(new Interrupted(signal, "nothing was committed")),
  );
  try {
    const result = await runExploreInline(
      payload,
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
    printResult(result, flags, io, preflightWarnings);
    return 0;
  } catch (error) {
    // However the abort surfaced (a cancelled model call, a lock wait), the signal is the news.
    if (abort.signal.reason instanceof Interrupted) throw abort.signal.reason;
    throw error;
  } finally {
    stopListening();
  }
}

function printResult(
  result: ExploreResult,
  flags: ExploreFlags,
  io: CliIo,
  preflightWarnings: string[],
): void {
  for (const note of result.notes ?? []) io.stderr.write(`note: ${note}\n`);
  const shown = result.url ?? localPath(result.path, flags.store.repo);
  if (result.status === "duplicate") {
    io.stderr.write(
      `Already explored: ${shown} (use --update to add to it, or --force for a new exploration)\n`,
    );
  } else {
    const verb = result.status === "updated" ? "Updated" : "Wrote";
    io.stderr.write(`${verb} ${shown}${runSummary(result)}\n`);
  }
  // Last on stderr, where a user looks when the run ends (the preflight's were shown before it).
  for (const warning of result.warnings ?? []) io.stderr.write(`warning: ${warning}\n`);
  const json = JSON.stringify(withPreflightWarnings(result, preflightWarnings), null, 2);
  io.stdout.write(flags.json ? `${json}\n` : `${shown}\n`);
}

// Shown as the user typed --repo, so a relative repo stays relative and no host path leaks.
function localPath(repoPath: string, repo: string | undefined): string {
  return repo ? path.join(repo, repoPath) : repoPath;
}
