import type { CatalogEntry, CatalogHit } from "./catalog-entry.ts";
import { queryTerms, relatedWords } from "./synonyms.ts";
import { tokenize } from "./tokenize.ts";

export type FieldKey = "name" | "aliases" | "category" | "description" | "parameters" | "usage";

/** One way of weighing matches (BM25F settings plus query expansion). */
export interface RankerProfile {
  /** BM25 term-frequency saturation. */
  k1: number;
  /** Per field: its weight in the summed term frequency, and its length normalisation b. */
  fields: Readonly<Record<FieldKey, { weight: number; b: number }>>;
  /** A synonym (see synonyms.ts) match is worth this share of the word itself. */
  synonymWeight: number;
  /** A query word missing from the catalog matches catalog words it starts, at this share (0: off). */
  prefixWeight: number;
  minPrefixLength: number;
}

/**
 * How the ranker weighs what it finds; DEFAULT_RANKER_SETTINGS is what search_tools uses. A query
 * of a few words names a capability ("database tables"), and a tool's name says most about it; a
 * longer one is a request that describes a situation ("…the weather at latitude 48.85 for my trip
 * on May 26th"), and a tool's parameters (latitude, IP address, date) say most. So the two are
 * weighed apart: `phrase` below `requestTerms` query words, `request` from there on.
 */
export interface RankerSettings {
  phrase: RankerProfile;
  request: RankerProfile;
  /** Query words (after stopwords and request framing) from which a query is a request. */
  requestTerms: number;
}

/**
 * BM25F over an entry's fields (Robertson & Zaragoza): term frequencies are length-normalised
 * per field, weighted, summed, then saturated once, so a word repeated across fields helps but
 * cannot dominate. `phrase` was tuned on this project's labelled sets (eval/tool-search), which
 * are short; `request` on the tuning part of ToolLens (public, mostly long requests) and checked
 * on its held-out part, see `npm run eval:tools`.
 */
export const DEFAULT_RANKER_SETTINGS: RankerSettings = {
  phrase: {
    k1: 1.2,
    fields: {
      name: { weight: 3, b: 0.3 },
      aliases: { weight: 2.5, b: 0.3 },
      category: { weight: 2, b: 0.3 },
      description: { weight: 1, b: 0.75 },
      parameters: { weight: 0.6, b: 0.75 },
      usage: { weight: 0.3, b: 0.75 },
    },
    synonymWeight: 0.5,
    prefixWeight: 0.6,
    minPrefixLength: 3,
  },
  request: {
    k1: 1.2,
    fields: {
      name: { weight: 0.75, b: 1 },
      aliases: { weight: 0.75, b: 0.3 },
      category: { weight: 1, b: 0.3 },
      description: { weight: 0.5, b: 0.5 },
      parameters: { weight: 4, b: 0.3 },
      usage: { weight: 1, b: 1 },
    },
    synonymWeight: 0.4,
    prefixWeight: 0.8,
    minPrefixLength: 5,
  },
  requestTerms: 6,
};

const FIELD_KEYS: readonly FieldKey[] = [
  "name",
  "aliases",
  "category",
  "description",
  "parameters",
  "usage",
];

/**
 * One index word's documents, with each document's saturated BM25F term weight (0..1) under
 * each profile ([phrase, request]).
 */
interface Posting {
  docs: Int32Array;
  weights: readonly [Float64Array, Float64Array];
  idf: number;
}

export interface CatalogIndex {
  readonly entries: readonly CatalogEntry[];
  readonly settings: RankerSettings;
  readonly postings: ReadonlyMap<string, Posting>;
  readonly vocabulary: readonly string[];
  readonly nameKeys: readonly string[][];
  readonly categoryKeys: readonly string[];
  /** The most words in any name, alias or category key. */
  readonly longestKey: number;
  /** Scratch space for rank(), one slot per entry, reused so a search allocates little. */
  readonly scratch: {
    score: Float64Array;
    covered: Float64Array;
    best: Float64Array;
    bestWeight: Float64Array;
  };
}

export function buildIndex(
  entries: readonly CatalogEntry[],
  settings: RankerSettings = DEFAULT_RANKER_SETTINGS,
): CatalogIndex {
  const perDoc = entries.map((entry) => fieldTexts(entry).map(tokenize));
  const n = Math.max(entries.length, 1);
  const averages = FIELD_KEYS.map(
    (_, i) => perDoc.reduce((sum, doc) => sum + (doc[i]?.length ?? 0), 0) / n || 1,
  );
  // Per word: the documents holding it and, per document, its count in each field.
  const raw = new Map<string, { docs: number[]; counts: number[][] }>();
  perDoc.forEach((doc, d) => {
    const counts = new Map<string, number[]>();
    doc.forEach((terms, i) => {
      for (const t of terms) {
        const row = counts.get(t) ?? FIELD_KEYS.map(() => 0);
        row[i] = (row[i] ?? 0) + 1;
        counts.set(t, row);
      }
    });
    for (const [t, row] of counts) {
      const list = raw.get(t) ?? { docs: [], counts: [] };
      list.docs.push(d);
      list.counts.push(row);
      raw.set(t, list);
    }
  });
  const saturated = (profile: RankerProfile, doc: number, row: number[]) => {
    let tf = 0;
    FIELD_KEYS.forEach((k, i) => {
      const count = row[i] ?? 0;
      const field = profile.fields[k];
      if (count === 0 || field.weight === 0) return;
      const length = perDoc[doc]?.[i]?.length ?? 0;
      tf += (field.weight * count) / (1 - field.b + field.b * (length / (averages[i] ?? 1)));
    });
    return tf / (profile.k1 + tf);
  };
  const nameKeys = entries.map((e) => [e.name, ...(e.aliases ?? [])].map(key));
  const categoryKeys = entries.map((e) => key(e.category));
  const postings = new Map<string, Posting>();
  for (const [term, { docs, counts }] of raw) {
    const weigh = (profile: RankerProfile) =>
      Float64Array.from(docs, (doc, i) => saturated(profile, doc, counts[i] ?? []));
    postings.set(term, {
      docs: Int32Array.from(docs),
      weights: [weigh(settings.phrase), weigh(settings.request)],
      idf: idf(entries.length, docs.length),
    });
  }
  return {
    entries,
    settings,
    postings,
    vocabulary: [...postings.keys()].sort(),
    nameKeys,
    categoryKeys,
    longestKey: Math.max(
      0,
      ...[...nameKeys.flat(), ...categoryKeys].map((k) => k.split(" ").length),
    ),
    scratch: {
      score: new Float64Array(entries.length),
      covered: new Float64Array(entries.length),
      best: new Float64Array(entries.length),
      bestWeight: new Float64Array(entries.length),
    },
  };
}

function fieldTexts(entry: CatalogEntry): string[] {
  return [
    entry.name,
    (entry.aliases ?? []).join(" "),
    entry.category,
    entry.description,
    entry.parameters,
    entry.usage,
  ];
}

/** The words of a name or category, order kept: "get_weather", "getWeather", "Get weather" agree. */
function key(text: string): string {
  return tokenize(text).join(" ");
}

function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** The index terms a query word stands for, each with how much a match on it is worth. */
function expansions(
  index: CatalogIndex,
  settings: RankerProfile,
  term: string,
): [Posting, number][] {
  const { postings } = index;
  const out: [Posting, number][] = [];
  const exact = postings.get(term);
  if (exact) out.push([exact, 1]);
  else if (settings.prefixWeight > 0 && term.length >= settings.minPrefixLength) {
    for (const candidate of prefixed(index.vocabulary, term)) {
      const posting = postings.get(candidate);
      if (posting) out.push([posting, settings.prefixWeight]);
    }
  }
  if (settings.synonymWeight > 0) {
    for (const synonym of relatedWords(term)) {
      const posting = postings.get(synonym);
      if (posting) out.push([posting, settings.synonymWeight]);
    }
  }
  return out;
}

/** Vocabulary words that start with `prefix`, found by binary search in the sorted vocabulary. */
function prefixed(vocabulary: readonly string[], prefix: string): string[] {
  let lo = 0;
  let hi = vocabulary.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((vocabulary[mid] ?? "") < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < vocabulary.length && vocabulary[i]?.startsWith(prefix); i++) {
    out.push(vocabulary[i] ?? "");
  }
  return out;
}

/**
 * The entries that match the query, best first: exact name (or alias) matches, then exact
 * category matches, then by score, ties by name. With a limit, only the best `limit` are kept,
 * so a long query that matches most of a large catalog does not sort all of it.
 */
export function rank(index: CatalogIndex, query: string, limit = Infinity): CatalogHit[] {
  const terms = [...new Set(queryTerms(query))];
  if (terms.length === 0) return [];
  const { score, covered, best, bestWeight } = index.scratch;
  const request = terms.length >= index.settings.requestTerms;
  const profile = request ? index.settings.request : index.settings.phrase;
  const which = request ? 1 : 0;
  const n = index.entries.length;
  const matched: number[] = [];
  const touched: number[] = [];
  let queryMass = 0;
  for (const term of terms) {
    const termIdf = index.postings.get(term)?.idf ?? idf(n, 0);
    queryMass += termIdf;
    // Per document, the best way this query word matched: a synonym never adds to the word
    // itself. Only weights above 0 are kept, so 0 in `best` means "not matched yet".
    for (const [posting, weight] of expansions(index, profile, term)) {
      const { docs } = posting;
      const weights = posting.weights[which];
      const factor = weight * posting.idf;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i] as number;
        const s = factor * (weights[i] as number);
        if (s === 0) continue; // only in a field this profile does not weigh
        const previous = best[doc] as number;
        if (previous === 0) touched.push(doc);
        if (s > previous) {
          best[doc] = s;
          bestWeight[doc] = weight;
        }
      }
    }
    for (const doc of touched) {
      if (score[doc] === 0) matched.push(doc);
      score[doc] = (score[doc] as number) + (best[doc] as number);
      covered[doc] = (covered[doc] as number) + (bestWeight[doc] as number) * termIdf;
      best[doc] = 0;
    }
    touched.length = 0;
  }
  // The exact-name tier compares what was typed, before phrasal verbs are rewritten ("look_up").
  // A query with more words than any name or category has cannot equal one: no need to look.
  const queryKey = terms.length <= index.longestKey ? key(query) : "";
  const kept: Ranked[] = [];
  for (const doc of matched) {
    const candidate: Ranked = {
      doc,
      tier: tierOf(index, doc, queryKey),
      score: score[doc] as number,
      name: index.entries[doc]?.name ?? "",
    };
    score[doc] = 0;
    if (kept.length >= limit && !before(candidate, kept[kept.length - 1] as Ranked)) {
      covered[doc] = 0;
      continue;
    }
    // Insertion into the kept few (a binary search would not pay for limits of 5 or 10).
    let at = kept.length;
    while (at > 0 && before(candidate, kept[at - 1] as Ranked)) at--;
    kept.splice(at, 0, candidate);
    if (kept.length > limit) kept.pop();
  }
  const hits: CatalogHit[] = [];
  for (const { doc, score: s } of kept) {
    const entry = index.entries[doc];
    if (entry)
      hits.push({ entry, score: s, coverage: Math.min(1, (covered[doc] as number) / queryMass) });
  }
  for (const doc of matched) covered[doc] = 0;
  return hits;
}

interface Ranked {
  doc: number;
  tier: number;
  score: number;
  name: string;
}

function before(a: Ranked, b: Ranked): boolean {
  if (a.tier !== b.tier) return a.tier > b.tier;
  if (a.score !== b.score) return a.score > b.score;
  return a.name < b.name;
}

/** Exact name (or alias) matches first, then exact category matches, then the rest by score. */
function tierOf(index: CatalogIndex, doc: number, queryKey: string): number {
  if (!queryKey) return 0;
  if (index.nameKeys[doc]?.includes(queryKey)) return 2;
  if (index.categoryKeys[doc] === queryKey) return 1;
  return 0;
}
