import { describe, expect, it } from "vitest";
import {
  appendUpdate,
  parseResearch,
  type ResearchDocument,
  renderResearch,
  stripModelSources,
  titleFor,
} from "./research-document.ts";

const doc: ResearchDocument = {
  frontmatter: {
    title: "Solar kiosks",
    idea: "Solar kiosks: charge phones\nin rural markets",
    mode: "business",
    model: "claude-sonnet-4-5",
    date: "2026-11-22",
    fingerprint: "0123456789abcdef",
    sources: 0,
  },
  body: "# Solar kiosks\n\nVerdict: promising.",
  sources: [
    { title: "GSMA [report]", url: "https://gsma.com/r" },
    { title: "World Bank", url: "https://worldbank.org/x" },
  ],
};

describe("renderResearch / parseResearch", () => {
  it("writes frontmatter, the report and a numbered Sources list", () => {
    const md = renderResearch(doc);
    expect(md.startsWith("---\ntitle: Solar kiosks\n")).toBe(true);
    expect(md).toContain("sources: 2\n");
    expect(md).toContain(
      "## Sources\n\n1. [GSMA \\[report\\]](https://gsma.com/r)\n2. [World Bank]",
    );
  });

  it("round-trips a document, multi-line idea and bracketed titles included", () => {
    const parsed = parseResearch(renderResearch(doc));
    expect(parsed?.frontmatter.idea).toBe(doc.frontmatter.idea);
    expect(parsed?.body).toBe(doc.body);
    expect(parsed?.sources).toEqual(doc.sources);
  });

  it("says so when nothing was retrieved", () => {
    expect(renderResearch({ ...doc, sources: [] })).toContain("_No web pages were retrieved");
  });

  it("returns undefined for markdown without frontmatter", () => {
    expect(parseResearch("# Just notes")).toBeUndefined();
  });
});

describe("appendUpdate", () => {
  it("adds a dated section with demoted headings and merges sources", () => {
    const updated = appendUpdate(doc, {
      date: "2026-12-01",
      report: "# New findings\n\nPrices fell.\n\n## Competitors\n\nTwo new ones.",
      sources: [
        { title: "dup", url: "https://gsma.com/r/" },
        { title: "New", url: "https://new.org" },
      ],
      model: "m",
    });
    expect(updated.body).toContain(
      "## Update - 2026-12-01\n\n### New findings\n\nPrices fell.\n\n#### Competitors\n",
    );
    expect(updated.sources.map((s) => s.url)).toEqual([
      "https://gsma.com/r",
      "https://worldbank.org/x",
      "https://new.org",
    ]);
    expect(updated.frontmatter.updated).toBe("2026-12-01");
  });
});

describe("report helpers", () => {
  it("takes the title from the first H1, else from the idea", () => {
    expect(titleFor("intro\n# Real Title\n", "idea")).toBe("Real Title");
    expect(titleFor("no heading", "  an   idea ")).toBe("an idea");
  });

  it("removes a Sources section the model wrote itself", () => {
    expect(stripModelSources("Body\n\n## References\n- [x](https://x)")).toBe("Body");
    expect(stripModelSources("Body about sources of funding")).toBe(
      "Body about sources of funding",
    );
  });
});
