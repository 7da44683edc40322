/**
 * The Checks section as the page shows it: a heading, a legend for the marks in the report, the
 * section's own introduction, and its items, each sentence quoted as text with its citation
 * linked to the page the Sources list gives that number (never to a URL the item itself names).
 * Everything from the file is escaped: this HTML is built, not rendered from Markdown.
 */
import type { Source } from "../../research/source-links.ts";
import { escapeHtml, linkHtml } from "../html-escape.ts";
import type { CheckItem, ChecksSection } from "./checks-section.ts";

export function checksHtml(checks: ChecksSection, numbered: readonly Source[]): string {
  const intro = checks.intro.map((text) => `<p>${escapeHtml(text)}</p>\n`).join("");
  const items = checks.items.map((item) => `<li>${itemHtml(item, numbered)}</li>\n`).join("");
  const more = checks.more
    ? `<p>…and ${checks.more.toLocaleString("en")} more, listed in research.md.</p>\n`
    : "";
  return (
    `<section id="report-checks" class="report-checks" aria-labelledby="report-checks-heading">\n` +
    `<h2 id="report-checks-heading">Checks</h2>\n` +
    `${intro}<p class="checks-legend"><mark class="claim-unchecked">Marked sentences</mark> in ` +
    `the report are the ones listed here: hover over one, or read its line below, for what was ` +
    `not found.</p>\n<ul>\n${items}</ul>\n${more}</section>\n`
  );
}

function itemHtml(item: CheckItem, numbered: readonly Source[]): string {
  if (item.sentence === undefined) return escapeHtml(item.reason);
  const markers = item.sources.map((n) => {
    const source = numbered[n - 1];
    return source ? linkHtml(source.url, `[${n}]`) : escapeHtml(`[${n}]`);
  });
  const cited = markers.length ? ` ${markers.join("")}` : "";
  return `“${escapeHtml(item.sentence)}”${cited} — ${escapeHtml(item.reason)}`;
}

/** The mark's title: the source's number and why, e.g. "[3] not in the source: $4.2 billion". */
export function claimTitle(item: CheckItem): string {
  const sources = item.sources.map((n) => `[${n}]`).join("");
  return `${sources} ${item.reason}`.trim().slice(0, 300);
}
