import type { CatalogEntry, CatalogHit } from "./catalog-entry.ts";
import { queryTerms, relatedWords } from "./synonyms.ts";
import { tokenize } from "./tokenize.ts";

/**
 * BM25F over an entry's fields (Robertson & Zaragoza): term frequencies are length-normalised
 * per field, weighted, summed, then saturated once, so a word repeated across fields helps but
 * cannot dominate. A name match is worth the most; parameter text and the usage example (whose
 * argument names and sample values, "city: 'Oslo'", say what the tool takes) the least.
 */
const FIELDS = [
  { key: "name", weight: 3, b: 0.3 },
  { key: "aliases", weight: 2.5, b: 0.3 },
  { key: "category", weight: 2, b: 0.3 },
  { key: "description", weight: 1, b: 0.75 },
  { key: "parameters", weight: 0.6, b: 0.75 },
  { key: "usage", weight: 0.3, b: 0.75 },
] as const;
const K1 = 1.2;
/** A synonym (see synonyms.ts) or prefix match counts for less than the word itself. */
const SYNONYM_WEIGHT = 0.5;
const PREFIX_WEIGHT = 0.6;
const MIN_PREFIX_LENGTH = 3;

type FieldTerms = Map<string, number>[];

interface Posting {
  doc: number;
  /** tf per field, in FIELDS order. */
  tf: number[];
}

export interface CatalogIndex {
  readonly entries: readonly CatalogEntry[];
  readonly postings: ReadonlyMap<string, readonly Posting[]>;
  readonly vocabulary: readonly string[];
  readonly fieldLengths: readonly number[][];
  readonly averageLengths: readonly number[];
  readonly nameKeys: readonly string[][];
  readonly categoryKeys: readonly string[];
}

export function buildIndex(entries: readonly CatalogEntry[]): CatalogIndex {
  const postings = new Map<string, Posting[]>();
  const fieldLengths: number[][] = [];
  const totals = FIELDS.map(() => 0);
  entries.forEach((entry, doc) => {
    const fields = fieldTexts(entry).map(tokenize);
    fieldLengths.push(fields.map((f) => f.length));
    fields.forEach((f, i) => {
      totals[i] = (totals[i] ?? 0) + f.length;
    });
    const counts: FieldTerms = fields.map(countTerms);
    const terms = new Set(fields.flat());
    for (const term of terms) {
      const list = postings.get(term) ?? [];
      list.push({ doc, tf: counts.map((c) => c.get(term) ?? 0) });
      postings.set(term, list);
    }
  });
  const n = Math.max(entries.length, 1);
  return {
    entries,
    postings,
    vocabulary: [...postings.keys()].sort(),
    fieldLengths,
    averageLengths: totals.map((t) => t / n || 1),
    nameKeys: entries.map((e) => [e.name, ...(e.aliases ?? [])].map(key)),
    categoryKeys: entries.map((e) => key(e.category)),
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

function countTerms(terms: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** The words of a name or category, order kept: "get_weather", "getWeather", "Get weather" agree. */
function key(text: string): string {
  return tokenize(text).join(" ");
}

function idf(index: CatalogIndex, df: number): number {
  const n = index.entries.length;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** The index terms a query word stands for, each with how much a match on it is worth. */
function expansions(index: CatalogIndex, term: string): [string, number][] {
  const out: [string, number][] = [];
  if (index.postings.has(term)) out.push([term, 1]);
  else if (term.length >= MIN_PREFIX_LENGTH) {
    for (const candidate of prefixed(index.vocabulary, term)) out.push([candidate, PREFIX_WEIGHT]);
  }
  for (const synonym of relatedWords(term)) {
    if (index.postings.has(synonym)) out.push([synonym, SYNONYM_WEIGHT]);
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

export function rank(index: CatalogIndex, query: string): CatalogHit[] {
  const terms = [...new Set(queryTerms(query))];
  if (terms.length === 0) return [];
  const scores = new Map<number, number>();
  const covered = new Map<number, number>();
  let queryMass = 0;
  for (const term of terms) {
    const termIdf = idf(index, index.postings.get(term)?.length ?? 0);
    queryMass += termIdf;
    // Per document, the best way this query word matched: a synonym never adds to the word itself.
    const best = new Map<number, { score: number; weight: number }>();
    for (const [candidate, weight] of expansions(index, term)) {
      const list = index.postings.get(candidate) ?? [];
      const candidateIdf = idf(index, list.length);
      for (const posting of list) {
        const score = weight * candidateIdf * saturate(index, posting);
        const previous = best.get(posting.doc);
        if (!previous || score > previous.score) best.set(posting.doc, { score, weight });
      }
    }
    for (const [doc, { score, weight }] of best) {
      scores.set(doc, (scores.get(doc) ?? 0) + score);
      covered.set(doc, (covered.get(doc) ?? 0) + weight * termIdf);
    }
  }
  // The exact-name tier compares what was typed, before phrasal verbs are rewritten ("look_up").
  const queryKey = key(query);
  const hits: (CatalogHit & { tier: number })[] = [];
  for (const [doc, score] of scores) {
    const entry = index.entries[doc];
    if (!entry) continue;
    hits.push({
      entry,
      score,
      coverage: Math.min(1, (covered.get(doc) ?? 0) / queryMass),
      tier: tierOf(index, doc, queryKey),
    });
  }
  hits.sort(
    (a, b) =>
      b.tier - a.tier ||
      b.score - a.score ||
      (a.entry.name < b.entry.name ? -1 : a.entry.name > b.entry.name ? 1 : 0),
  );
  return hits.map(({ entry, score, coverage }) => ({ entry, score, coverage }));
}

/** Exact name (or alias) matches first, then exact category matches, then the rest by score. */
function tierOf(index: CatalogIndex, doc: number, queryKey: string): number {
  if (!queryKey) return 0;
  if (index.nameKeys[doc]?.includes(queryKey)) return 2;
  if (index.categoryKeys[doc] === queryKey) return 1;
  return 0;
}

function saturate(index: CatalogIndex, posting: Posting): number {
  const lengths = index.fieldLengths[posting.doc] ?? [];
  let tf = 0;
  FIELDS.forEach((field, i) => {
    const raw = posting.tf[i] ?? 0;
    if (raw === 0) return;
    const norm = 1 - field.b + field.b * ((lengths[i] ?? 0) / (index.averageLengths[i] ?? 1));
    tf += (field.weight * raw) / norm;
  });
  return tf / (K1 + tf);
}
