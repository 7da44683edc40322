/**
 * The hidden markers that tie a comment to a run: HTML comments, invisible on GitHub, in the
 * comments the intake writes. A claim records the newest comment id the run saw before claiming
 * (`after`), so every run can tell the claims made since then from stale ones; an outcome
 * records how the run ended, so a run resumed after a crash finds its own answer; "untrusted"
 * marks the one comment telling an issue that a maintainer must label it.
 */
export type IssueMarker =
  | { type: "claim"; run: string; after: number; over?: string }
  | { type: "outcome"; run: string; kind: OutcomeKind }
  | { type: "untrusted"; run: string };

export type OutcomeKind = "completed" | "duplicate" | "failed";

const PATTERN =
  /<!-- idea-explorer:(claim|outcome|untrusted) run=([\w-]{1,100})(?: after=(\d{1,20})(?: over=([\w-]{1,100}))?| kind=(completed|duplicate|failed))? -->/;

/** `over`: the run whose stale claim this one takes over (see claim-issue.ts). */
export function claimMarker(run: string, after: number, over?: string): string {
  return `<!-- idea-explorer:claim run=${run} after=${after}${over ? ` over=${over}` : ""} -->`;
}

export function outcomeMarker(run: string, kind: OutcomeKind): string {
  return `<!-- idea-explorer:outcome run=${run} kind=${kind} -->`;
}

export function untrustedMarker(run: string): string {
  return `<!-- idea-explorer:untrusted run=${run} -->`;
}

export function parseMarker(body: string): IssueMarker | undefined {
  const match = PATTERN.exec(body);
  if (!match) return undefined;
  const [, type, run, after, over, kind] = match;
  if (type === "claim" && after !== undefined) {
    return { type, run: run!, after: Number(after), ...(over ? { over } : {}) };
  }
  if (type === "untrusted" && after === undefined && kind === undefined) return { type, run: run! };
  if (type === "outcome" && kind !== undefined) {
    return { type, run: run!, kind: kind as OutcomeKind };
  }
  return undefined;
}
