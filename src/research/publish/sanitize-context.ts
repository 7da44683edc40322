import type { LinkPolicy } from "./link-policy.ts";
import type { RemovalList } from "./removals.ts";

/** What every step of sanitizing a report shares: which links may stay, and what was removed. */
export interface SanitizeContext {
  policy: LinkPolicy;
  removals: RemovalList;
}
