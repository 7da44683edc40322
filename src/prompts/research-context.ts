import { validateResearchPath, withoutIdeasPrefix } from "../tools/research-path.ts";
import { fenceUntrusted } from "../tools/untrusted-text.ts";

/** At most this many earlier explorations are listed; a repository may hold thousands. */
export const MAX_PRIOR_RESEARCH = 20;
/** Previous research longer than this is cut (with a note) so one file cannot fill the context. */
export const MAX_PREVIOUS_RESEARCH_CHARS = 60_000;

/**
 * The path read_research accepts for an earlier exploration, or undefined. Callers give
 * "<folder>/research.md"; a bare folder name or an "ideas/" prefix is tolerated and
 * normalized, because a listed path the tool then refuses wastes the model's first step.
 */
export function toReadResearchPath(entry: string): string | undefined {
  let path = withoutIdeasPrefix(entry.trim()).replace(/\/+$/, "");
  if (!path.endsWith(".md")) path = `${path}/research.md`;
  return validateResearchPath(path).ok ? path : undefined;
}

/** The "Earlier research" list, in the order given (the caller ranks), capped. */
export function renderPriorResearch(entries: readonly string[], canRead: boolean): string {
  if (!canRead) return "";
  const paths = [...new Set(entries.map(toReadResearchPath).filter((p) => p !== undefined))];
  if (paths.length === 0) return "";
  const shown = paths.slice(0, MAX_PRIOR_RESEARCH);
  const more = paths.length - shown.length;
  return [
    "## Earlier research",
    "Earlier explorations in this repository, most related first. Read one with read_research " +
      "and exactly this path when it bears on the idea; skip the unrelated ones.",
    ...shown.map((p) => `- ${p}`),
    ...(more > 0 ? [`(${more} more not listed)`] : []),
  ].join("\n");
}

/**
 * The research this run builds on (--continue-from, or the exploration being updated),
 * fenced as data: it came from the repository and is not instructions.
 */
export function renderPreviousResearch(
  previous: { path: string; content: string } | undefined,
  isUpdate: boolean,
  /** An update's task in place of the plain one (a refresh's, see refreshTask). */
  updateTask?: string,
): string {
  if (!previous) return "";
  const shown = withoutIdeasPrefix(previous.path);
  const cut = previous.content.length > MAX_PREVIOUS_RESEARCH_CHARS;
  const content = cut ? previous.content.slice(0, MAX_PREVIOUS_RESEARCH_CHARS) : previous.content;
  const task = isUpdate
    ? (updateTask ??
      "This run UPDATES it: report what is new or different since it was written (new " +
        "competitors, changed numbers, events); do not repeat what it already says.")
    : "This run CONTINUES it: go deeper where it was thin and take it further; do not repeat it.";
  return [
    `## Previous research (${shown})`,
    task,
    fenceUntrusted(
      { kind: "stored research", from: shown },
      cut ? `${content}\n[... cut here: the rest of the file is not shown]` : content,
    ),
  ].join("\n");
}
