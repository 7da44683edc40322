import { MAX_STORED_FILE_BYTES } from "../../store/research-files.ts";
import { StoreError } from "../../store/research-reader.ts";
import type { ResearchOutcome } from "./research-outcome.ts";

/** Kept free below the limit by the first cut, so one cut nearly always fits. */
const SLACK_BYTES = 4096;
const MAX_CUTS = 8;

/**
 * research.md as `render` makes it from `outcome`, cut to fit the store's file limit: a model
 * server may ignore the output limit, and a file over the store's limit, once committed, could
 * never be read back (every later run of the idea would fail). An oversized report keeps its
 * beginning up to a paragraph (or else a line) boundary, leaving room for the frontmatter, the
 * sources and anything an update builds on, and is marked truncated (see cutReport).
 * Deterministic, so a replay of the commit cuts at the same place.
 */
export function fitToStore(
  outcome: ResearchOutcome,
  render: (outcome: ResearchOutcome) => string,
  limit = MAX_STORED_FILE_BYTES,
): { outcome: ResearchOutcome; text: string } {
  let text = render(outcome);
  let over = Buffer.byteLength(text, "utf8") - limit;
  if (over <= 0) return { outcome, text };
  const report = Buffer.from(outcome.report, "utf8");
  let kept = report.length;
  for (let cut = 0; cut < MAX_CUTS; cut++) {
    kept = cutPoint(report, kept - over - SLACK_BYTES);
    if (kept <= 0) break;
    const fitted = cutReport(outcome, kept);
    text = render(fitted);
    over = Buffer.byteLength(text, "utf8") - limit;
    if (over <= 0) return { outcome: fitted, text };
  }
  throw new StoreError(
    `the research is too large to store even with its report cut short (the limit is ${limit} bytes per file); nothing was committed`,
  );
}

/** The outcome with only the report's first `keptBytes` bytes (a cut fitToStore chose). */
export function cutReport(outcome: ResearchOutcome, keptBytes: number): ResearchOutcome {
  const report = Buffer.from(outcome.report, "utf8");
  return {
    ...outcome,
    report: report.subarray(0, keptBytes).toString("utf8").trimEnd(),
    truncated: true,
    cutForSize: { reportBytes: report.length, keptBytes },
  };
}

/**
 * The largest end at or before `max` bytes that closes a paragraph, or else a line, within the
 * second half of `max`; failing both, a character boundary (a report of one huge line).
 */
function cutPoint(text: Buffer, max: number): number {
  if (max <= 0) return 0;
  const floor = Math.floor(max / 2);
  for (const boundary of ["\n\n", "\n"]) {
    const at = text.lastIndexOf(boundary, max - boundary.length);
    if (at >= floor) return at;
  }
  let at = max;
  while (at > 0 && ((text[at] ?? 0) & 0xc0) === 0x80) at--;
  return at;
}
