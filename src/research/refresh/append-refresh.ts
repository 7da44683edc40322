import { reportHeadings } from "../report-headings.ts";
import { appendUpdate, demoteHeadings, type ResearchDocument } from "../research-document.ts";
import { leadWithWhatChanged, withoutLeadingTitle } from "./what-changed.ts";

type UpdateInput = Parameters<typeof appendUpdate>[1];

/**
 * A refresh's "## Update - <date>" section: an update whose report starts with its What changed
 * part (see leadWithWhatChanged), and whose date is added to the frontmatter's `refreshed` list.
 * `updated` moves too, as after any update: it stays the day the document last changed.
 */
export function appendRefresh(doc: ResearchDocument, update: UpdateInput): ResearchDocument {
  const heading = reportHeadings(languageOf(doc, update)).whatChanged;
  const report = leadWithWhatChanged(demoteHeadings(withoutLeadingTitle(update.report)), heading);
  const updated = appendUpdate(doc, { ...update, report });
  const earlier = doc.frontmatter.refreshed;
  const refreshed = [...(Array.isArray(earlier) ? earlier : []), update.date];
  return { ...updated, frontmatter: { ...updated.frontmatter, refreshed } };
}

// The update's language when it names one, else the document's (English when neither does).
function languageOf(doc: ResearchDocument, update: UpdateInput): string | undefined {
  const named = (update as { language?: unknown }).language;
  const recorded = (doc.frontmatter as { language?: unknown }).language;
  const language = typeof named === "string" && named ? named : recorded;
  return typeof language === "string" && language ? language : undefined;
}
