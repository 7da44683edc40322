import { ConfigError } from "../config/config-error.ts";
import type { ResearchStore } from "../store/research-store.ts";
import type { StoreChoice } from "./resolve-store.ts";

/**
 * Checks the ideas repository before any work (a missing folder, a rejected token, a git
 * repository without an identity): a failure is a configuration error (exit 2), one line,
 * naming the folder as the user typed it rather than the absolute path it resolved to.
 */
export async function requireUsableStore(store: ResearchStore, choice: StoreChoice) {
  try {
    await store.verify();
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    throw new ConfigError(choice.repo ? `--repo ${choice.repo}: ${message}` : `${message}`);
  }
}
