import type { ResearchMode } from "../../config/explore-request.ts";
import { oneLine } from "../../config/one-line.ts";
import { MARKDOWN_LINK } from "../citations/citation-syntax.ts";
import { parseResearch } from "../research-document.ts";

const MAX_LINE = 240;
/** Sections of an exploration that are not directions. */
const NOT_DIRECTIONS = /^(most promising|sources|summary|overview|introduction|conclusion)/i;

/**
 * The research in at most three lines for an issue comment: a business analysis's verdict (its
 * decision and the reasons after it), or an exploration's directions by name and the one it
 * found most promising. Citation markers and links are reduced to their text.
 */
export function summarizeResearch(markdown: string, mode: ResearchMode): string[] {
  const body = parseResearch(markdown)?.body ?? markdown;
  const sections = h2Sections(body);
  if (mode === "business") {
    const verdict = sections.find((s) => /verdict/i.test(s.heading));
    if (verdict) return plainLines(verdict.text).slice(0, 3);
  } else {
    const directions = sections.filter((s) => !NOT_DIRECTIONS.test(s.heading));
    const promising = sections.find((s) => /^most promising/i.test(s.heading));
    if (directions.length > 0) {
      const names = directions.map((s) => s.heading.replace(/^\d+[.)]\s*/, ""));
      return [
        oneLine(`${names.length} directions: ${names.join(" · ")}`, MAX_LINE),
        ...(promising ? plainLines(promising.text).slice(0, 2) : []),
      ];
    }
  }
  return plainLines(body.replace(/^#\s.*$/m, "")).slice(0, 3);
}

function h2Sections(body: string): { heading: string; text: string }[] {
  const parts = body.split(/^##[ \t]+/m).slice(1);
  return parts.map((part) => {
    const newline = part.indexOf("\n");
    return {
      heading: plain(newline < 0 ? part : part.slice(0, newline)),
      text: newline < 0 ? "" : part.slice(newline + 1),
    };
  });
}

/** The non-empty lines of a section as plain text, list markers and headings dropped. */
function plainLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => plain(line.replace(/^\s*(?:[-*+]|\d+[.)]|#{1,6})\s+/, "")))
    .filter((line) => line !== "")
    .map((line) => oneLine(line, MAX_LINE));
}

function plain(text: string): string {
  return text
    .replace(/\[\[\d+\]\]\([^)\s]*\)/g, "")
    .replace(new RegExp(MARKDOWN_LINK.source, "g"), "$1")
    .replace(/\*\*|__/g, "")
    .replace(/[ \t]+([.,;:])/g, "$1")
    .trim();
}
