import { porterStem } from "./porter-stem.ts";

/**
 * Words as the ranker compares them: identifiers split (getWeather, get_weather → get weather),
 * lower-cased, filler words dropped, and Porter-stemmed so "execute", "executes", "execution"
 * and "executing" meet. The same function runs over the catalog and the query, so both sides
 * agree.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    // Single letters ("s" of "what's", "x") say nothing about which tool is meant.
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}

/** `tokenize`, accent-free: "café" in a title meets the "cafe" of a folder name. */
export function plainTokens(text: string): string[] {
  return tokenize(text.normalize("NFKD").replace(/\p{M}+/gu, ""));
}

/** The lower-cased words of a text, identifiers split, nothing dropped or stemmed. */
export function words(text: string): string[] {
  return splitIdentifiers(spellSymbols(text)).toLowerCase().match(WORD) ?? [];
}

/** Symbols that stand for a word in a request ("15% of", "$40"): spelled out, else lost. */
const SYMBOLS: Readonly<Record<string, string>> = {
  "%": "percent",
  $: "dollar",
  "€": "euro",
  "£": "pound",
  "¥": "yen",
};
const SYMBOL = /[%$€£¥]/g;

function spellSymbols(text: string): string {
  return text.replace(SYMBOL, (symbol) => ` ${SYMBOLS[symbol] ?? ""} `);
}

const WORD = /[\p{L}\p{N}]+/gu;

function splitIdentifiers(text: string): string {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/_/g, " ");
}

/**
 * Function words, the filler of a spoken request ("can you please help me", "I'd like to", "for
 * me", "quickly"), and words every tool request shares ("tool", "use"): they carry no signal about
 * which tool is meant, only noise in long paraphrased queries. Content words stay, even vague ones.
 */
const STOPWORDS = new Set(
  (
    "a about after all also am an and any anything are as at be been before being but by can " +
    "could did do does doing don for from give go going gonna got had has have he her here " +
    "hey hi him his how i id if im in into is it its ive just kind kindly lets let like ll me " +
    "maybe mine more most much my myself need needs of off ok okay on one only or our out over " +
    "please pls plz quick quickly re real really she should so some somebody someone something " +
    "sort stuff such than thank thanks that the their them then there these they thing things " +
    "this those through to too up us use used using ve very via wanna want wants was we were " +
    "what whatever when where whether which who why will with without would you your yours " +
    "tool tools able help"
  ).split(" "),
);

/**
 * Words Porter would merge with a different word, given the stem they keep instead: "news" is
 * not the plural of "new", the United States are not units, a business is not busy, excellent
 * is not Excel, an edition is not an edit, a merger is not a merged pull request, a publication
 * is not public, general and generic are not generate, and a recording is not a record. Seen pulling in wrong tools on ToolLens.
 */
const KEEP: ReadonlyMap<string, string> = new Map(
  (
    "news:news united:united business:business businesses:business excellent:excellent " +
    "excellence:excellent edition:edition editions:edition merger:merger mergers:merger " +
    "publication:publication publications:publication general:general generally:general " +
    "generic:generic quite:quite savings:savings recording:recording recordings:recording"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/** Stems already computed: a long query repeats words, and every search stems its query. */
const STEMS = new Map<string, string>();
const MAX_CACHED_STEMS = 50_000;

export function stem(word: string): string {
  const cached = STEMS.get(word);
  if (cached !== undefined) return cached;
  const stemmed = KEEP.get(word) ?? (/^\d/.test(word) ? word : agentNoun(porterStem(word)));
  if (STEMS.size >= MAX_CACHED_STEMS) STEMS.clear();
  STEMS.set(word, stemmed);
  return stemmed;
}

/**
 * Porter keeps "-er" after a one-syllable stem to protect words like "water" and "paper". Here
 * the agent nouns matter more ("browser"/"browse", "farmer"/"farming", "reader"/"read"), so
 * that "-er" goes too when four letters remain (a doubled last consonant undone: "planner").
 * Both the catalog and the query are stemmed alike, so the few extra merges ("number" with
 * "numb") cost little; short words ("paper", "order", "other") keep theirs.
 */
function agentNoun(stemmed: string): string {
  if (!stemmed.endsWith("er") || stemmed.length < 6) return stemmed;
  const base = stemmed.slice(0, -2);
  return /([b-df-hj-np-tv-z])\1$/.test(base) && !/(ll|ss|zz)$/.test(base)
    ? base.slice(0, -1)
    : base;
}
