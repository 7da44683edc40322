import type { Token, Tokens } from "marked";
import { CITATION_PLACEHOLDER_TEXT } from "../../agent/citation-placeholder.ts";
import type { Atom } from "./atom.ts";
import { decodeEntities } from "./decode-entities.ts";
import { resolveUrlText } from "./resolve-url-text.ts";
import type { SanitizeContext } from "./sanitize-context.ts";

/** Link text that only numbers a citation ("[1]", "2", "[cite]"): the citation replaces it. */
const NUMBER_ONLY = /^\[?\d+\]?$/;

/**
 * marked's inline tokens as atoms: links to retrieved pages become their text and a citation,
 * other links their text, images their alt text, raw HTML its text; each removal is recorded.
 * Text is left unresolved for the caller (see resolveUrlText), so text that a removed link or
 * image splits apart is judged whole, as a renderer would read it.
 */
export function inlineAtoms(tokens: readonly Token[], ctx: SanitizeContext): Atom[] {
  return tokens.flatMap((token) => tokenAtoms(token, ctx));
}

function tokenAtoms(token: Token, ctx: SanitizeContext): Atom[] {
  const t = token as Tokens.Generic;
  switch (t.type) {
    case "text":
      return t.tokens ? inlineAtoms(t.tokens, ctx) : [{ text: decodeEntities(t.text).text }];
    case "escape":
      return [{ text: t.text }];
    case "html":
      ctx.removals.add("html", t.raw);
      return [{ text: t.raw }];
    case "codespan":
      // A span of spaces is written as nothing (see codeSpan), so it must not keep the text on
      // either side apart while that text is judged: "www." and "-x" would meet as "www.-x".
      return t.text.trim() === "" ? [{ text: " " }] : [{ code: t.text }];
    case "br":
      return [{ br: true }];
    case "em":
      return emphasis("*", t.tokens ?? [], ctx);
    case "strong":
      return emphasis("**", t.tokens ?? [], ctx);
    case "del":
      return emphasis("~~", t.tokens ?? [], ctx);
    case "link":
      return linkAtoms(token as Tokens.Link, ctx);
    case "image":
      ctx.removals.add("image", targetOf(token as Tokens.Image).href);
      return t.tokens?.length ? inlineAtoms(t.tokens, ctx) : [{ text: t.text ?? "" }];
    case "checkbox":
      return [];
    default:
      // A token this walker does not know is shown as the text it was written as.
      return [{ text: t.raw ?? "" }];
  }
}

function linkAtoms(link: Tokens.Link, ctx: SanitizeContext): Atom[] {
  const { href, readable } = targetOf(link);
  const citation = readable ? ctx.policy.citation(href) : undefined;
  if (!citation) {
    // GFM links a bare e-mail address as "mailto:"; the log names it for what was written.
    const email = link.autolink && !/^mailto:/i.test(link.text) && /^mailto:/i.test(href);
    if (email) ctx.removals.add("email", link.text);
    else ctx.removals.add(removalKind(href, link.autolink === true), href);
  }
  const cite: Atom[] = citation ? [{ syntax: citation }] : [];
  // An autolink's text is its URL: the citation (or nothing) stands for it.
  if (link.autolink) return cite;
  const inner = inlineAtoms(link.tokens, ctx);
  const label = inner
    .map((a) => ("text" in a ? a.text : ""))
    .join("")
    .trim();
  if (label === CITATION_PLACEHOLDER_TEXT || NUMBER_ONLY.test(label)) return cite;
  return [...inner, ...cite];
}

/** The target as renderers read it; unreadable when it holds a reference this code cannot decode. */
function targetOf(token: Tokens.Link | Tokens.Image): { href: string; readable: boolean } {
  // An autolink's target is literal (see marked's Tokens.Link).
  if ("autolink" in token && token.autolink) return { href: token.href, readable: true };
  const decoded = decodeEntities(token.href);
  return { href: decoded.text, readable: !decoded.unknown };
}

function removalKind(href: string, autolink: boolean): "link" | "autolink" | "scheme" {
  let protocol: string | undefined;
  try {
    protocol = new URL(href).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== undefined && protocol !== "http:" && protocol !== "https:") return "scheme";
  return autolink ? "autolink" : "link";
}

/**
 * Emphasis around its resolved content. Whitespace and trailing citations move outside the
 * delimiters (where they read the same), and emphasis left with nothing visible goes: "**" alone
 * could read as a thematic break or literal asterisks, and change on the next pass. Whether the
 * delimiters still read as emphasis where they land is for serializeInline to judge.
 */
function emphasis(
  delimiter: "*" | "**" | "~~",
  tokens: readonly Token[],
  ctx: SanitizeContext,
): Atom[] {
  const inner = resolveUrlText(inlineAtoms(tokens, ctx), ctx);
  const after: Atom[] = [];
  while (inner.length > 0) {
    const last = inner[inner.length - 1]!;
    if ("syntax" in last || "br" in last) after.unshift(inner.pop()!);
    else if ("text" in last && last.text.trim() === "") inner.pop();
    else break;
  }
  while (inner.length > 0) {
    const first = inner[0]!;
    if ("br" in first || ("text" in first && first.text.trim() === "")) inner.shift();
    else break;
  }
  if (inner.length === 0) return after;
  const first = inner[0]!;
  const last = inner[inner.length - 1]!;
  const lead = "text" in first ? (/^\s+/.exec(first.text)?.[0] ?? "") : "";
  const trail = "text" in last ? (/\s+$/.exec(last.text)?.[0] ?? "") : "";
  if ("text" in first) inner[0] = { text: first.text.slice(lead.length) };
  const end = inner[inner.length - 1]!;
  if ("text" in end)
    inner[inner.length - 1] = { text: end.text.slice(0, end.text.length - trail.length) };
  return [
    ...(lead ? [{ text: lead }] : []),
    { emphasis: delimiter, inner },
    ...(trail ? [{ text: trail }] : []),
    ...after,
  ];
}
