/**
 * Marks, in the report's HTML, the sentences research.md's Checks section lists: each occurrence
 * is wrapped in <mark class="claim-unchecked" title="why">, one <mark> per run of text between
 * tags, so the marks never cross an element and the HTML stays well nested.
 *
 * The HTML is this server's own (marked's output for the republished report: every "<" opens a
 * tag marked wrote, text is escaped), and the sentences come from the same untrusted file: they
 * only choose where the marks go. What is inserted is fixed markup plus an escaped title, and the
 * HTML around it is copied as it was, cut only between characters or character references.
 *
 * A sentence is found while ignoring whitespace and the citation markers ("[3]" links); failing
 * that, ignoring case and everything but letters and digits (a sentence the Checks section wrote
 * with other punctuation or escapes). Failing both, a block that holds the sentence's opening
 * words gets a class instead (a sentence cut short in the section). Work is bounded: a sentence
 * too short to say anything is not looked for, and each is marked at most MAX_OCCURRENCES times.
 */
import { decodeEntities } from "../../research/publish/decode-entities.ts";
import { escapeHtml } from "../html-escape.ts";

export interface Claim {
  sentence: string;
  /** Why it is listed, the mark's title. */
  title: string;
}

const MAX_OCCURRENCES = 10;
/** Letters and digits a sentence needs before it is looked for: fewer would mark at random. */
const MIN_WORD_CHARS = 12;
/** The opening a block must hold for the fallback class. */
const HEAD_WORD_CHARS = 40;

const BLOCK_TAGS = new Set(
  "p li h1 h2 h3 h4 h5 h6 td th pre blockquote ul ol table thead tbody tr hr br".split(" "),
);
/** Where the fallback class may go: a block marked wrote with no attributes of its own. */
const CLASSABLE = /^<(p|li|td|th|h[1-6])>$/;
const CITATION_MARKER = /^\[\d{1,6}\]$/;
/** Not text: where a match may not continue (between two blocks, or a tag in some forms). */
const BREAK = "\u0000";

/**
 * The report's text, one UTF-16 unit at a time, and for each where its HTML lies (a character
 * reference is one piece of HTML, however many characters it stands for) and the opening tag of
 * the block it is in. Parallel arrays of numbers: a long report makes no object per character.
 */
interface ReportText {
  text: string;
  start: Int32Array;
  end: Int32Array;
  block: Int32Array;
}

interface Folded {
  text: string;
  /** For each unit of text, the index in ReportText.text it came from. */
  unit: Int32Array;
}

export function markClaims(html: string, claims: readonly Claim[]): string {
  if (claims.length === 0) return html;
  const report = reportText(html);
  const exact = fold(report.text, exactChar);
  let folded: Folded | undefined;
  const loose = () => (folded ??= fold(report.text, looseChar));
  const taken = new Uint8Array(report.text.length);
  const marks: { from: number; to: number; title: string }[] = [];
  const blocks = new Map<number, string[]>();
  for (const claim of mergeSame(claims)) {
    const found =
      findAll(exact, claim.sentence, exactChar, taken) ??
      findAll(loose(), claim.sentence, looseChar, taken);
    if (found) {
      for (const [from, to] of found) marks.push({ from, to, title: claim.title });
      continue;
    }
    const head = fold(claim.sentence, looseChar).text.slice(0, HEAD_WORD_CHARS);
    const at = head.length >= HEAD_WORD_CHARS ? loose().text.indexOf(head) : -1;
    const block = at >= 0 ? report.block[loose().unit[at]!]! : -1;
    if (block >= 0) blocks.set(block, [...(blocks.get(block) ?? []), claim.title]);
  }
  return insertMarks(html, report, marks, blocks);
}

/** One claim per sentence: a sentence listed for two citations is marked once, with both reasons. */
function mergeSame(claims: readonly Claim[]): Claim[] {
  const bySentence = new Map<string, string[]>();
  for (const { sentence, title } of claims) {
    bySentence.set(sentence, [...(bySentence.get(sentence) ?? []), title]);
  }
  return [...bySentence].map(([sentence, titles]) => ({ sentence, title: titles.join("; ") }));
}

/** The report's text: tags left out, citation markers left out, blocks kept apart by BREAK. */
function reportText(html: string): ReportText {
  // Every unit of text comes from at least one character of HTML (a tag of three or more makes
  // one BREAK; a reference of four or more, at most two units), so html.length units suffice.
  const size = html.length + 1;
  const report = {
    start: new Int32Array(size),
    end: new Int32Array(size),
    block: new Int32Array(size),
  };
  const pieces: string[] = [];
  let units = 0;
  const add = (text: string, start: number, end: number, block: number) => {
    pieces.push(text);
    for (let k = 0; k < text.length; k++, units++) {
      report.start[units] = start;
      report.end[units] = end;
      report.block[units] = block;
    }
  };
  let block = -1;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    const textEnd = lt < 0 ? html.length : lt;
    // Text: each character its own piece of HTML, but a reference one piece.
    while (i < textEnd) {
      const amp = html.indexOf("&", i);
      const plainEnd = amp < 0 || amp > textEnd ? textEnd : amp;
      for (; i < plainEnd; i++) add(html[i]!, i, i + 1, block);
      if (i >= textEnd) break;
      const reference = REFERENCE.exec(html.slice(i, Math.min(textEnd, i + 40)))?.[0];
      const length = reference?.length ?? 1;
      add(reference ? decodeEntities(reference).text : "&", i, i + length, block);
      i += length;
    }
    if (lt < 0) break;
    const close = html.indexOf(">", lt);
    const end = close < 0 ? html.length : close + 1;
    const tag = html.slice(lt, end);
    const name = /^<\/?([a-z0-9]+)/i.exec(tag)?.[1]?.toLowerCase() ?? "";
    if (BLOCK_TAGS.has(name)) {
      if (!tag.startsWith("</")) block = lt;
      add(BREAK, end, end, -1);
    }
    // A citation marker is no part of the sentence: its text is skipped whole.
    const marker = name === "a" && !tag.startsWith("</") ? citationMarkerEnd(html, end) : -1;
    i = marker >= 0 ? marker : end;
  }
  return { ...report, text: pieces.join("") };
}

/** After `<a ...>` at `from`: where its `</a>` ends when its text is a "[n]" marker, else -1. */
function citationMarkerEnd(html: string, from: number): number {
  const close = html.indexOf("</a>", from);
  if (close < 0 || close - from > 10) return -1;
  return CITATION_MARKER.test(html.slice(from, close)) ? close + 4 : -1;
}

const REFERENCE = /^&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whitespace is no difference: a line break in the report may be a space in the section. */
function exactChar(char: string): string {
  const code = char.charCodeAt(0);
  if (code > 32 && code < 127) return char;
  return /\s/.test(char) ? "" : char;
}
/** Letters and digits only, in lower case: other punctuation, escapes or case are no difference. */
function looseChar(char: string): string {
  if (char === BREAK) return BREAK;
  const code = char.charCodeAt(0);
  if (code < 128) {
    if ((code >= 48 && code <= 57) || (code >= 97 && code <= 122)) return char;
    return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : "";
  }
  return WORD_CHAR.test(char) ? char.toLowerCase() : "";
}

/** The text folded a character (a code point) at a time, each unit mapped to where it came from. */
function fold(text: string, foldChar: (char: string) => string): Folded {
  const pieces: string[] = [];
  // Lower case is at most three units for one (and never for a pair of surrogates).
  const unit = new Int32Array(text.length * 3 + 1);
  let units = 0;
  let i = 0;
  while (i < text.length) {
    const length = (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    const folded = foldChar(length === 1 ? text[i]! : text.slice(i, i + 2));
    pieces.push(folded);
    for (let k = 0; k < folded.length; k++) unit[units++] = i;
    i += length;
  }
  return { text: pieces.join(""), unit };
}

/** Each place the sentence occurs (as unit ranges), none overlapping one marked already. */
function findAll(
  haystack: Folded,
  sentence: string,
  foldChar: (char: string) => string,
  taken: Uint8Array,
): [number, number][] | undefined {
  const needle = fold(sentence, foldChar).text.replaceAll(BREAK, "");
  if (fold(needle, looseChar).text.length < MIN_WORD_CHARS) return undefined;
  const found: [number, number][] = [];
  let at = haystack.text.indexOf(needle);
  while (at >= 0 && found.length < MAX_OCCURRENCES) {
    const from = haystack.unit[at]!;
    const to = haystack.unit[at + needle.length - 1]!;
    if (!taken.subarray(from, to + 1).includes(1)) {
      taken.fill(1, from, to + 1);
      found.push([from, to]);
    }
    at = haystack.text.indexOf(needle, at + needle.length);
  }
  return found.length ? found : undefined;
}

function insertMarks(
  html: string,
  report: ReportText,
  marks: readonly { from: number; to: number; title: string }[],
  blocks: ReadonlyMap<number, string[]>,
): string {
  const { start, end } = report;
  const inserts: { at: number; order: number; text: string }[] = [];
  for (const { from, to, title } of marks) {
    const open = `<mark class="claim-unchecked" title="${escapeHtml(title)}">`;
    // A run is text whose HTML is contiguous: a tag or a skipped marker ends it.
    let runStart = start[from]!;
    for (let u = from; u <= to; u++) {
      const runEnds = u === to || (start[u + 1] !== end[u] && start[u + 1] !== start[u]);
      if (!runEnds) continue;
      if (end[u]! > runStart) {
        inserts.push({ at: runStart, order: 1, text: open });
        inserts.push({ at: end[u]!, order: 0, text: "</mark>" });
      }
      if (u < to) runStart = start[u + 1]!;
    }
  }
  for (const [block, titles] of blocks) {
    const tag = /^<[a-z0-9]+>/i.exec(html.slice(block, block + 8))?.[0];
    if (!tag || !CLASSABLE.test(tag)) continue;
    const attributes = ` class="claim-unchecked-block" title="${escapeHtml(titles.join("; "))}"`;
    inserts.push({ at: block + tag.length - 1, order: 2, text: attributes });
  }
  inserts.sort((a, b) => a.at - b.at || a.order - b.order);
  let out = "";
  let last = 0;
  for (const { at, text } of inserts) {
    out += html.slice(last, at) + text;
    last = at;
  }
  return out + html.slice(last);
}
