// The prompt lists at most this many; ranking more would only be cut there.
import { MAX_PRIOR_RESEARCH } from "../prompts/research-context.ts";
import { plainTokens } from "../tools/catalog/tokenize.ts";
import { normalizeIdea } from "./idea-identity.ts";

// Words that say an idea is a product, not what it is about ("an app for…", "a platform…").
const GENERIC_IDEA_WORDS = new Set(["app", "platform", "base", "tool", "startup", "servic"]);
const FOLDER = /^(\d{4}-\d{2}-\d{2})-(.+)$/;

/**
 * Earlier explorations most related to the idea, as paths read_research accepts
 * ("<folder>/research.md", relative to ideas/). Relatedness is word overlap between the idea
 * and the folder's slug; ties go to the newest. Unrelated folders are still offered (newest
 * first) when there is room, so the model knows what exists.
 */
export function rankPriorResearch(
  idea: string,
  folders: string[],
  options: { limit?: number; exclude?: string } = {},
): string[] {
  const wanted = words(normalizeIdea(idea));
  const scored = folders
    .filter((f) => FOLDER.test(f) && f !== options.exclude)
    .map((folder) => {
      const slugWords = words(folder.replace(FOLDER, "$2").replace(/-/g, " "));
      const overlap = [...slugWords].filter((w) => wanted.has(w)).length;
      return { folder, score: overlap / Math.sqrt(slugWords.size || 1) };
    });
  scored.sort((a, b) => b.score - a.score || b.folder.localeCompare(a.folder));
  return scored.slice(0, options.limit ?? MAX_PRIOR_RESEARCH).map((s) => `${s.folder}/research.md`);
}

// The catalog's tokenizer (Porter stems, filler words dropped), accent-free so "café" meets
// the slug's "cafe": one notion of a word across the product.
function words(text: string): Set<string> {
  return new Set(plainTokens(text).filter((w) => !GENERIC_IDEA_WORDS.has(w)));
}
