/**
 * Words as the ranker compares them: identifiers split (getWeather, get_weather → get weather),
 * lower-cased, filler words dropped, and lightly stemmed so "browser", "browse" and "browsing"
 * meet. The same function runs over the catalog and the query, so both sides agree.
 */
export function tokenize(text: string): string[] {
  const words = splitIdentifiers(text).toLowerCase().match(WORD) ?? [];
  const out: string[] = [];
  for (const word of words) {
    // Single letters ("s" of "what's", "x") say nothing about which tool is meant.
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}

const WORD = /[\p{L}\p{N}]+/gu;

function splitIdentifiers(text: string): string {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/_/g, " ");
}

/**
 * Function words plus the words every tool request shares ("tool", "use", "want"): they carry no
 * signal about which tool is meant, only noise in long paraphrased queries.
 */
const STOPWORDS = new Set(
  (
    "a about after all also an and any are as at be been before being but by can could did do " +
    "does for from get give got had has have he her here him his how i if in into is it its " +
    "just let like me more most my need needs of off on one only or our out over please she " +
    "should so some such than that the their them then there these they this those through " +
    "to too up us use used using very via want was we were what when where whether which who " +
    "why will with without would you your tool tools something someone thing things able"
  ).split(" "),
);

/** Words the plural rule would break ("news" is not the plural of "new"). */
const KEEP = new Set(["news", "series", "species", "always", "its", "this", "https", "http"]);

/**
 * A light suffix stripper (in the spirit of an S-stemmer plus the commonest derivational
 * endings), deliberately conservative: a wrong merge costs more than a missed one, because the
 * synonym groups and prefix matching catch near misses anyway.
 */
export function stem(word: string): string {
  if (word.length <= 3 || KEEP.has(word) || /^\d/.test(word)) return word;
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/[sui]s$/.test(w)) w = w.slice(0, -1);
  for (const suffix of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

const SUFFIXES = ["ings", "ing", "ion", "ed", "er", "or", "ly", "ment"];
