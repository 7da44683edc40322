/**
 * The words research.md's own headings and notes are written in (the report's are the model's),
 * for the languages the product speaks: a document's set is chosen by its `language`
 * frontmatter; any other language gets the English set.
 */
export interface ReportHeadings {
  sources: string;
  alsoConsulted: string;
  /** "Update" in "## Update - <date>". */
  update: string;
  /** The first part of a refresh's update section. */
  whatChanged: string;
  checks: string;
  /** The paragraph under the Checks heading: what its list is. */
  checksIntro: string;
  /** The Sources section's only line when no page was retrieved. */
  noSources: string;
  /** A cited page's numbered line when its address cannot be published. */
  unlisted: string;
  /** Why a Checks item is listed; `missing` lists the figures, comma-separated. */
  notInSource(missing: string): string;
  noPassage(missing: string): string;
  unsupported(reason: string | undefined): string;
}

const ENGLISH: ReportHeadings = {
  sources: "Sources",
  alsoConsulted: "Also consulted",
  update: "Update",
  whatChanged: "What changed",
  checks: "Checks",
  checksIntro:
    "Figures or quotes in these sentences were not found in the passage of the source they cite. Nothing was removed from the report; check them against the source before relying on them.",
  noSources: "_No web pages were retrieved for this research._",
  unlisted: "_(a page whose address cannot be published)_",
  notInSource: (missing) => `not in the source: ${missing}`,
  noPassage: (missing) => `no passage of the source was retrieved to check ${missing}`,
  unsupported: (reason) =>
    `the check model judged that the source does not support it${reason ? `: ${reason}` : ""}`,
};

const GERMAN: ReportHeadings = {
  sources: "Quellen",
  alsoConsulted: "Ebenfalls herangezogen",
  update: "Aktualisierung",
  whatChanged: "Was sich geändert hat",
  checks: "Prüfungen",
  checksIntro:
    "Zahlen oder Zitate in diesen Sätzen wurden in der Passage der zitierten Quelle nicht gefunden. Aus dem Bericht wurde nichts entfernt; prüfen Sie sie anhand der Quelle, bevor Sie sich darauf verlassen.",
  noSources: "_Für diese Recherche wurden keine Webseiten abgerufen._",
  unlisted: "_(eine Seite, deren Adresse nicht veröffentlicht werden kann)_",
  notInSource: (missing) => `nicht in der Quelle: ${missing}`,
  noPassage: (missing) => `keine Passage der Quelle abgerufen, um zu prüfen: ${missing}`,
  unsupported: (reason) =>
    `das Prüfmodell urteilte, dass die Quelle den Satz nicht stützt${reason ? `: ${reason}` : ""}`,
};

const SPANISH: ReportHeadings = {
  sources: "Fuentes",
  alsoConsulted: "También consultadas",
  update: "Actualización",
  whatChanged: "Qué ha cambiado",
  checks: "Comprobaciones",
  checksIntro:
    "Las cifras o citas de estas frases no se encontraron en el pasaje de la fuente que citan. No se eliminó nada del informe; compruébelas con la fuente antes de confiar en ellas.",
  noSources: "_No se consultó ninguna página web para esta investigación._",
  unlisted: "_(una página cuya dirección no se puede publicar)_",
  notInSource: (missing) => `no está en la fuente: ${missing}`,
  noPassage: (missing) => `no se obtuvo ningún pasaje de la fuente para comprobar ${missing}`,
  unsupported: (reason) =>
    `el modelo de comprobación juzgó que la fuente no la respalda${reason ? `: ${reason}` : ""}`,
};

const FRENCH: ReportHeadings = {
  sources: "Sources",
  alsoConsulted: "Également consultées",
  update: "Mise à jour",
  whatChanged: "Ce qui a changé",
  checks: "Vérifications",
  checksIntro:
    "Les chiffres ou citations de ces phrases n’ont pas été trouvés dans le passage de la source qu’elles citent. Rien n’a été retiré du rapport ; vérifiez-les dans la source avant de vous y fier.",
  noSources: "_Aucune page web n’a été consultée pour cette recherche._",
  unlisted: "_(une page dont l’adresse ne peut pas être publiée)_",
  notInSource: (missing) => `absent de la source : ${missing}`,
  noPassage: (missing) => `aucun passage de la source n’a été récupéré pour vérifier ${missing}`,
  unsupported: (reason) =>
    `le modèle de vérification a jugé que la source ne l’étaye pas${reason ? ` : ${reason}` : ""}`,
};

const PORTUGUESE: ReportHeadings = {
  sources: "Fontes",
  alsoConsulted: "Também consultadas",
  update: "Atualização",
  whatChanged: "O que mudou",
  checks: "Verificações",
  checksIntro:
    "Os números ou citações destas frases não foram encontrados no trecho da fonte que citam. Nada foi removido do relatório; confira-os na fonte antes de confiar neles.",
  noSources: "_Nenhuma página web foi consultada para esta pesquisa._",
  unlisted: "_(uma página cujo endereço não pode ser publicado)_",
  notInSource: (missing) => `não está na fonte: ${missing}`,
  noPassage: (missing) => `nenhum trecho da fonte foi obtido para verificar ${missing}`,
  unsupported: (reason) =>
    `o modelo de verificação julgou que a fonte não a sustenta${reason ? `: ${reason}` : ""}`,
};

const JAPANESE: ReportHeadings = {
  sources: "出典",
  alsoConsulted: "その他の参照先",
  update: "更新",
  whatChanged: "変更点",
  checks: "検証",
  checksIntro:
    "これらの文の数値や引用は、引用元の該当箇所に見つかりませんでした。レポートからは何も削除していません。頼る前に出典で確認してください。",
  noSources: "_この調査ではウェブページを取得していません。_",
  unlisted: "_(アドレスを公開できないページ)_",
  notInSource: (missing) => `出典にない: ${missing}`,
  noPassage: (missing) => `確認する出典の箇所を取得できませんでした: ${missing}`,
  unsupported: (reason) =>
    `検証モデルは出典がこの文を裏付けないと判断しました${reason ? `: ${reason}` : ""}`,
};

const BY_LANGUAGE: Readonly<Record<string, ReportHeadings>> = {
  en: ENGLISH,
  de: GERMAN,
  es: SPANISH,
  fr: FRENCH,
  pt: PORTUGUESE,
  ja: JAPANESE,
};

/** The languages with their own headings (the others are written with English ones). */
export const HEADING_LANGUAGES = Object.keys(BY_LANGUAGE);

/** The headings for a document in `language` (a BCP 47 code such as "de"); English otherwise. */
export function reportHeadings(language?: string): ReportHeadings {
  const primary = language?.split("-")[0]?.toLowerCase() ?? "";
  return Object.hasOwn(BY_LANGUAGE, primary) ? BY_LANGUAGE[primary]! : ENGLISH;
}

/** "Update" in every language: a document's update sections keep the word they were written in. */
export const UPDATE_WORDS: readonly string[] = [
  ...new Set(Object.values(BY_LANGUAGE).map((h) => h.update)),
];
