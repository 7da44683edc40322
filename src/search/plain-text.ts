import { decodeEntities } from "./html-entities.ts";

/**
 * Backends return snippets as HTML fragments (Brave wraps matches in <strong>, SearXNG engines
 * pass through markup and entities). The model and the Sources list want plain text.
 */
export function toPlainText(fragment: string): string {
  const text = fragment
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<\/?[a-z!][^>]*>/gi, "");
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}
