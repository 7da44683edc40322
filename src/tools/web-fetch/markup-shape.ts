import { VOID_ELEMENTS } from "./html-tokens.ts";

/** Elements a parser closes by itself when a sibling starts (`<p>a<p>b`, `<li>`, `<td>`). */
const SELF_ENDING = new Set([
  "p",
  "li",
  "dt",
  "dd",
  "td",
  "th",
  "tr",
  "thead",
  "tbody",
  "tfoot",
  "option",
  "optgroup",
  "colgroup",
  "rb",
  "rt",
  "rp",
]);
/** Whose content is text up to their own end tag, whatever `<` it holds. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "noscript", "template"]);

export interface MarkupShape {
  /** Start tags seen (up to the first limit exceeded). */
  tags: number;
  /** The deepest nesting of elements that must be closed explicitly. */
  depth: number;
  /** The first limit the markup went past, if any. */
  exceeded?: "tags" | "depth";
}

/**
 * A cheap, linear look at a page's markup before any DOM is built: how many start tags it has
 * and how deep its elements nest (counting only elements that need an end tag, so unclosed
 * `<p>` and `<li>` do not inflate it; `<!-- -->` and script or style text are skipped). It
 * stops as soon as either limit is passed. A DOM parser and Readability work in time that
 * grows with the element count, and some of Readability's checks with depth too, so this is
 * what keeps hostile markup (100,000 nested divs, thousands of unclosed tags) away from them.
 */
export function measureMarkup(
  html: string,
  limits: { maxTags: number; maxDepth: number },
): MarkupShape {
  let tags = 0;
  let depth = 0;
  let deepest = 0;
  let at = html.indexOf("<");
  while (at >= 0 && at < html.length) {
    if (html.startsWith("<!--", at)) {
      const end = html.indexOf("-->", at + 4);
      if (end < 0) break;
      at = html.indexOf("<", end + 3);
      continue;
    }
    const closing = html[at + 1] === "/";
    const nameStart = closing ? at + 2 : at + 1;
    let nameEnd = nameStart;
    while (nameEnd < html.length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    if (nameEnd === nameStart || !isLetter(html.charCodeAt(nameStart))) {
      at = html.indexOf("<", at + 1);
      continue;
    }
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    const tagEnd = html.indexOf(">", nameEnd);
    if (tagEnd < 0) break;
    if (closing) {
      if (!VOID_ELEMENTS.has(name) && !SELF_ENDING.has(name) && depth > 0) depth--;
      at = html.indexOf("<", tagEnd + 1);
      continue;
    }
    if (++tags > limits.maxTags) return { tags, depth: deepest, exceeded: "tags" };
    const selfClosed = html[tagEnd - 1] === "/";
    if (RAW_TEXT.has(name) && !selfClosed) {
      const close = findEndTag(html, name, tagEnd + 1);
      at = close < 0 ? -1 : html.indexOf("<", close + 1);
      continue;
    }
    if (!VOID_ELEMENTS.has(name) && !SELF_ENDING.has(name) && !selfClosed) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limits.maxDepth) return { tags, depth: deepest, exceeded: "depth" };
    }
    at = html.indexOf("<", tagEnd + 1);
  }
  return { tags, depth: deepest };
}

/** Where `</name` starts after `from`, any case; -1 when the element is never closed. */
function findEndTag(html: string, name: string, from: number): number {
  const end = new RegExp(`</${name}[\\s/>]`, "gi");
  end.lastIndex = from;
  return end.exec(html)?.index ?? -1;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isNameChar(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 45;
}
