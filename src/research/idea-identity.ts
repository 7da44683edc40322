import { createHash } from "node:crypto";

/** The longest slug we put in a folder name; long ideas are cut at a word boundary. */
export const MAX_SLUG_LENGTH = 60;

/**
 * The idea as a comparison key: Unicode-normalized, case-folded, punctuation dropped and
 * whitespace collapsed, so "Uber for dogs!" and "  uber FOR dogs " are the same idea. Emoji and
 * the "+" and "#" of names like C++ and C# are kept: "🐕 app" is not "🚀 app", nor C++ C.
 */
export function normalizeIdea(idea: string): string {
  return idea
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\p{Extended_Pictographic}+#]+/gu, " ")
    .trim();
}

/** A stable fingerprint of the normalized idea: detects duplicates without an LLM call. */
export function fingerprintIdea(idea: string): string {
  return createHash("sha256").update(normalizeIdea(idea)).digest("hex").slice(0, 16);
}

/**
 * A deterministic folder slug: ASCII letters, digits and single hyphens, at most
 * {@link MAX_SLUG_LENGTH} characters. Ideas with no Latin letters (for example all CJK) fall back
 * to "idea-<fingerprint prefix>" so the slug is never empty and still unique per idea.
 */
export function slugifyIdea(idea: string): string {
  const ascii = idea
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const slug = cutAtWord(ascii, MAX_SLUG_LENGTH);
  return slug.length >= 3 ? slug : `idea-${fingerprintIdea(idea).slice(0, 8)}`;
}

function cutAtWord(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > max / 2 ? cut.slice(0, lastHyphen) : slug.slice(0, max)).replace(/-+$/, "");
}

/** "2026-11-22" in UTC, the date that names a research folder. */
export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The folder that holds one exploration, relative to the repository root. */
export function ideaFolder(idea: string, at: Date): string {
  return `ideas/${isoDate(at)}-${slugifyIdea(idea)}`;
}
