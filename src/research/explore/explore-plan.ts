import { randomUUID } from "node:crypto";
import type { ExploreRequest } from "../../config/explore-request.ts";

/** What a job carries: the validated request and when it was asked for (names the folder). */
export type ExplorePayload = {
  request: ExploreRequest;
  requestedAt: string;
  /** Identifies this run in exploration-log.json so a replayed commit replaces, not repeats. */
  runId: string;
  /**
   * The GitHub issue that asked for this exploration: its number goes into research.md's
   * frontmatter and exploration-log.json, and the commit says "Explore: <title> (#42)".
   */
  issue?: { number: number; title: string };
};

/** A new run of `request`, asked for now (the date names the folder). */
export function newExplorePayload(request: ExploreRequest, now = new Date()): ExplorePayload {
  return { request, requestedAt: now.toISOString(), runId: randomUUID() };
}

/** The prepare step's decision, persisted before any model call. */
export type ExplorePlan =
  | { action: "duplicate"; folder: string; researchPath: string }
  | {
      action: "explore";
      isUpdate: boolean;
      folder: string;
      date: string;
      fingerprint: string;
      /** read_research paths offered in the prompt, most related first. */
      priorResearch: string[];
      /** research.md this run builds on: the one being updated or the --continue-from one. */
      previous?: { path: string; content: string };
      /**
       * The language the report is written in (reportLanguage); absent in plans persisted before
       * languages existed, whose reports are English.
       */
      language?: string;
    };
