import { ToolCallError } from "../../../src/tools/tool-call-error.ts";

/**
 * Stands in for unpdf in the Worker build (wrangler.jsonc `alias`): pdf.js is about 0.47 MiB
 * gzipped, which the Worker's size budget has no room for. web_fetch loads unpdf only for a PDF,
 * so HTML, text and JSON read as everywhere else, and a PDF is refused in one line.
 */
export function getDocumentProxy(): never {
  throw new ToolCallError(
    "this deployment (Cloudflare Worker) does not read PDFs; look for an HTML version of the document",
    "pdf_unavailable",
  );
}
