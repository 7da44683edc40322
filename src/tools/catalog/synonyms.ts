import { tokenize, words } from "./tokenize.ts";

/**
 * Everyday words for the same capability, the one place the ranker learns related words. Each
 * group is a concept a person asking an agent might express several ways: the common task verbs
 * (get, find, make, delete, list, change, send...) and the nouns of common tool domains. Words,
 * never tool names or catalog wording. A query word found in a group also searches the group's
 * other words, at a discount, so a direct match always outranks a synonym match. A word may sit
 * in several groups ("show" reads and lists); its related words are the union.
 *
 * "a b > c" is one-way: a and b each lead to c, but c leads to neither and a not to b. Topic
 * groups are written that way, so a specific word finds its general one ("rain" the weather)
 * without drifting sideways ("forecast" to snow, "English" to every other language).
 *
 * Left out on purpose, because in requests they mostly mean something else and pulled in the
 * wrong tools on ToolLens (see eval/tool-search): "address" (IP, e-mail), "code" (zip, country;
 * only a script leads to code), "market", "share", "store", "record" (medical records; only a
 * "recording" is audio), "free", "page", "study", "travel".
 */
export const SYNONYM_GROUPS: readonly string[] = [
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
  "send post notify ping message forward announce",
  "reply answer respond",
  "write save put keep",
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
  "web internet online website site webpage url link browse",
  "browser navigate click",
  "script program programming snippet",
  "script program programming snippet > code",
  "shell terminal command bash console",
  "email mail inbox mailbox message",
  "calendar meeting event appointment schedule agenda",
  "available availability busy slot",
  // Not "drawing": it stems to "draw", which would tie every image tool to a request to draw.
  "image picture photo pic illustration",
  "weather forecast",
  "rain sunny snow wind temperature > weather forecast",
  "cold hot warm chilly > temperature weather",
  "document doc note",
  "file folder directory disk",
  "database db sql table row column",
  "spreadsheet excel sheet csv xlsx cell",
  "chart graph plot visualization visualize diagram",
  "paper academic scholarly article publication journal literature scientific",
  "encyclopedia wikipedia",
  "news headline",
  "current now today latest recent currently",
  "stock ticker",
  "money currency exchange dollar euro yen",
  "mile kilometer meter feet inch kilogram kilo gram pound ounce liter gallon > unit",
  "audio sound recording speech voice",
  "speech speak say aloud voice narrate",
  "transcribe transcript",
  "task todo reminder remind chore",
  "directions route drive navigation distance commute",
  "location place coordinates map",
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
  "spanish french german italian japanese chinese korean portuguese russian arabic english > language",
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

/** stemmed word → stemmed words it leads to, built once from SYNONYM_GROUPS. */
export const SYNONYMS: ReadonlyMap<string, readonly string[]> = buildSynonyms(SYNONYM_GROUPS);

/** The stemmed words related to a stemmed query word (empty when it is in no group). */
export function relatedWords(term: string): readonly string[] {
  return SYNONYMS.get(term) ?? [];
}

/**
 * Words that frame a request rather than name a capability ("I'm planning a trip and would like
 * specific information, including…"), and the scheme and host fragments of a pasted URL. A
 * query is searched without them, unless they are all it has. On ToolLens they matched the few
 * tools that happen to use them ("plan", "provider", "com" of "WeatherAPI.com").
 */
const REQUEST_FRAMING = new Set(
  tokenize(
    "plan planning specific specifically provide information include including related " +
      "regarding interested focus focusing conduct conducting consider considering prepare " +
      "preparing may http https www com org net",
  ),
);

/**
 * A query's words for ranking: phrasal verbs rewritten to their meaning, then tokenized like the
 * catalog, request framing dropped (unless nothing else is left). Only the query side is
 * rewritten; catalog text is written plainly.
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
  const terms = tokenize(out.join(" "));
  const content = terms.filter((t) => !REQUEST_FRAMING.has(t));
  return content.length > 0 ? content : terms;
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

export function buildSynonyms(groups: readonly string[]): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  const relate = (from: readonly string[], to: readonly string[]) => {
    for (const word of from) {
      const related = map.get(word) ?? new Set<string>();
      for (const other of to) if (other !== word) related.add(other);
      map.set(word, related);
    }
  };
  for (const group of groups) {
    const [left = "", right] = group.split(">");
    const from = [...new Set(tokenize(left))];
    if (right === undefined) relate(from, from);
    else relate(from, [...new Set(tokenize(right))]);
  }
  return new Map([...map].map(([word, related]) => [word, [...related].sort()]));
}
