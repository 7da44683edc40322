import { ToolCallError } from "../tool-call-error.ts";
import type { ReadPage } from "./page-cache.ts";
import {
  decodeBody,
  kindOfContentType,
  mediaType,
  type PageKind,
  pageText,
  sniffKind,
} from "./page-content.ts";

/** What a response's Content-Type lets web_fetch do before downloading the body. */
export type Admitted =
  | { read: "page"; kind: PageKind | "pdf" | undefined }
  | { read: "sniff-pdf" }
  | { refused: string };

const PDF_TYPES = new Set(["application/pdf", "application/x-pdf"]);
/** Types servers send for "some file": read only when the body turns out to be a PDF. */
const UNTYPED = new Set([
  "application/octet-stream",
  "binary/octet-stream",
  "application/download",
]);

/**
 * Read (HTML, text, JSON, PDF), sniffed (no type: any of those; octet-stream named *.pdf by its
 * path or Content-Disposition: a PDF if its bytes say so), or refused before downloading.
 */
export function admitContentType(
  header: string | undefined,
  url: URL,
  disposition: string | undefined,
): Admitted {
  const type = mediaType(header);
  if (PDF_TYPES.has(type)) return { read: "page", kind: "pdf" };
  const namedPdf =
    /\.pdf$/i.test(url.pathname) || /filename\*?=[^;]*\.pdf\b/i.test(disposition ?? "");
  if (UNTYPED.has(type) && namedPdf) return { read: "sniff-pdf" };
  const kind = kindOfContentType(header);
  if (kind === "refused") return { refused: type };
  return { read: "page", kind };
}

export interface BodyLimits {
  full: boolean;
  maxPdfPages: number;
  signal: AbortSignal;
}

/**
 * A downloaded body as the page web_fetch keeps: PDFs through pdf-text.ts (loaded on the first
 * PDF, so a run that reads none never loads pdf.js), everything else through pageText.
 */
export async function readBody(
  body: { body: Buffer; truncated: boolean },
  contentType: string | undefined,
  admitted: Exclude<Admitted, { refused: string }>,
  url: URL,
  limits: BodyLimits,
): Promise<ReadPage> {
  const sniffed = admitted.read === "sniff-pdf" || admitted.kind === undefined;
  const pdf =
    (admitted.read === "page" && admitted.kind === "pdf") || (sniffed && looksLikePdf(body.body));
  if (pdf) {
    if (body.truncated) {
      // A PDF's index sits at its end: the start of one is not a readable document.
      throw new ToolCallError(
        `${url.hostname} sent a PDF larger than the download limit; it cannot be read in part`,
        "pdf_too_large",
      );
    }
    const { pdfText } = await import("./pdf-text.ts");
    const read = await pdfText(body.body, { maxPages: limits.maxPdfPages, signal: limits.signal });
    return {
      url: url.href,
      title: read.title,
      ...(read.published ? { published: read.published } : {}),
      text: read.text,
      downloadCut: false,
    };
  }
  const kind = admitted.read === "page" ? admitted.kind : "refused";
  const resolved = kind === undefined ? sniffKind(body.body) : kind;
  if (resolved === "refused" || resolved === "pdf") {
    // An untyped download named *.pdf that is not one.
    throw new ToolCallError(
      `${url.hostname} sent binary data; web_fetch reads only HTML, text, JSON and PDF`,
      "unsupported_content_type",
    );
  }
  const page = await pageText(decodeBody(body.body, contentType, resolved), resolved, url, {
    full: limits.full,
  });
  return {
    url: url.href,
    title: page.title,
    ...(page.byline ? { byline: page.byline } : {}),
    ...(page.published ? { published: page.published } : {}),
    ...(page.site ? { site: page.site } : {}),
    text: page.text,
    downloadCut: body.truncated,
  };
}

/** `%PDF-` near the start (readers tolerate a few bytes of junk before it). */
export function looksLikePdf(body: Uint8Array): boolean {
  return Buffer.from(body.subarray(0, 1024)).toString("latin1").includes("%PDF-");
}
