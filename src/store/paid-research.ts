/**
 * What an issue's run paid the model for, kept in the ideas repository until that run's commit
 * lands, so that the next run of the same request (the issue relabelled after a failed commit,
 * or a killed runner's claim taken over) reads it back instead of paying again. Keyed by issue:
 * one stash per issue, for the request whose hash is `key`; a stash for another key is not read.
 */
export interface PaidResearchStash {
  /** Where it is kept, for messages ("refs/idea-explorer/paid-research/issue-7"). */
  where(issue: number): string;
  /** The step results saved for this issue and key, or undefined (none, or for another key). */
  load(issue: number, key: string): Promise<Record<string, unknown> | undefined>;
  /** Replaces the issue's stash with these step results. */
  save(issue: number, key: string, steps: Record<string, unknown>): Promise<void>;
  /** Deletes the issue's stash; one that is already gone is no failure. */
  drop(issue: number): Promise<void>;
}
