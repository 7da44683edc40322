import { normalizeIdea } from "./idea-identity.ts";

/** How many earlier explorations the prompt offers; a store may hold thousands. */
export const PRIOR_RESEARCH_LIMIT = 15;

const STOPWORDS = new Set(
  "a an and app for from in into of on or platform the to tool with using that this based".split(
    " ",
  ),
);
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
  return scored
    .slice(0, options.limit ?? PRIOR_RESEARCH_LIMIT)
    .map((s) => `${s.folder}/research.md`);
}

function words(text: string): Set<string> {
  return new Set(
    text
      .split(/\s+/)
      .map(stem)
      .filter((w) => w.length > 1 && !STOPWORDS.has(w)),
  );
}

// Plural and -ing forms of the same word should still match ("dogs" ~ "dog", "walking" ~ "walk").
function stem(word: string): string {
  return word.replace(/(ing|ers|er|es|s)$/, "") || word;
}
