import { ConfigError } from "../config/config-error.ts";
import { StoreError } from "../store/research-reader.ts";
import type { ResearchStore } from "../store/research-store.ts";
import type { StoreChoice } from "./resolve-store.ts";

/**
 * Checks the ideas repository before any work (a missing folder, a rejected token, a git
 * repository without an identity): a failure is a configuration error (exit 2), one line,
 * naming the folder as the user typed it rather than the absolute path it resolved to. A
 * repository that is only out of reach for now (network, GitHub 5xx, a rate limit) is not the
 * user's to fix: it stays a StoreError (exit 1).
 */
export async function requireUsableStore(store: ResearchStore, choice: StoreChoice) {
  try {
    await store.verify();
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    const message = choice.repo ? `--repo ${choice.repo}: ${first}` : `${first}`;
    if (error instanceof StoreError && error.transient) {
      throw new StoreError(message, {
        ...(error.status === undefined ? {} : { status: error.status }),
        rateLimited: error.rateLimited,
        unreachable: error.unreachable,
      });
    }
    throw new ConfigError(message);
  }
}
