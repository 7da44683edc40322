// Writes the page set (set/NAME.html and its label set/NAME.txt) from source/: each page's own
// parts, hand-written for this project, inside one of source/sites.ts's site chromes. The label
// is the part of the page marked as its main content (a page's `label`, else its `main`), as
// plain text: tags dropped, blocks on their own lines. `node eval/pages/make-pages.ts`.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodeHTML } from "entities";
import type { PageSpec } from "./source/page-spec.ts";
import { PAGES_A } from "./source/pages-a.ts";
import { PAGES_B } from "./source/pages-b.ts";
import { PAGES_C } from "./source/pages-c.ts";
import {
  blogSite,
  docsSite,
  forumSite,
  marketingSite,
  newsSite,
  type PageParts,
  plainSite,
  shopSite,
} from "./source/sites.ts";

const CHROME: Record<PageSpec["site"], (parts: PageParts) => string> = {
  newsSite,
  blogSite,
  docsSite,
  shopSite,
  marketingSite,
  forumSite,
  plainSite,
};

const SITE_NAMES: Record<PageSpec["site"], string> = {
  newsSite: "The Carrow Courier",
  blogSite: "Slow Workshop",
  docsSite: "Tern",
  shopSite: "Hearth & Field",
  marketingSite: "Ledgerly",
  forumSite: "Bakers' Bench",
  plainSite: "Parish of Lower Wend",
};

const SET = path.join(path.dirname(new URL(import.meta.url).pathname), "set");
mkdirSync(SET, { recursive: true });
const all = [...PAGES_A, ...PAGES_B, ...PAGES_C];
all.forEach((page, i) => {
  const name = `${String(i + 1).padStart(2, "0")}-${page.slug}`;
  const html = CHROME[page.site]({ ...page, site: page.siteName ?? SITE_NAMES[page.site] });
  writeFileSync(path.join(SET, `${name}.html`), html);
  writeFileSync(path.join(SET, `${name}.txt`), `${labelText(page.label ?? page.main)}\n`);
});
console.log(`wrote ${all.length} pages to ${path.relative(process.cwd(), SET)}`);

/** Plain text of a marked-up label: a simple tag strip, independent of the extractors measured. */
function labelText(html: string): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, "")
    .replace(
      /<\/?(p|div|h[1-6]|li|ul|ol|tr|table|pre|blockquote|figure|figcaption|section|form)\b[^>]*>/gi,
      "\n",
    )
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/t[dh]>/gi, " ")
    .replace(/<[^>]+>/g, "");
  return decodeHTML(text)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
