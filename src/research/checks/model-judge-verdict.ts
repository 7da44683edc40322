export type ModelVerdict = "supported" | "unsupported" | "unclear";

export interface JudgedClaim {
  verdict: ModelVerdict;
  /** The judge's reason: one line, at most 200 characters. */
  reason?: string;
}

const MAX_REASON_CHARS = 200;

// The verdict word first (Markdown emphasis or quotes around it tolerated), then the reason.
const VERDICT_LINE = /^[\s*_`"'>#-]*(supported|unsupported|unclear)\b[\s*_`"']*(.*)$/i;

/**
 * The judge's answer read strictly: its first non-empty line must start with a verdict word.
 * Anything else is no verdict (undefined), never a guess. The reason is the judge's words, which
 * a passage may have steered: it is kept to one printable line so it cannot shape what shows it.
 */
export function parseVerdict(answer: string): JudgedClaim | undefined {
  const line = answer.split(/\r?\n/).find((l) => l.trim() !== "");
  const match = line === undefined ? null : VERDICT_LINE.exec(line);
  if (!match) return undefined;
  const verdict = match[1]!.toLowerCase() as ModelVerdict;
  const reason = oneLine(match[2]!.replace(/^[\s\-–—:.,;)]+/, ""));
  return reason ? { verdict, reason } : { verdict };
}

function oneLine(text: string): string {
  const flat = text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > MAX_REASON_CHARS ? `${flat.slice(0, MAX_REASON_CHARS - 1)}…` : flat;
}
