import { DEFAULT_LANGUAGE } from "../../config/report-language.ts";
import { documentLanguage, parseResearch } from "../research-document.ts";
import { detectLanguage } from "./detect-language.ts";

/**
 * The language a run's report is written in: the one the request names; for an update, the
 * language of the document it extends (English for one written before languages existed), so its
 * headings stay one language; otherwise the idea's own (its context helps a short idea).
 */
export function reportLanguage(
  request: { idea: string; context?: string | undefined; language?: string | undefined },
  updating?: string,
): string {
  if (request.language) return request.language;
  if (updating !== undefined) {
    return documentLanguage(parseResearch(updating)?.frontmatter) ?? DEFAULT_LANGUAGE;
  }
  return detectLanguage(`${request.idea}\n${request.context ?? ""}`);
}
