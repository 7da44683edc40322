import { describe, expect, it } from "vitest";
import {
  appendUpdate,
  newResearch,
  parseResearch,
  type ResearchDocument,
  renderResearch,
  stripModelSources,
  titleFor,
} from "./research-document.ts";

const gsma = { title: "GSMA [report]", url: "https://gsma.com/r" };
const worldBank = { title: "World Bank", url: "https://worldbank.org/x" };
const ifc = { title: "IFC", url: "https://ifc.org/y" };

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
  body: "# Solar kiosks\n\nVerdict: promising.[[1]](https://gsma.com/r)",
  cited: [gsma],
  consulted: [worldBank],
};

const placeholder = (url: string) => `[[cite]](${url})`;

describe("renderResearch / parseResearch", () => {
  it("writes frontmatter, the report, the cited pages numbered and the rest under Also consulted", () => {
    const md = renderResearch(doc);
    expect(md.startsWith("---\ntitle: Solar kiosks\n")).toBe(true);
    expect(md).toContain("sources: 2\n");
    expect(md).toContain(
      "## Sources\n\n1. [GSMA \\[report\\]](https://gsma.com/r)\n\n### Also consulted\n\n- [World Bank](https://worldbank.org/x)\n",
    );
  });

  it("round-trips a document, multi-line idea and bracketed titles included", () => {
    const parsed = parseResearch(renderResearch(doc));
    expect(parsed?.frontmatter.idea).toBe(doc.frontmatter.idea);
    expect(parsed?.body).toBe(doc.body);
    expect(parsed?.cited).toEqual(doc.cited);
    expect(parsed?.consulted).toEqual(doc.consulted);
  });

  it("says so when nothing was retrieved", () => {
    expect(renderResearch({ ...doc, cited: [], consulted: [] })).toContain(
      "_No web pages were retrieved",
    );
  });

  it("returns undefined for markdown without frontmatter", () => {
    expect(parseResearch("# Just notes")).toBeUndefined();
  });

  it("reads the earlier format, one numbered list of every retrieved page, as all consulted", () => {
    const old =
      "---\ntitle: Solar kiosks\nsources: 2\n---\n\n# Solar kiosks\n\nSee [GSMA](https://gsma.com/r).\n\n" +
      "## Sources\n\n1. [GSMA](https://gsma.com/r)\n2. [World Bank](https://worldbank.org/x)\n";
    const parsed = parseResearch(old);
    expect(parsed?.body).toBe("# Solar kiosks\n\nSee [GSMA](https://gsma.com/r).");
    expect(parsed?.cited).toEqual([]);
    expect(parsed?.consulted).toEqual([{ ...gsma, title: "GSMA" }, worldBank]);
  });
});

describe("newResearch", () => {
  it("numbers citations in order of first citation and lists the uncited pages as consulted", () => {
    const created = newResearch(doc.frontmatter, {
      report: `# R\n\nA${placeholder(ifc.url)} B${placeholder(gsma.url)} C${placeholder(ifc.url)}`,
      sources: [gsma, worldBank, ifc],
    });
    expect(created.body).toBe(
      "# R\n\nA[[1]](https://ifc.org/y) B[[2]](https://gsma.com/r) C[[1]](https://ifc.org/y)",
    );
    expect(created.cited).toEqual([ifc, gsma]);
    expect(created.consulted).toEqual([worldBank]);
  });
});

describe("appendUpdate", () => {
  it("adds a dated section with demoted headings", () => {
    const updated = appendUpdate(doc, {
      date: "2026-12-01",
      report: "# New findings\n\nPrices fell.\n\n## Competitors\n\nTwo new ones.",
      sources: [],
    });
    expect(updated.body).toContain(
      "## Update - 2026-12-01\n\n### New findings\n\nPrices fell.\n\n#### Competitors\n",
    );
    expect(updated.frontmatter.updated).toBe("2026-12-01");
  });

  it("continues the numbering: an old page keeps its number, a new one gets the next", () => {
    const stored = parseResearch(renderResearch(doc))!;
    const updated = appendUpdate(stored, {
      date: "2026-12-01",
      report: `Prices fell${placeholder(ifc.url)}${placeholder("https://gsma.com/r/")}.`,
      sources: [{ ...gsma, url: "https://gsma.com/r/" }, ifc],
    });
    expect(updated.body).toBe(
      "# Solar kiosks\n\nVerdict: promising.[[1]](https://gsma.com/r)\n\n## Update - 2026-12-01\n\n" +
        "Prices fell[[1]](https://gsma.com/r)[[2]](https://ifc.org/y).",
    );
    expect(updated.cited).toEqual([gsma, ifc]);
    expect(updated.consulted).toEqual([worldBank]);
    expect(renderResearch(updated)).toContain(
      "## Sources\n\n1. [GSMA \\[report\\]](https://gsma.com/r)\n2. [IFC](https://ifc.org/y)\n\n### Also consulted\n\n- [World Bank](https://worldbank.org/x)\n",
    );
  });

  it("moves a consulted page the update cites into the numbered list", () => {
    const updated = appendUpdate(doc, {
      date: "2026-12-01",
      report: `Bank data${placeholder(worldBank.url)}.`,
      sources: [worldBank],
    });
    expect(updated.cited).toEqual([gsma, worldBank]);
    expect(updated.consulted).toEqual([]);
    expect(updated.body).toContain("Bank data[[2]](https://worldbank.org/x).");
  });

  it("updates a file of the earlier format, numbering from 1", () => {
    const old =
      "---\ntitle: Solar kiosks\nsources: 2\n---\n\n# Solar kiosks\n\nBody.\n\n" +
      "## Sources\n\n1. [GSMA](https://gsma.com/r)\n2. [World Bank](https://worldbank.org/x)\n";
    const updated = appendUpdate(parseResearch(old)!, {
      date: "2026-12-01",
      report: `Bank data${placeholder(worldBank.url)}.`,
      sources: [worldBank],
    });
    const md = renderResearch(updated);
    expect(md).toContain("Bank data[[1]](https://worldbank.org/x).");
    expect(md).toContain(
      "## Sources\n\n1. [World Bank](https://worldbank.org/x)\n\n### Also consulted\n\n- [GSMA](https://gsma.com/r)\n",
    );
    expect(md).toContain("sources: 2\n");
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
