/**
 * A URL as the product writes it into Markdown (a citation's target, a Sources entry), or
 * undefined when it must not be published: only absolute http(s) URLs without credentials
 * ("https://trusted.example@evil.example/" reads as the first host and goes to the second).
 *
 * The WHATWG serialization already percent-encodes spaces, quotes, angle brackets and control
 * characters; what it leaves that could end a Markdown link target or change what renderers read
 * is encoded too: "'", "|" (a table cell's edge), "\" (an escape), parentheses unless they pair up
 * one level deep as in Wikipedia's "Mercury_(planet)", and the ";" of anything that reads as a
 * character reference ("&lt;" in a target is "<" to a renderer). Every URL is compared and written
 * in this one form, so a page and a link to it meet however either was spelled.
 */
export function publishedUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password) return undefined;
  let href = url.href.replace(/['|\\\s<>"`]/g, percentEncode);
  if (!pairedOneDeep(href)) href = href.replace(/[()]/g, percentEncode);
  return href.replace(/&(#?[A-Za-z0-9]+);/g, "&$1%3B");
}

function percentEncode(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
}

/** Parentheses that open and close in pairs, none inside another (what citation-syntax reads). */
function pairedOneDeep(href: string): boolean {
  let depth = 0;
  for (const char of href) {
    if (char === "(") depth++;
    else if (char === ")") depth--;
    if (depth < 0 || depth > 1) return false;
  }
  return depth === 0;
}
