import type { StepProgress } from "../../agent/agent-types.ts";
import {
  type JobProgress,
  LIVE_ITEMS,
  type LivePage,
  type LiveQuery,
} from "../../jobs/workflow.ts";
import type { ToolCallLog } from "../../tools/tool-call-log.ts";

const MAX_TEXT = 300;
const MAX_URL = 1_000;
const MAX_PLAN = 4_000;

type RunTotals = { inputTokens: number; outputTokens: number; costUsd: number | undefined };

/**
 * What a job's progress shows of a run beyond its step: each search as it is made, each page as
 * it is retrieved, tokens and cost so far (summed over the runs going on at once, by name), and,
 * in deep mode, the plan and the latest lines. Progress is stored on every write, so each list
 * keeps the latest LIVE_ITEMS only, and every text is cut to a bound.
 */
export function createLiveProgress(now: () => Date = () => new Date()) {
  const startedAt = now().toISOString();
  const queries: LiveQuery[] = [];
  const pages: LivePage[] = [];
  const lines: string[] = [];
  const seenPages = new Set<string>();
  const runs = new Map<string, RunTotals>();
  let queryCount = 0;
  let plan: string | undefined;

  return {
    /** A tool call ended: a web search is listed (with its result count when known). */
    toolCall(call: ToolCallLog): JobProgress {
      if (call.name !== "web_search" || !call.query) return { startedAt };
      queryCount += 1;
      keepLatest(queries, {
        query: bounded(call.query, MAX_TEXT),
        ok: call.ok,
        ...(call.ok && call.resultCount !== undefined ? { results: call.resultCount } : {}),
      });
      return { startedAt, queries: [...queries], queryCount };
    },

    /** A model call of the run named `run` ended: its new pages, and the totals of all runs. */
    step(progress: StepProgress, run = "research"): JobProgress {
      for (const source of progress.sources ?? []) {
        if (seenPages.has(source.url)) continue;
        seenPages.add(source.url);
        keepLatest(pages, {
          title: bounded(source.title, MAX_TEXT),
          url: source.url.slice(0, MAX_URL),
        });
      }
      runs.set(run, {
        inputTokens: progress.inputTokens,
        outputTokens: progress.outputTokens,
        costUsd: progress.costUsd,
      });
      const all = [...runs.values()];
      const priced = all.every((r) => r.costUsd !== undefined);
      return {
        startedAt,
        inputTokens: sum(all.map((r) => r.inputTokens)),
        outputTokens: sum(all.map((r) => r.outputTokens)),
        ...(priced ? { costUsd: sum(all.map((r) => r.costUsd ?? 0)) } : {}),
        pages: [...pages],
        pageCount: seenPages.size,
      };
    },

    /** A deep research line: the plan is kept whole, the others as the latest few. */
    message(step: string | undefined, text: string): JobProgress {
      if (step === "plan") plan = bounded(text, MAX_PLAN, true);
      else keepLatest(lines, bounded(text, MAX_TEXT));
      return { startedAt, lines: [...lines], ...(plan ? { plan } : {}) };
    },
  };
}

export type LiveProgress = ReturnType<typeof createLiveProgress>;

function keepLatest<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > LIVE_ITEMS) list.splice(0, list.length - LIVE_ITEMS);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Queries, titles and lines are the model's or the web's words: control characters and
 * bidirectional overrides (which hide text) are blanked, and the text is cut to `max`.
 */
function bounded(text: string, max: number, keepNewlines = false): string {
  const blanked = text.replace(
    keepNewlines
      ? /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
      : /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    " ",
  );
  return blanked.length > max ? `${blanked.slice(0, max - 1)}…` : blanked;
}
