import type { CatalogEntry } from "../catalog/catalog-entry.ts";

export type DeferredListing = "summaries" | "names";

export interface ToolPromptSectionInput {
  /**
   * Loaded tools, in the order they are sent; omit when the prompt already describes them
   * (the explore prompt's tool guidance), and only the deferred listing is rendered.
   */
  loaded?: readonly { name: string; description: string }[];
  /** Tools found through search_tools, in tool-set order. */
  deferred: readonly CatalogEntry[];
  searchToolName: string;
  /** One line per tool with a short summary, or one line per category with names only. */
  listing: DeferredListing;
}

const SUMMARY_CHARS = 80;
/** Above this many deferred tools the prompt lists names only, to keep the prompt nearly flat. */
const SUMMARY_LISTING_LIMIT = 40;

/** One line per tool while that stays short; one line per category beyond. */
export function defaultListing(deferredCount: number): DeferredListing {
  return deferredCount > SUMMARY_LISTING_LIMIT ? "names" : "summaries";
}

/**
 * The system prompt's tool section under deferral: loaded tools with a one-line description,
 * then every deferred tool grouped by category, with the rule to search before using one.
 */
export function renderToolPromptSection(input: ToolPromptSectionInput): string {
  const lines = input.loaded
    ? ["## Tools", ...input.loaded.map((t) => `- ${t.name}: ${summary(t.description)}`), ""]
    : [];
  if (input.deferred.length === 0) return lines.join("\n").trim();
  lines.push(
    `## More tools (use ${input.searchToolName} first)`,
    `These tools exist but are not loaded yet. To use one, FIRST call ${input.searchToolName} ` +
      "with what you need; the tools it returns can be called from your next step on and stay " +
      "available for the rest of the conversation.",
  );
  for (const [category, entries] of groupByCategory(input.deferred)) {
    if (input.listing === "names") {
      lines.push(`- ${category}: ${entries.map((e) => e.name).join(", ")}`);
      continue;
    }
    lines.push(`${category}:`);
    for (const entry of entries) lines.push(`- ${entry.name}: ${summary(entry.description)}`);
  }
  return lines.join("\n");
}

function groupByCategory(entries: readonly CatalogEntry[]): Map<string, CatalogEntry[]> {
  const groups = new Map<string, CatalogEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.category) ?? [];
    group.push(entry);
    groups.set(entry.category, group);
  }
  return groups;
}

/** The first sentence, cut at a word boundary so the line stays one short line. */
function summary(description: string): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const sentence = flat.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? flat;
  if (sentence.length <= SUMMARY_CHARS) return sentence;
  const cut = sentence.slice(0, SUMMARY_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1))}…`;
}
