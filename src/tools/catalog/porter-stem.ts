/**
 * The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), as published:
 * five steps of suffix rules, each guarded by the "measure" m of what would remain, so that
 * "executes", "execution" and "executing" all become "execut" while short words keep their
 * shape. A published algorithm instead of ad hoc endings: its merges are predictable, and its
 * over- and under-stemming are well known (see the tests for the reference pairs).
 */
export function porterStem(word: string): string {
  if (word.length <= 2) return word;
  let w = step1a(word);
  w = step1b(w);
  w = step1c(w);
  w = replaceFirst(w, STEP2, 0);
  w = replaceFirst(w, STEP3, 0);
  w = step4(w);
  return step5(w);
}

/** Is w[i] a consonant? "y" is one at the start or after a vowel (the y of "toy", not "happy"). */
function consonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === "a" || c === "e" || c === "i" || c === "o" || c === "u") return false;
  if (c === "y") return i === 0 || !consonant(w, i - 1);
  return true;
}

/** m in [C](VC)^m[V]: how many vowel-consonant sequences the stem has. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && consonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !consonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && consonant(stem, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!consonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w[n - 1] === w[n - 2] && consonant(w, n - 1);
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y ("hop", not "snow"). */
function endsCvc(w: string): boolean {
  const n = w.length;
  if (n < 3) return false;
  if (!consonant(w, n - 1) || consonant(w, n - 2) || !consonant(w, n - 3)) return false;
  const last = w[n - 1];
  return last !== "w" && last !== "x" && last !== "y";
}

function step1a(w: string): string {
  if (w.endsWith("sses")) return w.slice(0, -2);
  if (w.endsWith("ies")) return w.slice(0, -2);
  if (w.endsWith("ss")) return w;
  if (w.endsWith("s")) return w.slice(0, -1);
  return w;
}

function step1b(w: string): string {
  if (w.endsWith("eed")) return measure(w.slice(0, -3)) > 0 ? w.slice(0, -1) : w;
  let stem: string | undefined;
  if (w.endsWith("ed") && hasVowel(w.slice(0, -2))) stem = w.slice(0, -2);
  else if (w.endsWith("ing") && hasVowel(w.slice(0, -3))) stem = w.slice(0, -3);
  if (stem === undefined) return w;
  if (stem.endsWith("at") || stem.endsWith("bl") || stem.endsWith("iz")) return `${stem}e`;
  if (endsDoubleConsonant(stem) && !/[lsz]$/.test(stem)) return stem.slice(0, -1);
  if (measure(stem) === 1 && endsCvc(stem)) return `${stem}e`;
  return stem;
}

function step1c(w: string): string {
  return w.endsWith("y") && hasVowel(w.slice(0, -1)) ? `${w.slice(0, -1)}i` : w;
}

const STEP2: readonly [string, string][] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];

const STEP3: readonly [string, string][] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];

/**
 * The longest listed suffix decides (the lists are ordered so the first hit is the longest
 * that applies); it is replaced only when the remaining stem's measure exceeds `minMeasure`.
 */
function replaceFirst(w: string, rules: readonly [string, string][], minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    return measure(stem) > minMeasure ? stem + replacement : w;
  }
  return w;
}

const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

function step4(w: string): string {
  // Longest match first: "ement" before "ment" before "ent".
  let best = "";
  for (const suffix of STEP4) if (w.endsWith(suffix) && suffix.length > best.length) best = suffix;
  if (!best) return w;
  const stem = w.slice(0, -best.length);
  if (measure(stem) <= 1) return w;
  if (best === "ion" && !/[st]$/.test(stem)) return w;
  return stem;
}

function step5(w: string): string {
  let out = w;
  if (out.endsWith("e")) {
    const stem = out.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) out = stem;
  }
  if (out.endsWith("ll") && measure(out) > 1) out = out.slice(0, -1);
  return out;
}
