import type { PageParts } from "./sites.ts";

/** One page of the set: its site's chrome, its own parts, and what its label holds. */
export interface PageSpec extends Omit<PageParts, "site"> {
  slug: string;
  /** Which chrome (a function of sites.ts) wraps the page. */
  site:
    | "newsSite"
    | "blogSite"
    | "docsSite"
    | "shopSite"
    | "marketingSite"
    | "forumSite"
    | "plainSite";
  /** The site's name; defaults to one per kind of site. */
  siteName?: string;
  /** The label's HTML when it is not `main` itself (a forum thread's posts without user names). */
  label?: string;
}
