import { z } from "zod";

/**
 * A report's language as a request names it: a BCP 47 language tag of which only the primary
 * language subtag is kept ("de-AT" → "de"), and only one that names a known language, so a typo
 * fails with one line before any model call instead of asking the model for "Gemran".
 */
export const reportLanguageSchema = z
  .string({ error: "must be text" })
  .trim()
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/, {
    message: 'must be a language code such as "en", "de" or "ja"',
  })
  .transform((tag) => tag.split("-")[0]!.toLowerCase())
  .refine((code) => languageName(code) !== undefined, {
    message: 'must be a known language code such as "en", "de" or "ja"',
  });

/** The language a report is written in when nothing says otherwise. */
export const DEFAULT_LANGUAGE = "en";

/** "German" for "de": the name the prompt asks for; undefined for a code that names no language. */
export function languageName(code: string): string | undefined {
  try {
    // Built on first use: starting ICU at import would slow every command that loads the config.
    displayNames ??= new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
    return displayNames.of(code);
  } catch {
    // A runtime without language names still knows the languages the product localizes.
    return FALLBACK_NAMES[code];
  }
}

const FALLBACK_NAMES: Readonly<Record<string, string>> = {
  en: "English",
  de: "German",
  es: "Spanish",
  fr: "French",
  pt: "Portuguese",
  ja: "Japanese",
};

let displayNames: Intl.DisplayNames | undefined;
