import { sourceKey } from "../source-links.ts";
import { bestPassage, type Passage } from "./best-passage.ts";
import { citedSentences } from "./cited-sentences.ts";
import { figuresIn, passageHas } from "./figures.ts";
import { type EvidencePassage, groupByPage } from "./kept-evidence.ts";
import type { ModelCheckRecord } from "./model-check-record.ts";
import type { ModelVerdict } from "./model-judge-verdict.ts";

/**
 * What the figure check found for one citation: every figure and quoted phrase of its sentence
 * is in the passage it rests on ("supported"), some are not ("not_found"), or the sentence states
 * none ("nothing_to_check").
 */
export type FigureOutcome = "supported" | "not_found" | "nothing_to_check";

export type ClaimCheck = {
  url: string;
  sentence: string;
  /** The passage the citation rests on; absent when no passage of the page was retrieved. */
  passage?: Passage["text"];
  kind?: Passage["kind"];
  outcome: FigureOutcome;
  /** The sentence's figures and quoted phrases, as it writes them. */
  figures: string[];
  /** Those the passage does not hold. */
  missing: string[];
  /** `--check-claims model`: whether the check model found the passage supports the sentence. */
  model?: { verdict: ModelVerdict; reason?: string };
};

/**
 * Checks every citation of a report (its citations still placeholders) against the passages the
 * run kept: nothing is changed, the outcome is recorded. A figure counts as found only in the
 * passage the citation rests on (or, for a sentence citing several pages at once, in one of
 * theirs), after normalization (figures.ts): "1.2k" is "1,200", "$4.2bn"
 * is "USD 4.2 billion", "8%" is "8 percent", "FY2025" is "2025".
 */
export function checkClaims(report: string, evidence: readonly EvidencePassage[]): ClaimCheck[] {
  const byPage = groupByPage(evidence);
  const cited = citedSentences(report).map((citation) => {
    const figures = figuresIn(citation.sentence);
    const pages = byPage.get(sourceKey(citation.url)) ?? [];
    return { ...citation, figures, chosen: bestPassage(citation.sentence, figures, pages) };
  });
  return cited.map(({ url, sentence, group, figures, chosen }) => {
    // A sentence cited as "[1][3]" rests on both pages: a figure either passage holds is found.
    const passages = cited.filter((c) => c.group === group).flatMap((c) => c.chosen ?? []);
    const missing = figures.filter((f) => !passages.some((p) => passageHas(p.text, f)));
    return {
      url,
      sentence,
      ...(chosen ? { passage: chosen.text, kind: chosen.kind } : {}),
      outcome:
        figures.length === 0 ? "nothing_to_check" : missing.length ? "not_found" : "supported",
      figures: figures.map((f) => f.text),
      missing: missing.map((f) => f.text),
    };
  });
}

/** How many citations had each outcome, as the log, the CLI and the API count them. */
export type ClaimCheckCounts = {
  citations: number;
  supported: number;
  notFound: number;
  nothingToCheck: number;
  /** The model check's verdicts; `skipped`: citations with a passage it did not judge (budget, failure). */
  model?: {
    supported: number;
    unsupported: number;
    unclear: number;
    skipped: number;
    usd?: number;
  };
};

export function countChecks(
  checks: readonly Pick<ClaimCheck, "outcome" | "passage" | "model">[],
  modelCheck?: Pick<ModelCheckRecord, "cost">,
): ClaimCheckCounts {
  const count = (outcome: FigureOutcome) => checks.filter((c) => c.outcome === outcome).length;
  const verdicts = (verdict: ModelVerdict) =>
    checks.filter((c) => c.model?.verdict === verdict).length;
  return {
    citations: checks.length,
    supported: count("supported"),
    notFound: count("not_found"),
    nothingToCheck: count("nothing_to_check"),
    ...(modelCheck
      ? {
          model: {
            supported: verdicts("supported"),
            unsupported: verdicts("unsupported"),
            unclear: verdicts("unclear"),
            skipped: checks.filter((c) => c.passage !== undefined && !c.model).length,
            ...(modelCheck.cost?.priced ? { usd: modelCheck.cost.usd } : {}),
          },
        }
      : {}),
  };
}

/** The checks with the check model's verdicts, found by sentence and passage. */
export function withVerdicts(
  checks: readonly ClaimCheck[],
  record: Pick<ModelCheckRecord, "verdicts"> | undefined,
): ClaimCheck[] {
  if (!record) return [...checks];
  const key = (sentence: string, passage: string) => `${sentence}\u0000${passage}`;
  const byKey = new Map(record.verdicts.map((v) => [key(v.sentence, v.passage), v]));
  return checks.map((check) => {
    const found =
      check.passage === undefined ? undefined : byKey.get(key(check.sentence, check.passage));
    if (!found) return check;
    return {
      ...check,
      model: { verdict: found.verdict, ...(found.reason ? { reason: found.reason } : {}) },
    };
  });
}

/**
 * "figures: 5 supported, 1 not found in the source, 3 with nothing to check" (and, with the model
 * check, "; model check: 7 supported, 1 unsupported, 0 unclear"), for one-line summaries.
 */
export function describeChecks(counts: ClaimCheckCounts): string {
  const figures = `figures: ${counts.supported} supported, ${counts.notFound} not found in the source, ${counts.nothingToCheck} with nothing to check`;
  const m = counts.model;
  if (!m) return figures;
  const skipped = m.skipped ? `, ${m.skipped} not judged` : "";
  return `${figures}; model check: ${m.supported} supported, ${m.unsupported} unsupported, ${m.unclear} unclear${skipped}`;
}
