import type { ToolSet } from "ai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type LoopbackSite, serve, startLoopbackSite } from "../../test/fakes/loopback-site.ts";
import { driveTool } from "../../test/helpers/drive-tool.ts";
import { buildPdf } from "../../test/helpers/pdf-builder.ts";
import { webFetchSummary } from "../research/explore/web-fetch-summary.ts";
import type { ToolCallLog } from "./tool-call-log.ts";
import { FetchProvenance } from "./web-fetch/fetch-provenance.ts";
import {
  createWebFetchTool,
  WEB_FETCH_TOOL_NAME,
  type WebFetchOutput,
  type WebFetchToolOptions,
} from "./web-fetch.ts";

let site: LoopbackSite;
let logs: ToolCallLog[];
beforeEach(async () => {
  logs = [];
  site = await startLoopbackSite();
});
afterEach(() => site.close());

/** One tool for the whole test, as one run has one: its cache lives as long as it does. */
function webFetch(options: WebFetchToolOptions = {}): ToolSet {
  return {
    [WEB_FETCH_TOOL_NAME]: createWebFetchTool({
      allowPrivate: true,
      onToolCall: (l) => logs.push(l),
      ...options,
    }),
  };
}

async function call(tools: ToolSet, input: Record<string, unknown>) {
  const result = await driveTool(tools, WEB_FETCH_TOOL_NAME, input);
  if (result.part.type === "tool-result") {
    return { output: result.part.output as WebFetchOutput, modelSaw: result.modelSaw };
  }
  return { error: result.modelSaw };
}

async function ok(tools: ToolSet, input: Record<string, unknown>) {
  const result = await call(tools, input);
  if (!("output" in result) || !result.output) throw new Error(`expected a part: ${result.error}`);
  return result as { output: WebFetchOutput; modelSaw: string };
}

const paragraphs = (n: number) =>
  Array.from({ length: n }, (_, i) => `Paragraph ${i + 1}: ${"solar dryers sell well ".repeat(8)}`);

describe("web_fetch reads a long page in parts", () => {
  it("serves later parts from its cache, without a second request, until the end", async () => {
    // Plain text as served; the tool trims its ends.
    const text = paragraphs(40).join("\n\n").trim();
    site.route("/long", serve("text/plain", text));
    const tools = webFetch({ maxPageChars: 2_000 });
    const url = `${site.origin}/long`;

    const parts: WebFetchOutput[] = [];
    let offset = 0;
    let last = "";
    for (;;) {
      const { output, modelSaw } = await ok(tools, { url, offset });
      parts.push(output);
      last = modelSaw.split("\n").at(-1) ?? "";
      if (output.part.end >= output.part.total) break;
      expect(last).toBe(
        `[characters ${offset}–${output.part.end} of ${text.length}; call again with \`offset: ${output.part.end}\` for more]`,
      );
      offset = output.part.end;
    }
    expect(parts.length).toBeGreaterThan(3);
    // Parts are cut between paragraphs, never over the cap, and add up to the page.
    expect(parts.every((p) => p.text.length <= 2_000)).toBe(true);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect(last).toMatch(/; the end of the page\]$/);
    expect(site.requests).toHaveLength(1);
    expect(logs.slice(1).every((l) => l.cached === true && l.ok)).toBe(true);
  });

  it("answers an offset past the end with a tool error the model reads", async () => {
    site.route("/short", serve("text/plain", "Only a little text."));
    const tools = webFetch();
    const { error } = await call(tools, { url: `${site.origin}/short`, offset: 500 });
    expect(error).toBe(
      "WebFetchError: offset 500 is past the end of the page (19 characters); the part before it was the last one",
    );
    // The page was read once even so; asking again from the start costs no request.
    await ok(tools, { url: `${site.origin}/short` });
    expect(site.requests).toHaveLength(1);
  });

  it("keeps the main content and the whole page apart: full: true reads the page again", async () => {
    site.route("/page", serve("text/html", "<title>T</title><main><p>Body text.</p></main>"));
    const tools = webFetch();
    await ok(tools, { url: `${site.origin}/page` });
    await ok(tools, { url: `${site.origin}/page`, full: true });
    await ok(tools, { url: `${site.origin}/page`, full: true, offset: 0 });
    expect(site.requests).toHaveLength(2);
  });

  it("does not count a cached part against the run's fetch cap, nor in the log's fetched pages", async () => {
    site.route("/a", serve("text/plain", paragraphs(20).join("\n\n")));
    site.route("/b", serve("text/plain", "Another page."));
    const provenance = new FetchProvenance({ maxFetches: 1 });
    provenance.see("search", [`${site.origin}/a`, `${site.origin}/b`]);
    const tools = webFetch({ provenance, maxPageChars: 1_000 });

    const first = await ok(tools, { url: `${site.origin}/a` });
    await ok(tools, { url: `${site.origin}/a`, offset: first.output.part.end });
    const refused = await call(tools, { url: `${site.origin}/b` });
    expect(refused.error).toMatch(/used all 1 of its web_fetch calls/);
    expect(webFetchSummary(logs)).toEqual({ fetched: 1, refused: { run_cap: 1 } });
  });
});

describe("web_fetch reads PDFs", () => {
  const lines = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of the market report.`);
  const report = buildPdf({
    pages: [lines.slice(0, 30), lines.slice(30)],
    title: "Solar dryer market 2025",
    creationDate: "D:20250314093000Z",
  });

  it("returns a PDF's text in parts, titled and dated from its metadata", async () => {
    site.route("/report", serve("application/pdf", report));
    const tools = webFetch({ maxPageChars: 1_000 });
    const first = await ok(tools, { url: `${site.origin}/report` });
    expect(first.output).toMatchObject({
      title: "Solar dryer market 2025",
      published: "2025-03-14",
      truncated: false,
    });
    expect(first.output.text).toMatch(/^Line 1 of the market report\.\nLine 2 /);
    expect(first.modelSaw).toContain("Title: Solar dryer market 2025\nPublished: 2025-03-14\n");
    const second = await ok(tools, { url: `${site.origin}/report`, offset: first.output.part.end });
    expect(second.modelSaw).toContain("Title: Solar dryer market 2025 (continued)\n\n");
    expect(second.modelSaw).not.toContain("Published:");
    expect(second.output.text).toContain("Line 60 of the market report.");
    expect(site.requests).toHaveLength(1);
  });

  it("reads a PDF sent as octet-stream under a .pdf name, by its %PDF- signature", async () => {
    site.route("/files/report.pdf", serve("application/octet-stream", report));
    const { output } = await ok(webFetch(), { url: `${site.origin}/files/report.pdf` });
    expect(output.text).toContain("Line 31 of the market report.");
  });

  it("stops at the page cap and says so", async () => {
    site.route("/report", serve("application/pdf", report));
    const { output } = await ok(webFetch({ maxPdfPages: 1 }), { url: `${site.origin}/report` });
    expect(output.text).toContain("Line 30 of");
    expect(output.text).not.toContain("Line 31 of");
    expect(output.text).toMatch(/\[only the first 1 of 2 pages were read\]$/);
  });

  it.each([
    [
      "an encrypted PDF",
      { pages: [["Secret"]], encrypted: true },
      "WebFetchError: the PDF is encrypted with a password, so its text cannot be read",
      "pdf_encrypted",
    ],
    [
      "an image-only PDF",
      { pages: [[]], imageOnly: true },
      "WebFetchError: the PDF has no text layer (scanned or image-only pages), so there is no text to read",
      "pdf_no_text",
    ],
  ])("refuses %s in one line", async (_name, spec, message, errorType) => {
    site.route("/doc", serve("application/pdf", buildPdf(spec)));
    const { error } = await call(webFetch(), { url: `${site.origin}/doc` });
    expect(error).toBe(message);
    expect(logs.at(-1)).toMatchObject({ ok: false, errorType });
  });
});
