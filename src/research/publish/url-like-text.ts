/**
 * Text a renderer might turn into a link on its own, found in plain text (after entities are
 * decoded and escapes read). Renderers disagree on where such links start and end (marked links
 * "https://x" inside "xhttps://x", markdown-it links "//host", cmark-gfm links e-mail addresses
 * even through backslash escapes), so this finds a wider set than any of them, starting no later
 * than any of them would: anything with "scheme://", "www." anywhere (even alone), "//host",
 * "mailto:" and "xmpp:", and e-mail addresses. Trailing punctuation stays text, as GFM leaves it.
 */
export interface UrlLike {
  start: number;
  end: number;
  kind: "url" | "email";
  /** The http(s) URL it names, to judge against the retrieved pages; absent for the rest. */
  href?: string;
}

const SCHEME_URL = String.raw`[\p{L}][\p{L}\p{N}+.\-]*:\/\/[^\s<>]*`;
/** markdown-it links "mailto:" and cmark-gfm "xmpp:" followed by anything at all. */
const BARE_SCHEME = String.raw`(?:mailto|xmpp):[^\s<>]*`;
// cmark-gfm (GitHub) reads "www." in the raw text, before escapes: "www.\<img>" links "www.\"
// and leaves "<img>" as HTML. So "www." goes wherever it stands, whatever follows it.
const WWW = String.raw`www\.[^\s<>]*`;
const PROTOCOL_RELATIVE = String.raw`\/\/[^\s<>/][^\s<>]*`;
// linkify-it takes almost any character around the "@" ("#@", "x@===host.com"), so this does too.
const EMAIL = String.raw`[^\s<>@]+@[^\s<>@]*\.[^\s<>@]+`;
const CANDIDATE = new RegExp(
  // A URL first where both start: "https://medium.com/@name/a.html" is a URL, not an address.
  `${SCHEME_URL}|${BARE_SCHEME}|${WWW}|${PROTOCOL_RELATIVE}|(${EMAIL})`,
  "giu",
);

/** The first URL-like span of `text` at or after `from`, or undefined. */
export function nextUrlLike(text: string, from = 0): UrlLike | undefined {
  CANDIDATE.lastIndex = from;
  const match = CANDIDATE.exec(text);
  if (!match) return undefined;
  const start = match.index;
  if (match[1] !== undefined) {
    const email = trimTrailing(match[0]);
    return { start, end: start + email.length, kind: "email" };
  }
  const found = trimTrailing(match[0]);
  return { start, end: start + found.length, kind: "url", ...hrefOf(found) };
}

function hrefOf(found: string): { href?: string } {
  if (/^https?:\/\//i.test(found)) return { href: found };
  if (/^www\./i.test(found)) return { href: `http://${found}` };
  if (found.startsWith("//")) return { href: `https:${found}` };
  return {};
}

/** GFM's rule: trailing punctuation is not part of the link, nor a ")" that closes nothing. */
function trimTrailing(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (last !== undefined && ".,:;!?\"'*_~]}".includes(last)) end--;
    else if (last === ")" && count(url.slice(0, end), ")") > count(url.slice(0, end), "(")) end--;
    else break;
  }
  return url.slice(0, Math.max(end, 1));
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
