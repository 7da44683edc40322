import { urlsInText } from "./urls-in-text.ts";

/** Where a URL was seen: the user's own request, a search result, or a page already fetched. */
export type UrlOrigin = "user" | "search" | "page";

export type FetchRefusal =
  | "not_seen"
  | "page_link_after_private"
  | "run_cap"
  | "step_cap"
  | "host_denied"
  | "host_not_allowed";

export const DEFAULT_MAX_FETCHES = 20;
export const DEFAULT_MAX_FETCHES_PER_STEP = 5;

export interface FetchRules {
  /** web_fetch calls that may go out in one agent run (default DEFAULT_MAX_FETCHES). */
  maxFetches?: number | undefined;
  /** ...and in one model step (default DEFAULT_MAX_FETCHES_PER_STEP). */
  maxFetchesPerStep?: number | undefined;
  /**
   * Host lists a URL must match every one of (an operator's and a request's): a list entry
   * matches the host itself and its subdomains. Empty: no allow list.
   */
  allowHosts?: readonly (readonly string[])[] | undefined;
  /** Hosts (and their subdomains) never fetched. */
  denyHosts?: readonly string[] | undefined;
}

export type Admission = { ok: true } | { ok: false; refusal: FetchRefusal; message: string };

/**
 * What one agent run may fetch, decided in code whatever a page tells the model. A URL is read
 * only when this run has seen it, exactly (normalized, query included, so nothing can be
 * appended): in the user's request, in search results, or in a page already fetched. Once
 * private content is in the conversation (earlier research, a codebase file, an MCP answer),
 * page links no longer count: only URLs from search results or the user's request, which a
 * page cannot mint on the spot. Caps per run and per step bound what even a seen URL can carry.
 */
export class FetchProvenance {
  readonly #seen = new Map<string, UrlOrigin>();
  readonly #perStep = new Map<number, number>();
  readonly #maxFetches: number;
  readonly #maxPerStep: number;
  readonly #allow: readonly (readonly string[])[];
  readonly #deny: readonly string[];
  #fetched = 0;
  #privateSince: string | undefined;

  constructor(rules: FetchRules = {}) {
    this.#maxFetches = rules.maxFetches ?? DEFAULT_MAX_FETCHES;
    this.#maxPerStep = rules.maxFetchesPerStep ?? DEFAULT_MAX_FETCHES_PER_STEP;
    this.#allow = (rules.allowHosts ?? []).filter((list) => list.length > 0);
    this.#deny = rules.denyHosts ?? [];
  }

  /** Records URLs as seen from `origin`; a URL seen from the user or a search stays so. */
  see(origin: UrlOrigin, urls: Iterable<string>): void {
    for (const url of urls) {
      const key = fetchKey(url);
      if (key === undefined) continue;
      const known = this.#seen.get(key);
      if (known === undefined || (known === "page" && origin !== "page"))
        this.#seen.set(key, origin);
    }
  }

  /** Records every URL written in `text` (a request, a page the model read). */
  seeText(origin: UrlOrigin, text: string): void {
    this.see(origin, urlsInText(text));
  }

  /** Private content entered the conversation: page links stop counting from now on. */
  markPrivate(cause: string): void {
    this.#privateSince ??= cause;
  }

  get hasPrivate(): boolean {
    return this.#privateSince !== undefined;
  }

  /**
   * Whether `url` may be fetched now, by the call in model step `step`; an admitted call counts
   * against the caps. A refusal's message is for the model: it says why and what to do instead.
   */
  admit(url: string, step: number): Admission {
    const key = fetchKey(url);
    // Not an http(s) URL: the fetch itself refuses it, with its own reason.
    if (key === undefined) return { ok: true };
    const host = new URL(key).hostname.replace(/^\[|\]$/g, "").toLowerCase();
    const denied = this.#deny.find((entry) => hostMatches(host, entry));
    if (denied !== undefined) {
      return this.#refuse("host_denied", `${host} is on the operator's deny list for web_fetch`);
    }
    if (this.#allow.some((list) => !list.some((entry) => hostMatches(host, entry)))) {
      return this.#refuse(
        "host_not_allowed",
        `${host} is not on the allow list for web_fetch (${this.#allow.map((l) => l.join(", ")).join("; and ")})`,
      );
    }
    const origin = this.#seen.get(key);
    if (origin === undefined) {
      return this.#refuse(
        "not_seen",
        `web_fetch reads only URLs that appeared in search results, in pages already read or in the user's request, exactly as written; ${shown(key)} did not (a URL that was built or changed, for example with added query parameters, is refused). Use a URL as it was given, or search for the page.`,
      );
    }
    if (origin === "page" && this.#privateSince !== undefined) {
      return this.#refuse(
        "page_link_after_private",
        `private material is in this conversation now (${this.#privateSince}), so web_fetch reads only URLs from search results or the user's request; ${shown(key)} appeared only in a fetched page.`,
      );
    }
    if (this.#fetched >= this.#maxFetches) {
      return this.#refuse(
        "run_cap",
        `this run has used all ${this.#maxFetches} of its web_fetch calls; write the report from what was read`,
      );
    }
    const inStep = this.#perStep.get(step) ?? 0;
    if (inStep >= this.#maxPerStep) {
      return this.#refuse(
        "step_cap",
        `at most ${this.#maxPerStep} web_fetch calls per step; fetch the others in the next step`,
      );
    }
    this.#fetched += 1;
    this.#perStep.set(step, inStep + 1);
    return { ok: true };
  }

  // Counted where the run's log is written (webFetchSummary), from the calls themselves.
  #refuse(refusal: FetchRefusal, message: string): Admission {
    return { ok: false, refusal, message };
  }
}

/**
 * A URL as compared for provenance: WHATWG-parsed (scheme and host lower-cased, default port
 * dropped, dot segments resolved), the fragment dropped (it never leaves the client), a trailing
 * slash of a path without a query ignored. The query is kept whole: it is where data would go.
 */
export function fetchKey(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  parsed.hash = "";
  const href = parsed.href;
  return parsed.search === "" && parsed.pathname.length > 1 ? href.replace(/\/+$/, "") : href;
}

/** A host-list entry matches the host itself and every subdomain of it. */
export function hostMatches(host: string, entry: string): boolean {
  const name = entry.toLowerCase().replace(/^\*?\./, "");
  return host === name || host.endsWith(`.${name}`);
}

function shown(key: string): string {
  return key.length > 200 ? `${key.slice(0, 200)}…` : key;
}
