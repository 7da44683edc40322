import { getDocumentProxy } from "unpdf";
import { ToolCallError } from "../tool-call-error.ts";

/** What a PDF gives web_fetch: its text (pages in order, one blank line apart) and metadata. */
export interface PdfText {
  title: string;
  /** The metadata's CreationDate (else ModDate) as YYYY-MM-DD, when it has one. */
  published?: string;
  text: string;
  /** Pages in the document, and how many were read (at most the page cap). */
  pages: number;
  pagesRead: number;
}

export interface PdfLimits {
  /** The most pages read; the rest are left out and said to be (default 200). */
  maxPages: number;
  /** Stops between pages once aborted (the call's deadline): pdf.js cannot be cut mid-page. */
  signal: AbortSignal;
}

/** A PDF web_fetch cannot read (errorType pdf_encrypted, pdf_no_text, pdf_invalid); one line. */
export class PdfRefusal extends ToolCallError {
  override readonly name = "PdfRefusal";
}

/**
 * The text of a PDF through pdf.js (unpdf's serverless build: no worker thread, no canvas, no
 * eval, runs in Node and workerd). A password-protected file and one without a text layer
 * (scanned pages) are refused with a PdfRefusal; pdf.js's own warnings are silenced.
 */
export async function pdfText(body: Uint8Array, limits: PdfLimits): Promise<PdfText> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const data = new Uint8Array(body);
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    document = await getDocumentProxy(data, {
      verbosity: 0,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
    });
  } catch (error) {
    // A build without pdf.js (the Worker's stub) says so itself.
    if (error instanceof ToolCallError) throw error;
    const name = (error as { name?: string } | undefined)?.name;
    if (name === "PasswordException") {
      throw new PdfRefusal(
        "the PDF is encrypted with a password, so its text cannot be read",
        "pdf_encrypted",
      );
    }
    throw new PdfRefusal("the file is not a readable PDF", "pdf_invalid");
  }
  try {
    const pages = document.numPages;
    const pagesRead = Math.min(pages, limits.maxPages);
    const texts: string[] = [];
    for (let number = 1; number <= pagesRead; number++) {
      if (limits.signal.aborted) throw limits.signal.reason;
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      texts.push(
        content.items
          .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
          .join("")
          .replace(/[ \t]+\n/g, "\n")
          .trim(),
      );
      page.cleanup();
    }
    const text = texts.filter((t) => t.length > 0).join("\n\n");
    if (text.trim() === "") {
      throw new PdfRefusal(
        "the PDF has no text layer (scanned or image-only pages), so there is no text to read",
        "pdf_no_text",
      );
    }
    const { info } = (await document.getMetadata().catch(() => ({ info: {} }))) as {
      info: Record<string, unknown>;
    };
    const date = pdfDate(info.CreationDate) ?? pdfDate(info.ModDate);
    return {
      title: typeof info.Title === "string" ? info.Title.trim() : "",
      ...(date ? { published: date } : {}),
      text:
        pagesRead < pages
          ? `${text}\n\n[only the first ${pagesRead} of ${pages} pages were read]`
          : text,
      pages,
      pagesRead,
    };
  } finally {
    await document.loadingTask.destroy();
  }
}

/** "D:20250314093000+01'00'" (the PDF date format) as "2025-03-14"; undefined if it is not one. */
export function pdfDate(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?/.exec(value.trim());
  if (!match) return undefined;
  const [, year, month = "01", day = "01"] = match;
  const date = `${year}-${month}-${day}`;
  return Number.isNaN(Date.parse(date)) ? undefined : date;
}
