import { placeholderPolicy } from "../publish/link-policy.ts";
import { type Removal, removedLinkTargets } from "../publish/removals.ts";
import { sanitizeMarkdown } from "../publish/sanitize-markdown.ts";
import type { Source } from "../source-links.ts";

/**
 * Leaves a run's report citing only pages a tool retrieved, each citation as a placeholder
 * right after the text it supports, and safe to publish: the report is rebuilt from its syntax
 * tree (sanitizeMarkdown). A link to a retrieved page (however it is spelled: inline, reference,
 * autolink, bare URL) becomes its text followed by the page's placeholder, a native placeholder
 * stays; a link to anything else is reduced to its text and a bare URL no tool returned is
 * dropped, so the report can never cite a page nobody retrieved (invented citations are the most
 * common complaint about research agents). Images become their alt text and raw HTML visible text.
 * `removed` lists the link targets taken out, first seen first; `removals` everything taken out.
 */
export function citeRetrieved(
  report: string,
  retrieved: readonly Source[],
): { text: string; removed: string[]; removals: Removal[] } {
  const { text, removed } = sanitizeMarkdown(report, placeholderPolicy(retrieved));
  return { text, removed: removedLinkTargets(removed), removals: removed };
}
