import { isProbablyReaderable, Readability } from "@mozilla/readability";
// The prebuilt worker bundle: the same DOM as linkedom's main entry, without its optional
// require("canvas"), so it runs unchanged in Node and in workerd.
import { parseHTML } from "linkedom/worker";
import { measureMarkup } from "./markup-shape.ts";

/**
 * Caps checked before any DOM is built, so hostile markup never reaches the parser or Readability,
 * and a time budget for the parse and Readability together. Readability's work grows with the
 * article's elements times their nesting (each container's subtree is re-read several times), so
 * no cheap count bounds it on every shape; the budget does (see withDeadline).
 */
/** The DOM Document type as Readability declares it (the Worker's types have no DOM lib). */
type ReadableDocument = Parameters<typeof isProbablyReaderable>[0];

export const EXTRACTION_LIMITS = {
  /** Pages larger than this are mostly inline scripts and data; the full text serves them. */
  maxBytes: 3_000_000,
  /** Long real pages (a long encyclopedia article) have some 20,000–30,000 elements. */
  maxTags: 30_000,
  /** Real pages nest some tens of elements deep, heavy app markup about a hundred. */
  maxDepth: 200,
  /** Parse and Readability together; past it the page's full text is used. */
  budgetMs: 400,
};

export interface ExtractionLimits {
  maxBytes: number;
  maxTags: number;
  maxDepth: number;
  budgetMs: number;
}

export interface Article {
  /** The main content as HTML, for the formatter. */
  html: string;
  byline?: string;
  published?: string;
  site?: string;
}

export type NoArticle =
  | "too_large"
  | "too_many_tags"
  | "too_deep"
  | "over_budget"
  | "not_readerable"
  | "no_article"
  | "failed";

/**
 * The page's main content, found by Mozilla's Readability (Firefox's reader view) over linkedom,
 * or why there is none. Readability makes its links absolute only against a document URL, which
 * linkedom has not: relative links stay relative and the formatter resolves them. Guarded: too large, too many tags or too deep
 * markup is not parsed at all; a page that does not read as an article (isProbablyReaderable,
 * Mozilla's own test for offering reader view, with its default thresholds) is not extracted;
 * any error inside the parser or Readability is caught.
 */
export function readArticle(
  html: string,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): { article: Article } | { none: NoArticle } {
  if (html.length > limits.maxBytes) return { none: "too_large" };
  const shape = measureMarkup(html, limits);
  if (shape.exceeded === "tags") return { none: "too_many_tags" };
  if (shape.exceeded === "depth") return { none: "too_deep" };
  const deadline = performance.now() + limits.budgetMs;
  try {
    const { document } = parseHTML(html);
    // linkedom's Document stands in for the DOM one Readability is typed against.
    const dom = document as unknown as ReadableDocument;
    if (performance.now() > deadline) return { none: "over_budget" };
    if (!isProbablyReaderable(dom)) return { none: "not_readerable" };
    const reader = new Readability(dom, { maxElemsToParse: limits.maxTags });
    const found = withDeadline(reader, deadline).parse();
    if (!found?.content) return { none: "no_article" };
    return {
      article: {
        html: found.content,
        ...(found.byline?.trim() ? { byline: found.byline.trim() } : {}),
        ...(found.publishedTime?.trim() ? { published: found.publishedTime.trim() } : {}),
        ...(found.siteName?.trim() ? { site: found.siteName.trim() } : {}),
      },
    };
  } catch (error) {
    if (error instanceof DeadlineExceeded) return { none: "over_budget" };
    // A page that breaks the parser or Readability is still read, in full.
    return { none: "failed" };
  }
}

class DeadlineExceeded extends Error {}

/**
 * Readability's inner steps, each at most one walk over a subtree: checking the clock before
 * each bounds the whole parse to the budget plus one such walk. They are Readability's own
 * (underscored) methods; a test on a page built to be slow proves they still are.
 */
const WATCHED = [
  "_getNextNode",
  "_getInnerText",
  "_getAllNodesWithTag",
  "_getNodeAncestors",
  "_getLinkDensity",
  "_getCharCount",
  "_getTextDensity",
  "_hasChildBlockElement",
  "_isElementWithoutContent",
  "_cleanStyles",
  "_forEachNode",
];

/**
 * Makes `reader` throw DeadlineExceeded once `deadline` (a performance.now() time) has passed.
 * In workerd the clock stands still during synchronous work, so there only the size, tag and
 * depth caps bound the time (and the Worker's own CPU limit).
 */
function withDeadline<T extends object>(reader: T, deadline: number): T {
  const methods = reader as unknown as Record<string, unknown>;
  for (const name of WATCHED) {
    const original = methods[name];
    if (typeof original !== "function") continue;
    methods[name] = function (this: unknown, ...args: unknown[]) {
      if (performance.now() > deadline) throw new DeadlineExceeded();
      return original.apply(this, args);
    };
  }
  return reader;
}
