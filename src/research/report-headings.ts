/**
 * The words research.md's own headings and notes are written in (the report's are the model's).
 * English for now; a language's set is chosen by the document's `language` (issue 24).
 */
export interface ReportHeadings {
  sources: string;
  alsoConsulted: string;
  /** "Update" in "## Update - <date>". */
  update: string;
  /** The first part of a refresh's update section. */
  whatChanged: string;
  checks: string;
}

const ENGLISH: ReportHeadings = {
  sources: "Sources",
  alsoConsulted: "Also consulted",
  update: "Update",
  whatChanged: "What changed",
  checks: "Checks",
};

/** The headings for a document in `language` (a BCP 47 code such as "de"); English otherwise. */
export function reportHeadings(_language?: string): ReportHeadings {
  return ENGLISH;
}
