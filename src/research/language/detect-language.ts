import { DEFAULT_LANGUAGE } from "../../config/report-language.ts";

/**
 * The language an idea is written in, for the languages whose reports the product localizes
 * (en, es, fr, de, pt, ja; Korean and Chinese too, by their scripts), else English. No network and no model: ideas are short, so a small
 * stopword count decides, and English wins whenever the evidence is thin ("Uber for dogs",
 * "Pizza Roma") — a wrong language would cost the reader more than English does.
 */
export function detectLanguage(text: string): string {
  const sample = text.slice(0, MAX_SAMPLE_CHARS);
  const script = byScript(sample);
  if (script) return script;
  const scores = new Map<string, number>();
  for (const word of sample.toLowerCase().match(/\p{L}+/gu) ?? []) {
    // A word several languages share ("de", "la", "que") counts for each of them: only the words
    // one has and the other lacks can give it the lead.
    for (const language of LANGUAGES_OF.get(word) ?? []) {
      scores.set(language, (scores.get(language) ?? 0) + 1);
    }
  }
  for (const [language, letters] of Object.entries(LETTERS)) {
    if (letters.test(sample)) scores.set(language, (scores.get(language) ?? 0) + 1);
  }
  const [best, second] = [...scores].sort((a, b) => b[1] - a[1]);
  if (!best || best[1] < MIN_SCORE || best[1] - (second?.[1] ?? 0) < MIN_LEAD) {
    return DEFAULT_LANGUAGE;
  }
  return best[0];
}

const MAX_SAMPLE_CHARS = 4_000;
/** Two function words at least, and one more than the runner-up. */
const MIN_SCORE = 2;
const MIN_LEAD = 1;

const STOPWORDS: Record<string, string> = {
  en: "the a an and or for of to in on with that which who whose is are was be been it its this these from by at as my your our their how what can will would into without about than more people",
  de: "der die das und oder für ein eine einen einem einer mit von vom zu zum zur den dem des ist sind nicht auf im auch wie was als bei nach über unter unsere ihre sich dass werden können kleinen mehr ohne durch",
  es: "el la los las y o de del para con un una unos unas que en por es son se su sus al como más sin sobre entre pequeñas pequeños",
  fr: "le la les et ou de des du pour avec un une que qui en dans sur est sont par au aux ce cette ces leur leurs pas sans plus petites petits à",
  pt: "o a os as e ou de do da dos das para com um uma que em no na nos nas por é são se seu sua seus suas ao aos mais sem pequenas pequenos à",
};

const LANGUAGES_OF = new Map<string, string[]>();
for (const [language, words] of Object.entries(STOPWORDS)) {
  for (const word of words.split(" ")) {
    LANGUAGES_OF.set(word, [...(LANGUAGES_OF.get(word) ?? []), language]);
  }
}

/** Letters one language of the set writes and the others rarely do. */
const LETTERS: Record<string, RegExp> = {
  de: /[ßäöü]/i,
  es: /[ñ¿¡]/i,
  fr: /[èêëœîû]/i,
  pt: /[ãõ]/i,
};

/**
 * Languages a script names on its own: kana are Japanese only, Hangul Korean, Chinese characters
 * without kana Chinese. It must be most of the letters: a few in an English idea ("a ラーメン bar")
 * are not enough. (Korean and Chinese reports get English product headings.)
 */
function byScript(text: string): string | undefined {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const share = (pattern: RegExp) => (text.match(pattern)?.length ?? 0) / letters;
  if (letters === 0) return undefined;
  const kana = share(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const han = share(/\p{Script=Han}/gu);
  if (kana > 0 && kana + han >= 0.5) return "ja";
  if (share(/\p{Script=Hangul}/gu) >= 0.5) return "ko";
  if (han >= 0.5) return "zh";
  return undefined;
}
