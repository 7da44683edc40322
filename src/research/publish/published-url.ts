import { pairedParentheses } from "../../agent/citation-placeholder.ts";
/**
 * A URL as the product writes it into Markdown (a citation's target, a Sources entry), or
 * undefined when it must not be published: only absolute http(s) URLs without credentials
 * ("https://trusted.example@evil.example/" reads as the first host and goes to the second).
 *
 * After the host, every character a renderer would percent-encode in a link (markdown-it keeps
 * only letters, digits and ;/?:@&=+$,-_.!~*'()#%) is encoded already, so the URL reads back the
 * same from any renderer's href; so is "'", and so are parentheses unless they pair up one level
 * deep as in Wikipedia's "Mercury_(planet)" (an unpaired ")" would end the link), and the ";" of
 * anything that reads as a character reference ("&lt;" in a target is "<" to a renderer). Every
 * URL is compared and written in this one form, so a page and a link to it meet however either
 * was spelled.
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
  const origin = `${url.protocol}//${url.host}`;
  let rest = url.href
    .slice(origin.length)
    .replace(/[^A-Za-z0-9;/?:@&=+$,\-_.!~*()#%]/g, percentEncode);
  if (!pairedParentheses(rest)) rest = rest.replace(/[()]/g, percentEncode);
  return `${origin}${rest.replace(/&(#?[A-Za-z0-9]+);/g, "&$1%3B")}`;
}

const utf8 = new TextEncoder();

function percentEncode(char: string): string {
  return [...utf8.encode(char)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
    .join("");
}
