import { SPAN_ATTRIBUTES as A, inSpan } from "../telemetry/spans.ts";
import type { CommitResult } from "./research-store.ts";

/**
 * A store's commit as the span `store.commit`: which store, the commit it landed (none when the
 * files were already there or the folder is no git repository) and how many files it holds.
 */
export function tracedCommit<T>(
  store: "local" | "github",
  commit: () => Promise<{ value: T; commit?: CommitResult }>,
): Promise<{ value: T; commit?: CommitResult }> {
  return inSpan("store.commit", { attributes: { [A.store]: store } }, async (span) => {
    const done = await commit();
    span.setAttributes({
      [A.commitSha]: done.commit?.commitSha,
      [A.files]: done.commit?.locations.length ?? 0,
    });
    return done;
  });
}
