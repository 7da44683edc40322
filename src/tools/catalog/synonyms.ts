import { tokenize } from "./tokenize.ts";

/**
 * Groups of words that name the same capability in everyday language. Kept small and generic
 * (no tool names, no catalog wording): each group is a concept a person might express several
 * ways. A query word found in a group also searches the group's other words, at a discount, so
 * a direct match always outranks a synonym match.
 */
const GROUPS: readonly string[] = [
  "web internet online website site page url link browse",
  "browser navigate click",
  "search find look lookup query seek locate",
  "code script program programming snippet",
  "run execute launch invoke",
  "email mail inbox message",
  "calendar meeting event appointment schedule",
  "image picture photo pic drawing illustration",
  "draw generate create make produce",
  "weather forecast rain temperature sunny snow",
  "document doc note",
  "file folder directory disk",
  "delete remove erase discard",
  "rename move",
  "read open view show display load",
  "write save store put",
  "list enumerate show",
  "database db sql table",
  "spreadsheet excel sheet csv xlsx cell",
  "chart graph plot visualization",
  "math calculate compute arithmetic equation",
  "convert conversion",
  "translate translation language",
  "summarize summary digest condense",
  "paper academic scholarly article publication journal",
  "encyclopedia wikipedia",
  "news headline",
  "stock share ticker market",
  "money currency exchange",
  "audio sound recording speech voice",
  "transcribe transcript",
  "memory remember recall",
  "task todo reminder remind chore",
  "complete done finish",
  "cancel delete",
  "directions route drive navigation travel distance",
  "location address place coordinates map",
  "time clock date timezone",
  "screenshot capture snapshot",
  "commit history log",
  "repository repo git",
  "issue bug ticket",
  "pull pr merge",
  "comment reply respond",
  "slack chat channel team",
  "ocr scan",
  "pdf export",
  "form login fill",
  "reply answer respond",
  "close quit exit",
  "shell terminal command bash",
];

/** stemmed word → stemmed words that mean the same, built once from GROUPS. */
export const SYNONYMS: ReadonlyMap<string, readonly string[]> = buildSynonyms(GROUPS);

function buildSynonyms(groups: readonly string[]): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const group of groups) {
    const stems = [...new Set(tokenize(group))];
    for (const word of stems) {
      const related = map.get(word) ?? new Set<string>();
      for (const other of stems) if (other !== word) related.add(other);
      map.set(word, related);
    }
  }
  return new Map([...map].map(([word, related]) => [word, [...related].sort()]));
}
