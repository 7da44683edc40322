import { tool } from "ai";
import { z } from "zod";
import { readCappedBody } from "../net/capped-body.ts";
import { fetchPublic } from "../net/fetch-public.ts";
import { type HostLookup, systemLookup } from "../net/host-lookup.ts";
import { isNetError } from "../net/net-error.ts";
import type { PrivateAllowList } from "../net/private-allow-list.ts";
import type { Transport } from "../net/transport.ts";
import { type CallFailure, callFailure } from "./call-failure.ts";
import { startDeadline } from "./deadline-signal.ts";
import { raceAbort } from "./race-abort.ts";
import { ToolCallError } from "./tool-call-error.ts";
import { logToolCall, type OnToolCall } from "./tool-call-log.ts";
import { fenceUntrusted } from "./untrusted-text.ts";
import type { FetchProvenance } from "./web-fetch/fetch-provenance.ts";
import { PageCache, type PageCacheLimits, type ReadPage } from "./web-fetch/page-cache.ts";
import { type PagePart, pagePart, partLine } from "./web-fetch/page-part.ts";
import { admitContentType, readBody } from "./web-fetch/read-page.ts";

export const WEB_FETCH_TOOL_NAME = "web_fetch";
const MAX_URL_CHARS = 2048;
const REQUEST_HEADERS = {
  "user-agent": "idea-explorer/0.1 (web_fetch)",
  accept:
    "text/html, application/xhtml+xml, application/pdf, text/plain;q=0.9, application/json;q=0.9, */*;q=0.1",
};
/** Characters per part by default: about 3,000 tokens, so a long page costs what is read of it. */
export const DEFAULT_MAX_PAGE_CHARS = 12_000;
export const DEFAULT_MAX_PDF_PAGES = 200;

export const webFetchInputSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "url must not be empty")
    .max(MAX_URL_CHARS, `url must be at most ${MAX_URL_CHARS} characters`)
    .describe(
      "The full http or https address of the page to read, e.g. " +
        '"https://example.com/blog/solar-dryers". Use URLs from search results or earlier pages.',
    ),
  offset: z
    .number()
    .int("offset must be a whole number")
    .min(0, "offset must be 0 or more")
    .default(0)
    .describe(
      "Where to start reading, in characters (default 0). A long page comes in parts; each part " +
        "ends with the offset of the next one.",
    ),
  full: z
    .boolean()
    .default(false)
    .describe(
      "true: the whole page (menus, sidebars and footers included) instead of its main content. " +
        "Use it only when the main content missed what you need.",
    ),
});

/**
 * What a web_fetch call returns. The model reads the rendered text (toModelOutput); `url` (after
 * redirects) and `title` make the page a retrieved source: the runner adds it to the report's
 * Sources through `webFetchSourceOf(toolResult.output)`, next to web_search's results.
 */
export interface WebFetchOutput extends Omit<ReadPage, "text" | "downloadCut"> {
  /** This part's text. */
  text: string;
  /** The body stopped at the download cap: the page text is the start of a larger page. */
  truncated: boolean;
  /** Which characters of the page text this is: `text` is page[start, end) of `total`. */
  part: { start: number; end: number; total: number };
}

export interface WebFetchToolOptions {
  /**
   * Private and loopback addresses the tool may read: every one (true), the listed hosts and
   * networks, or none (default). Link-local and cloud metadata addresses are never read.
   */
  allowPrivate?: boolean | PrivateAllowList;
  /**
   * Which URLs this run may read (see FetchProvenance). Without it any public URL may be read:
   * fine for a tool that holds nothing private, never for an exploration.
   */
  provenance?: FetchProvenance;
  /**
   * The most characters of page text one call returns (default DEFAULT_MAX_PAGE_CHARS, 12,000,
   * about 3,000 tokens); a longer page comes in parts, the next asked for with `offset`.
   */
  maxPageChars?: number;
  /** @deprecated The former name of maxPageChars; maxPageChars wins when both are given. */
  maxBytes?: number;
  /**
   * false: every call reads the whole page, as `full: true` does (default true: the main
   * content, with `full` for the rest).
   */
  mainContent?: boolean;
  /** The most PDF pages read; later pages are left out and said to be (default 200). */
  maxPdfPages?: number;
  /**
   * Bounds of the pages this tool keeps for later parts (default 32 entries, 4,000,000
   * characters). One tool is one cache: create one tool per run, as explorations do.
   */
  pageCache?: PageCacheLimits;
  /** The most (decompressed) body bytes read from the network (default 5 MB). */
  maxDownloadBytes?: number;
  /** Per call, redirects and download included (default 15 s). */
  timeoutMs?: number;
  /** Host name resolution (default the system resolver); every answer is checked and pinned. */
  lookup?: HostLookup;
  /**
   * What sends the checked requests (default: node:http pinned to the checked addresses). The
   * Cloudflare Worker passes fetchTransport (src/net/fetch-transport.ts): its runtime cannot pin
   * an address, so each hop is judged by its URL and `lookup` is not used.
   */
  transport?: Transport;
  /** Which addresses count as public (default isPublicAddress from src/net). */
  isPublicAddress?: (address: string) => boolean;
  /** Receives one entry per call; without it each call is logged as one JSON line on stderr. */
  onToolCall?: OnToolCall;
}

/**
 * web_fetch: the readable text of one web page (HTML's main content or the whole page, plain
 * text, JSON or a PDF's text layer), in parts of at most `maxPageChars`. Later parts of a page
 * come from the tool's cache: no second download, no fetch against the caps. Only http and
 * https; private, loopback and link-local addresses are refused unless the operator allows them,
 * at every redirect hop, and the connection goes to the checked address only (with the default
 * transport; see WebFetchToolOptions.transport for the Worker's).
 */
export function createWebFetchTool(options: WebFetchToolOptions = {}) {
  const maxChars = positive(
    options.maxPageChars ?? options.maxBytes ?? DEFAULT_MAX_PAGE_CHARS,
    "maxPageChars",
  );
  const maxPdfPages = positive(options.maxPdfPages ?? DEFAULT_MAX_PDF_PAGES, "maxPdfPages");
  const cache = new PageCache(options.pageCache);
  const maxDownloadBytes = positive(options.maxDownloadBytes ?? 5_000_000, "maxDownloadBytes");
  const timeoutMs = positive(options.timeoutMs ?? 15_000, "timeoutMs");
  const policy = {
    lookup: options.lookup ?? systemLookup,
    allowPrivate: options.allowPrivate ?? false,
    ...(options.isPublicAddress ? { isPublic: options.isPublicAddress } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
  };
  const report = options.onToolCall ?? ((entry) => logToolCall(entry));

  return tool({
    description:
      "Read one web page or PDF: returns its title and main text (HTML, PDF, plain text or " +
      `JSON), at most ${maxChars} characters per call; a longer page ends with the offset to ` +
      "call again with for the next part. Use it on URLs from web_search results.",
    inputSchema: webFetchInputSchema,
    execute: async (input, { abortSignal, messages }): Promise<WebFetchOutput> => {
      const { url, offset } = input;
      const full = input.full || options.mainContent === false;
      const started = performance.now();
      const known = cache.get(url, full);
      if (known) {
        // Already read in this run: no request goes out, so neither caps nor provenance apply.
        const answered = partOf(known, offset) !== undefined;
        report({
          name: WEB_FETCH_TOOL_NAME,
          query: url,
          durationMs: 0,
          ok: answered,
          cached: true,
          ...(answered ? {} : { errorType: "offset_past_end" }),
        });
        return outputOf(known, offset);
      }
      // The conversation's length names the model step that asked: the per-step cap counts by it.
      const admission = options.provenance?.admit(url, messages?.length ?? 0) ?? { ok: true };
      if (!admission.ok) {
        report({
          name: WEB_FETCH_TOOL_NAME,
          query: url,
          durationMs: 0,
          ok: false,
          errorType: admission.refusal,
        });
        throw new WebFetchError(admission.message, admission.refusal);
      }
      const deadline = startDeadline(timeoutMs, abortSignal);
      const { signal } = deadline;
      let bytes: number | undefined;
      const log = (ok: boolean, errorType?: string) =>
        report({
          name: WEB_FETCH_TOOL_NAME,
          query: url,
          durationMs: Math.round(performance.now() - started),
          ok,
          ...(bytes !== undefined ? { bytes } : {}),
          ...(errorType ? { errorType } : {}),
        });
      try {
        const answer = await raceAbort(
          fetchPublic(url, { ...policy, headers: REQUEST_HEADERS, signal }),
          signal,
        );
        const host = answer.url.hostname;
        if (answer.status < 200 || answer.status > 299) {
          answer.response.destroy();
          throw new WebFetchError(`${host} answered HTTP ${answer.status}`, "http_status");
        }
        const contentType = answer.headers["content-type"];
        const admitted = admitContentType(
          contentType,
          answer.url,
          headerText(answer.headers["content-disposition"]),
        );
        if ("refused" in admitted) {
          answer.response.destroy();
          throw refusedType(host, admitted.refused);
        }
        const body = await raceAbort(readCappedBody(answer.response, maxDownloadBytes), signal);
        bytes = body.body.length;
        const read = await raceAbort(
          readBody(body, contentType, admitted, answer.url, { full, maxPdfPages, signal }),
          signal,
        );
        const page = cleanPage(read, answer.url);
        cache.set(url, full, page);
        // Links the model reads may be followed, until private content joins the conversation.
        options.provenance?.see("page", [page.url]);
        options.provenance?.seeText("page", page.text);
        const output = outputOf(page, offset);
        log(true);
        return output;
      } catch (error) {
        const failure = callFailure(
          error,
          deadline,
          {
            timedOut: `the page did not arrive within ${timeoutMs / 1000} s`,
            cancelled: "the fetch was cancelled",
          },
          describeFailure,
        );
        log(false, failure.errorType);
        // Thrown, so the SDK hands the model a tool-error it can read and react to.
        throw new WebFetchError(failure.message, failure.errorType);
      } finally {
        deadline.dispose();
      }
    },
    toModelOutput: ({ output }) => ({ type: "text", value: formatWebPage(output) }),
  });

  function outputOf(page: ReadPage, offset: number): WebFetchOutput {
    const part = partOf(page, offset);
    if (!part) {
      throw new WebFetchError(
        `offset ${offset} is past the end of the page (${page.text.length} characters); ` +
          "the part before it was the last one",
        "offset_past_end",
      );
    }
    return {
      url: page.url,
      title: page.title,
      ...(page.byline ? { byline: page.byline } : {}),
      ...(page.published ? { published: page.published } : {}),
      ...(page.site ? { site: page.site } : {}),
      text: part.text,
      truncated: page.downloadCut,
      part: { start: part.start, end: part.end, total: part.total },
    };
  }

  function partOf(page: ReadPage, offset: number): PagePart | undefined {
    return pagePart(page.text, offset, maxChars);
  }
}

/** A failed web_fetch call; the model reads "WebFetchError: <what happened>". */
export class WebFetchError extends ToolCallError {
  override readonly name = "WebFetchError";
}

/**
 * The model's view of a part: title (and, with the first part, byline, date and site) and text
 * inside the fence for untrusted text; after it, in the tool's own voice, where the part sits
 * in the page and the offset of the next one.
 */
export function formatWebPage(output: WebFetchOutput): string {
  const first = output.part.start === 0;
  const head = [
    `Title: ${output.title}${first ? "" : " (continued)"}`,
    ...(first && output.byline ? [`By: ${output.byline}`] : []),
    ...(first && output.published ? [`Published: ${output.published}`] : []),
    ...(first && output.site ? [`Site: ${output.site}`] : []),
  ];
  const fenced = fenceUntrusted(
    { kind: "web page", from: output.url },
    [...head, "", output.text || "(the page has no readable text)"].join("\n"),
  );
  const line = partLine({ ...output.part, text: output.text });
  const cut =
    output.truncated && output.part.end >= output.part.total
      ? "[the page is larger than the download limit; only its start was read]"
      : undefined;
  return [fenced, line, cut].filter(Boolean).join("\n");
}

/**
 * The page a web_fetch tool-result retrieved, as a source `{ url, title }`, or undefined. The
 * title names the site and date when the page gave them, so the report's Sources show them.
 */
export function webFetchSourceOf(output: unknown): { url: string; title: string } | undefined {
  if (output === null || typeof output !== "object") return undefined;
  const { url, title, site, published } = output as Partial<Record<string, unknown>>;
  if (typeof url !== "string" || typeof title !== "string") return undefined;
  if (!/^https?:\/\//i.test(url)) return undefined;
  const about = [site, published].filter((v): v is string => typeof v === "string" && v !== "");
  return { url, title: about.length ? `${title} (${about.join(", ")})` : title };
}

function refusedType(host: string, type: string): WebFetchError {
  return new WebFetchError(
    `${host} sent ${type.slice(0, 60) || "an unknown type"}; web_fetch reads only HTML, text, JSON and PDF`,
    "unsupported_content_type",
  );
}

/** The page as kept: control characters out, a one-line title (the URL when it has none). */
function cleanPage(page: ReadPage, url: URL): ReadPage {
  const line = (text: string | undefined) =>
    text === undefined ? undefined : cleanText(text).replace(/\s+/g, " ").trim().slice(0, 300);
  const byline = line(page.byline);
  const published = line(page.published);
  const site = line(page.site);
  return {
    url: page.url,
    title: line(page.title) || fallbackTitle(url),
    ...(byline ? { byline } : {}),
    ...(published ? { published } : {}),
    ...(site ? { site } : {}),
    text: cleanText(page.text),
    downloadCut: page.downloadCut,
  };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

function fallbackTitle(url: URL): string {
  return `${url.hostname}${url.pathname === "/" ? "" : url.pathname}`.slice(0, 300);
}

/** Control characters (other than tab and newline) say nothing to a reader. */
function cleanText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`web_fetch: ${name} must be a positive number, got ${value}`);
  }
  return value;
}

/** The tool's own failure; a timed-out or cancelled call was told apart before (callFailure). */
function describeFailure(error: unknown): CallFailure {
  // The tool's own refusals and pdf-text.ts's (an encrypted or image-only PDF).
  if (error instanceof ToolCallError) return { message: error.message, errorType: error.errorType };
  if (isNetError(error)) return { message: error.message, errorType: error.kind };
  // Anything else (a reset connection mid-body) may carry internals: say only what kind it was.
  return { message: "the connection failed while reading the page", errorType: "network_error" };
}
