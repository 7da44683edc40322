/**
 * What the publish sanitizer took out of a text, as exploration-log.json lists it:
 * - link: a link to a page no tool retrieved (its text kept)
 * - autolink: an autolink or GFM bare URL / www. link to a page no tool retrieved
 * - url: URL-like text (scheme://, www., //host) that some renderer would turn into a link
 * - email: an e-mail address, which GFM renderers turn into a mailto: link
 * - scheme: a link whose target is not http(s) (javascript:, data:, mailto:, a relative path...)
 * - image: an image (its alt text kept)
 * - html: raw HTML, comments included (kept as visible text)
 * - reference: a reference definition (links through it are judged like any link)
 * - source: a retrieved page whose URL cannot be published (not http(s), credentials in it)
 */
export type RemovalKind =
  | "link"
  | "autolink"
  | "url"
  | "email"
  | "scheme"
  | "image"
  | "html"
  | "reference"
  | "source";

export interface Removal {
  kind: RemovalKind;
  /** The URL or a short excerpt of what was removed, bounded. */
  value: string;
}

/** Kinds whose value is a link target the model (or a page) wrote: the log's `removedLinks`. */
const LINK_KINDS: ReadonlySet<RemovalKind> = new Set(["link", "autolink", "url", "scheme"]);

const MAX_VALUE_CHARS = 200;
/** A hostile page can hold thousands of links; the log keeps the first ones and a count. */
export const MAX_REMOVALS = 100;

/** Removals in first-seen order without repeats, each value bounded and on one line. */
export class RemovalList {
  readonly #seen = new Map<string, Removal>();
  #dropped = 0;

  add(kind: RemovalKind, value: string): void {
    const bounded = boundedValue(value);
    const key = `${kind}\u0000${bounded}`;
    if (this.#seen.has(key)) return;
    if (this.#seen.size >= MAX_REMOVALS) {
      this.#dropped++;
      return;
    }
    this.#seen.set(key, { kind, value: bounded });
  }

  addAll(removals: Iterable<Removal>): void {
    for (const removal of removals) this.add(removal.kind, removal.value);
  }

  list(): Removal[] {
    return [...this.#seen.values()];
  }

  /** Removals beyond MAX_REMOVALS, counted but not listed. */
  get unlisted(): number {
    return this.#dropped;
  }
}

/** The link targets among removals, as the log's `removedLinks` has always listed them. */
export function removedLinkTargets(removals: readonly Removal[]): string[] {
  return removals.filter((r) => LINK_KINDS.has(r.kind)).map((r) => r.value);
}

function boundedValue(value: string): string {
  // Control characters would make the log hard to read and could hide text from a reviewer.
  const line = value.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").trim();
  return line.length > MAX_VALUE_CHARS ? `${line.slice(0, MAX_VALUE_CHARS - 1)}…` : line;
}
