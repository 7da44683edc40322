import type { RunCost } from "../models/pricing.ts";
import type { ToolCallLog } from "../tools/tool-call-log.ts";
import type { ClaimCheckCounts } from "./checks/claim-checks.ts";
import type { LoggedClaim, ModelCheckSummary } from "./checks/claims-log.ts";
import type { CitationStats } from "./citations/citation-stats.ts";
import type { DeepRecord } from "./explore/deep/deep-record.ts";
import type { WebFetchSummary } from "./explore/web-fetch-summary.ts";
import type { Removal } from "./publish/removals.ts";
import type { Source } from "./source-links.ts";

/** One run of the agent on an idea, as exploration-log.json records it. */
export interface ExplorationLogEntry {
  jobId?: string;
  /** The GitHub issue the idea came from. */
  issue?: number;
  idea: string;
  mode: string;
  model: string;
  context?: string;
  isUpdate: boolean;
  continueFrom?: string;
  startedAt: string;
  endedAt: string;
  durationMs: number;
  steps: number;
  stoppedBy: string;
  /** Cut off at the output limit even after one continuation, or cut to fit the store. */
  truncated?: boolean;
  /** What the run cost in US dollars, by part, or `{ priced: false, reason }`. */
  cost?: RunCost;
  tokens: {
    input: number;
    output: number;
    total: number;
    cacheRead: number;
    cacheWrite: number;
    /** Output tokens spent thinking, when the server reports them (part of `output`). */
    reasoning?: number;
    /** Characters of reasoning kept out of the report (`<think>` blocks), when there was any. */
    reasoningChars?: number;
  };
  limits: { maxSteps: number; tokenBudget: number; maxOutputTokens: number };
  /** Every tool call with its timing and outcome; present when tool stats were collected. */
  toolCalls?: ToolCallLog[];
  /** Web searches the agent ran (server-side or through a backend) and what each returned. */
  searches: { query: string; resultCount?: number; ok: boolean }[];
  /** The web searches that failed and why; absent when none did. */
  searchFailures?: { query: string; errorType: string; error?: string }[];
  /** web_fetch's pages read and refusals by rule (see FetchProvenance); absent without calls. */
  webFetch?: WebFetchSummary;
  sources: Source[];
  /** How this run's report cites its sources (an update: its own section). */
  citations: CitationStats;
  /** How many of its citations the figure check found supported, not found, or with nothing to check. */
  checks?: ClaimCheckCounts;
  /** Every citation: its page's number in research.md, the sentence, the passage, the outcome. */
  claims?: LoggedClaim[];
  /** `--check-claims model`: the check model, its calls, tokens and cost (included in `cost`). */
  modelCheck?: ModelCheckSummary;
  /** Links the model wrote to pages no tool returned; they were unlinked in the report. */
  removedLinks?: string[];
  /**
   * Everything the publish sanitizer took out of research.md, by kind: links, autolinks and
   * URL-like text to pages no tool returned, other schemes, images, raw HTML, reference
   * definitions, e-mail addresses, pages whose URL cannot be published, and anything unsafe an
   * earlier version of the file held. The first 100 are listed; `removedUnlisted` counts the rest.
   */
  removed?: Removal[];
  removedUnlisted?: number;
  outputPath: string;
  /** Deep mode: the plan, and per sub-question its steps, tokens, cost, sources and outcome. */
  deep?: DeepRecord;
  /** A refresh (`refresh`): what it changed against the research it refreshed. */
  refresh?: RefreshRecord;
}

/** What a refresh changed, as exploration-log.json records it in the refresh run's entry. */
export interface RefreshRecord {
  /** YYYY-MM-DD: when the exploration was last researched before this refresh. */
  previousDate: string | null;
  /** The business analysis's verdict before and after (null in exploration mode or without one). */
  verdictBefore: string | null;
  verdictAfter: string | null;
  verdictChanged: boolean;
  /** Pages this refresh cites or retrieved that the document's Sources did not list, in its order. */
  newSources: string[];
}

/**
 * Appends an entry to the log's text, keeping earlier runs. A log that is not a JSON array (hand
 * edited, or a single object from an older tool) is kept as the first entry, never thrown away.
 */
export function appendLogEntry(existing: string | undefined, entry: ExplorationLogEntry): string {
  let entries: unknown[] = [];
  if (existing?.trim()) {
    try {
      const parsed: unknown = JSON.parse(existing);
      entries = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      entries = [{ unparsedLog: existing }];
    }
  }
  return `${JSON.stringify([...entries, entry], null, 2)}\n`;
}
