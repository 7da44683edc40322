import { tool } from "ai";
import { z } from "zod";
import { readCappedBody } from "../net/capped-body.ts";
import { fetchPublic } from "../net/fetch-public.ts";
import { type HostLookup, systemLookup } from "../net/host-lookup.ts";
import { isNetError } from "../net/net-error.ts";
import type { PrivateAllowList } from "../net/private-allow-list.ts";
import { type CallFailure, callFailure } from "./call-failure.ts";
import { startDeadline } from "./deadline-signal.ts";
import { raceAbort } from "./race-abort.ts";
import { ToolCallError } from "./tool-call-error.ts";
import { logToolCall, type OnToolCall } from "./tool-call-log.ts";
import { fenceUntrusted } from "./untrusted-text.ts";
import type { FetchProvenance } from "./web-fetch/fetch-provenance.ts";
import {
  decodeBody,
  kindOfContentType,
  mediaType,
  type PageKind,
  pageText,
  sniffKind,
} from "./web-fetch/page-content.ts";

export const WEB_FETCH_TOOL_NAME = "web_fetch";
const MAX_URL_CHARS = 2048;
const REQUEST_HEADERS = {
  "user-agent": "idea-explorer/0.1 (web_fetch)",
  accept: "text/html, application/xhtml+xml, text/plain;q=0.9, application/json;q=0.9, */*;q=0.1",
};

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
});

/**
 * What a web_fetch call returns. The model reads the rendered text (toModelOutput); `url` (after
 * redirects) and `title` make the page a retrieved source: the runner adds it to the report's
 * Sources through `webFetchSourceOf(toolResult.output)`, next to web_search's results.
 */
export interface WebFetchOutput {
  /** The address that answered, after redirects. */
  url: string;
  title: string;
  text: string;
  /** The text was cut at the character cap, or the body at the download cap. */
  truncated: boolean;
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
  /** The most characters of page text returned to the model (default 200,000). */
  maxBytes?: number;
  /** The most (decompressed) body bytes read from the network (default 5 MB). */
  maxDownloadBytes?: number;
  /** Per call, redirects and download included (default 15 s). */
  timeoutMs?: number;
  /** Host name resolution (default the system resolver); every answer is checked and pinned. */
  lookup?: HostLookup;
  /** Which addresses count as public (default isPublicAddress from src/net). */
  isPublicAddress?: (address: string) => boolean;
  /** Receives one entry per call; without it each call is logged as one JSON line on stderr. */
  onToolCall?: OnToolCall;
}

/**
 * web_fetch: the readable text of one web page (HTML, plain text or JSON), capped. Only http and
 * https; private, loopback and link-local addresses are refused unless the operator allows them,
 * at every redirect hop, and the connection goes to the checked address only.
 */
export function createWebFetchTool(options: WebFetchToolOptions = {}) {
  const maxChars = positive(options.maxBytes ?? 200_000, "maxBytes");
  const maxDownloadBytes = positive(options.maxDownloadBytes ?? 5_000_000, "maxDownloadBytes");
  const timeoutMs = positive(options.timeoutMs ?? 15_000, "timeoutMs");
  const policy = {
    lookup: options.lookup ?? systemLookup,
    allowPrivate: options.allowPrivate ?? false,
    ...(options.isPublicAddress ? { isPublic: options.isPublicAddress } : {}),
  };
  const report = options.onToolCall ?? ((entry) => logToolCall(entry));

  return tool({
    description:
      "Read one web page: returns its title and readable text (HTML, plain text or JSON; long " +
      "pages are truncated). Use it on URLs from web_search results to read the details.",
    inputSchema: webFetchInputSchema,
    execute: async ({ url }, { abortSignal, messages }): Promise<WebFetchOutput> => {
      const started = performance.now();
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
        const declared = kindOfContentType(contentType);
        if (declared === "refused") {
          answer.response.destroy();
          throw refusedType(host, mediaType(contentType));
        }
        const body = await raceAbort(readCappedBody(answer.response, maxDownloadBytes), signal);
        bytes = body.body.length;
        const kind: PageKind | "refused" = declared ?? sniffKind(body.body);
        if (kind === "refused") throw refusedType(host, "binary data");
        const page = pageText(decodeBody(body.body, contentType, kind), kind, answer.url);
        const text = capText(cleanText(page.text), maxChars, body.truncated);
        const output: WebFetchOutput = {
          url: answer.url.href,
          title:
            cleanText(page.title).replace(/\s+/g, " ").slice(0, 300) || fallbackTitle(answer.url),
          text: text.text,
          truncated: text.truncated,
        };
        // Links the model reads may be followed, until private content joins the conversation.
        options.provenance?.see("page", [output.url]);
        options.provenance?.seeText("page", output.text);
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
}

/** A failed web_fetch call; the model reads "WebFetchError: <what happened>". */
export class WebFetchError extends ToolCallError {
  override readonly name = "WebFetchError";
}

/** The model's view of a page: its title and text inside the fence for untrusted text. */
export function formatWebPage(output: WebFetchOutput): string {
  return fenceUntrusted(
    { kind: "web page", from: output.url },
    [`Title: ${output.title}`, "", output.text || "(the page has no readable text)"].join("\n"),
  );
}

/** The page a web_fetch tool-result retrieved, as a source `{ url, title }`, or undefined. */
export function webFetchSourceOf(output: unknown): { url: string; title: string } | undefined {
  if (output === null || typeof output !== "object") return undefined;
  const { url, title } = output as { url?: unknown; title?: unknown };
  if (typeof url !== "string" || typeof title !== "string") return undefined;
  if (!/^https?:\/\//i.test(url)) return undefined;
  return { url, title };
}

function refusedType(host: string, type: string): WebFetchError {
  return new WebFetchError(
    `${host} sent ${type.slice(0, 60) || "an unknown type"}; web_fetch reads only HTML, text and JSON`,
    "unsupported_content_type",
  );
}

/**
 * The text within `maxChars`, the cap included: a cut page ends with a "[truncated: ...]" note,
 * so the model (and anyone reading the output) knows there is more it did not see.
 */
function capText(text: string, maxChars: number, downloadCut: boolean) {
  const note = downloadCut
    ? "\n\n[truncated: the page is larger than the download limit; only its start was read]"
    : `\n\n[truncated: the page is longer than ${maxChars} characters; only the start is shown]`;
  if (!downloadCut && text.length <= maxChars) return { text, truncated: false };
  const room = Math.max(maxChars - note.length, 0);
  return { text: `${text.slice(0, room)}${note}`.slice(0, maxChars), truncated: true };
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
  if (error instanceof WebFetchError) return { message: error.message, errorType: error.errorType };
  if (isNetError(error)) return { message: error.message, errorType: error.kind };
  // Anything else (a reset connection mid-body) may carry internals: say only what kind it was.
  return { message: "the connection failed while reading the page", errorType: "network_error" };
}
