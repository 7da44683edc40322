import { tokenize, words } from "./tokenize.ts";

/**
 * Everyday words for the same capability, the one place the ranker learns related words. Each
 * group is a concept a person asking an agent might express several ways: the common task verbs
 * (get, find, make, delete, list, change, send...) and the nouns of common tool domains. Words,
 * never tool names or catalog wording. A query word found in a group also searches the group's
 * other words, at a discount, so a direct match always outranks a synonym match. A word may sit
 * in several groups ("show" reads and lists); its related words are the union.
 */
const GROUPS: readonly string[] = [
  // Task verbs.
  "get fetch retrieve download grab obtain pull",
  "read open view see display show load",
  "search find look lookup query seek locate discover",
  "create make add new build produce generate",
  "draw generate create make produce",
  "delete remove erase discard trash wipe purge",
  "cancel delete remove",
  "list enumerate show",
  "edit update change modify alter revise amend adjust tweak",
  "send post notify ping message share forward announce",
  "reply answer respond",
  "write save store put record keep",
  "run execute launch invoke",
  "convert conversion transform",
  "calculate compute math arithmetic evaluate",
  "solve equation algebra",
  "summarize summary shorten condense digest recap gist tldr",
  "translate translation language",
  "remember memorize recall memory forget preference",
  "complete done finish",
  "close quit exit",
  "resize shrink smaller larger bigger scale crop",
  // Nouns of common tool domains.
  "web internet online website site page webpage url link browse",
  "browser navigate click",
  "code script program programming snippet",
  "shell terminal command bash console",
  "email mail inbox mailbox message",
  "calendar meeting event appointment schedule agenda",
  "free available availability busy slot",
  // Not "drawing": it stems to "draw", which would tie every image tool to a request to draw.
  "image picture photo pic illustration",
  "weather forecast rain temperature sunny snow wind",
  "temperature cold hot warm chilly",
  "document doc note",
  "file folder directory disk",
  "database db sql table row column",
  "spreadsheet excel sheet csv xlsx cell",
  "chart graph plot visualization visualize diagram",
  "paper academic scholarly article publication journal literature scientific study",
  "encyclopedia wikipedia",
  "news headline",
  "current now today latest recent currently",
  "stock share ticker market",
  "money currency exchange dollar euro yen",
  "unit mile kilometer meter feet inch kilogram kilo gram pound ounce liter gallon",
  "audio sound recording speech voice",
  "speech speak say aloud voice narrate",
  "transcribe transcript",
  "task todo reminder remind chore",
  "directions route drive navigation travel distance commute",
  "location address place coordinates map",
  "time clock date timezone",
  "screenshot capture snapshot",
  "commit history log",
  "repository repo git codebase",
  "issue bug ticket",
  "pull pr merge",
  "comment reply respond",
  "slack chat channel",
  "ocr scan scanned",
  "pdf export",
  "form login fill",
  "language spanish french german italian japanese chinese korean portuguese russian arabic english",
];

/**
 * Phrasal verbs whose meaning is not in their words ("call off" is not calling), rewritten to
 * that meaning before tokenizing. A pronoun may sit between verb and particle ("cross it off").
 * Only pairs that are nearly always the phrasal verb: "sign in" is also "the sign in the photo".
 */
const PHRASES: readonly [verb: string, particle: string, meaning: string][] = [
  ["look", "up", "search"],
  ["call", "off", "cancel"],
  ["cross", "off", "complete"],
  ["tick", "off", "complete"],
  ["check", "off", "complete"],
  ["get", "rid", "delete"],
  ["throw", "away", "delete"],
  ["set", "up", "create"],
  ["write", "back", "reply"],
  ["out", "loud", "aloud"],
  ["turn", "into", "convert"],
  ["work", "out", "calculate"],
  ["figure", "out", "solve"],
  ["jot", "down", "write"],
  ["note", "down", "write"],
];
const PHRASE_STEMS = PHRASES.map(([verb, particle, meaning]) => ({
  verb: stemOf(verb),
  particle,
  meaning,
}));
const PARTICLES = new Set(PHRASES.map(([, particle]) => particle));
const PRONOUNS = new Set(["it", "them", "this", "that", "these", "those", "the"]);

/** stemmed word → stemmed words that mean the same, built once from GROUPS. */
export const SYNONYMS: ReadonlyMap<string, readonly string[]> = buildSynonyms(GROUPS);

/** The stemmed words related to a stemmed query word (empty when it is in no group). */
export function relatedWords(term: string): readonly string[] {
  return SYNONYMS.get(term) ?? [];
}

/**
 * A query's words for ranking: phrasal verbs rewritten to their meaning, then tokenized like the
 * catalog. Only the query side is rewritten; catalog text is written plainly.
 */
export function queryTerms(query: string): string[] {
  const raw = words(query);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const phrase = phraseAt(raw, i);
    if (phrase) {
      out.push(phrase.meaning);
      i = phrase.end;
    } else out.push(raw[i] ?? "");
  }
  return tokenize(out.join(" "));
}

function phraseAt(raw: string[], i: number): { meaning: string; end: number } | undefined {
  // Most words start no phrase: look for a particle before stemming anything.
  if (!PARTICLES.has(raw[i + 1] ?? "") && !PARTICLES.has(raw[i + 2] ?? "")) return undefined;
  const head = stemOf(raw[i]);
  for (const { verb, particle, meaning } of PHRASE_STEMS) {
    if (head !== verb) continue;
    if (raw[i + 1] === particle) return { meaning, end: i + 1 };
    if (PRONOUNS.has(raw[i + 1] ?? "") && raw[i + 2] === particle) return { meaning, end: i + 2 };
  }
  return undefined;
}

/** "crossed", "crossing" and "cross" start the same phrase; stopwords ("get") still compare. */
function stemOf(word: string | undefined): string {
  return word === undefined ? "" : (tokenize(word)[0] ?? word);
}

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
