import type { ResearchMode } from "../config/explore-request.ts";
import { languageName } from "../config/report-language.ts";

/** The three decisions a business analysis ends with, as the library reports them. */
export const DECISIONS = ["Pursue", "Pursue with changes", "Do not pursue"] as const;
export type Decision = (typeof DECISIONS)[number];

/**
 * The words of the report's own sections that the product reads back (the library's verdict and
 * directions count), per language: the prompt asks for exactly these, and the reader maps them
 * back to the English decisions, so a German "**Nicht verfolgen**" is listed as "Do not pursue".
 */
export interface SectionWords {
  verdict: string;
  decisions: Readonly<Record<Decision, string>>;
  mostPromising: string;
}

export const SECTION_WORDS: Readonly<Record<string, SectionWords>> = {
  en: {
    verdict: "Verdict",
    decisions: {
      Pursue: "Pursue",
      "Pursue with changes": "Pursue with changes",
      "Do not pursue": "Do not pursue",
    },
    mostPromising: "Most promising",
  },
  de: {
    verdict: "Urteil",
    decisions: {
      Pursue: "Verfolgen",
      "Pursue with changes": "Mit Änderungen verfolgen",
      "Do not pursue": "Nicht verfolgen",
    },
    mostPromising: "Am vielversprechendsten",
  },
  es: {
    verdict: "Veredicto",
    decisions: {
      Pursue: "Seguir adelante",
      "Pursue with changes": "Seguir adelante con cambios",
      "Do not pursue": "No seguir adelante",
    },
    mostPromising: "Lo más prometedor",
  },
  fr: {
    verdict: "Verdict",
    decisions: {
      Pursue: "Poursuivre",
      "Pursue with changes": "Poursuivre avec des changements",
      "Do not pursue": "Ne pas poursuivre",
    },
    mostPromising: "Les plus prometteuses",
  },
  pt: {
    verdict: "Veredito",
    decisions: {
      Pursue: "Seguir em frente",
      "Pursue with changes": "Seguir em frente com mudanças",
      "Do not pursue": "Não seguir em frente",
    },
    mostPromising: "Mais promissoras",
  },
  ja: {
    verdict: "判定",
    decisions: {
      Pursue: "進める",
      "Pursue with changes": "変更を加えて進める",
      "Do not pursue": "進めない",
    },
    mostPromising: "最も有望な方向",
  },
};

/**
 * The prompt's "## Language" section: the whole report, headings included, in the language by
 * name (a German idea would otherwise get whatever the model picks, and `--language en` must win
 * over the idea's language); the sections the product reads back in the words it knows.
 */
export function languageInstructions(language: string, mode: ResearchMode): string {
  const name = languageName(language) ?? language;
  const words = SECTION_WORDS[language];
  const lines = [
    "## Language",
    `Write the whole report in ${name}, whatever language the idea, the context or the sources ` +
      "are in: its title, every heading (translate the section names above) and all its text. " +
      "Keep the names of companies, products and publications as they are.",
  ];
  if (words && language !== "en") {
    const { decisions } = words;
    lines.push(
      mode === "business"
        ? `Name the verdict section "${words.verdict}" and write the decision as one of ` +
            `"${decisions.Pursue}", "${decisions["Pursue with changes"]}" or ` +
            `"${decisions["Do not pursue"]}", in bold on its own line.`
        : `Name the closing section "${words.mostPromising}".`,
    );
  }
  return lines.join("\n");
}
