import { describe, expect, it } from "vitest";
import { citationPlaceholder } from "../../agent/citation-placeholder.ts";
import { renderMarkdown } from "../../server/render-markdown.ts";
import { describeExploration } from "../library/exploration-summary.ts";
import { publishedMarkdown } from "../publish/publish-research.ts";
import { reportHeadings } from "../report-headings.ts";
import {
  appendUpdate,
  newResearch,
  parseResearch,
  type ResearchFrontmatter,
  renderResearch,
} from "../research-document.ts";

/** research.md's own headings follow its `language`, and every reader finds them again. */
const market = { title: "Market 2026", url: "https://market.example/2026" };
const rival = { title: "Rival raises", url: "https://rival.example/news" };
const blog = { title: "A blog", url: "https://blog.example/post" };

const front = (language: string): ResearchFrontmatter => ({
  title: "Bakery app",
  idea: "An app for bakeries",
  mode: "business",
  model: "claude-sonnet-4-5",
  date: "2026-01-05",
  fingerprint: "0123456789abcdef",
  sources: 0,
  language,
});

const failed = (url: string, sentence: string) => ({
  check: { sentence, url, outcome: "not_found" as const, missing: ["8%"], passage: "text" },
});

/** A document with cited and consulted pages, a Checks item, then an update with its own. */
function documentIn(language: string) {
  const first = newResearch(front(language), {
    report: `# Bakery app\n\nThe market grows 8% a year.${citationPlaceholder(market.url)}`,
    sources: [market, blog],
    failedChecks: [failed(market.url, "The market grows 8% a year.")],
  });
  return appendUpdate(first, {
    date: "2026-04-05",
    report: `# Update\n\nA rival raised money.${citationPlaceholder(rival.url)}`,
    sources: [rival],
    failedChecks: [failed(rival.url, "A rival raised money.")],
  });
}

/** The Sources and Checks headings as a reader of each language expects them. */
const SOURCES_AND_CHECKS: Record<string, [string, string]> = {
  en: ["Sources", "Checks"],
  de: ["Quellen", "Prüfungen"],
  es: ["Fuentes", "Comprobaciones"],
  fr: ["Sources", "Vérifications"],
  pt: ["Fontes", "Verificações"],
  ja: ["出典", "検証"],
};

describe.each(Object.keys(SOURCES_AND_CHECKS))("a research.md in %s", (language) => {
  const words = reportHeadings(language);
  const markdown = renderResearch(documentIn(language));

  it("has the language's own Sources and Checks headings", () => {
    const [sources, checks] = SOURCES_AND_CHECKS[language]!;
    expect(markdown).toContain(`\n## ${sources}\n\n1. `);
    expect(markdown).toContain(`\n## ${checks}\n\n`);
  });

  it("is written with the language's headings and records the language", () => {
    expect(markdown).toMatch(new RegExp(`^language: ${language}$`, "m"));
    expect(markdown).toContain(`\n## ${words.update} - 2026-04-05\n`);
    expect(markdown).toContain(`\n## ${words.sources}\n\n1. [Market 2026]`);
    expect(markdown).toContain(`\n### ${words.alsoConsulted}\n\n- [A blog]`);
    expect(markdown).toContain(`\n## ${words.checks}\n\n${words.checksIntro}\n\n- “`);
    expect(markdown).toContain(words.notInSource("8%"));
  });

  it("reads back exactly: render, parse, render is the same file", () => {
    const parsed = parseResearch(markdown);
    expect(parsed?.cited.map((s) => s.url)).toEqual([market.url, rival.url]);
    expect(parsed?.consulted.map((s) => s.url)).toEqual([blog.url]);
    expect(parsed?.checks).toHaveLength(2);
    expect(renderResearch(parsed!)).toBe(markdown);
  });

  it("is published byte for byte as written, and the library lists its update", () => {
    expect(publishedMarkdown(markdown)).toBe(markdown);
    const summary = describeExploration("2026-01-05-bakery-app", markdown, undefined).summary;
    expect(summary.updates).toEqual(["2026-04-05"]);
    expect(summary.citedSources).toBe(2);
    expect(summary.consultedSources).toBe(1);
  });

  it("shows its Checks on the web page as checks, not as report text", () => {
    const html = renderMarkdown(markdown);
    expect(html).toContain(words.checksIntro.slice(0, 20));
    expect(html).not.toContain(`<h2>${words.checks}</h2>\n<p>`);
  });
});

describe("a document's language across updates", () => {
  it("keeps the document's language unless the update names another", () => {
    const german = renderResearch(documentIn("de"));
    const kept = appendUpdate(parseResearch(german)!, {
      date: "2026-06-01",
      report: "# U\n\nx",
      sources: [],
    });
    expect(renderResearch(kept)).toContain("\n## Aktualisierung - 2026-06-01\n");
    const english = appendUpdate(parseResearch(german)!, {
      date: "2026-06-01",
      report: "# U\n\nx",
      sources: [],
      language: "en",
    });
    const rendered = renderResearch(english);
    expect(rendered).toMatch(/^language: en$/m);
    expect(rendered).toContain("\n## Update - 2026-06-01\n");
    expect(rendered).toContain("\n## Sources\n");
    // The earlier German update stays listed beside the English one.
    expect(describeExploration("f", rendered, undefined).summary.updates).toEqual([
      "2026-04-05",
      "2026-06-01",
    ]);
  });

  it("reads a file written before languages existed as English", () => {
    const { language: _, ...old } = front("en");
    const markdown = renderResearch(newResearch(old, { report: "# A\n\nx", sources: [market] }));
    expect(markdown).not.toMatch(/^language:/m);
    expect(renderResearch(parseResearch(markdown)!)).toBe(markdown);
    expect(parseResearch(markdown)?.consulted).toEqual([market]);
  });
});

describe("the library's verdict of a localized report", () => {
  it.each([
    ["de", "## Urteil\n\n**Nicht verfolgen**", "Do not pursue"],
    ["de", "## 6. Urteil\n\n**Mit Änderungen verfolgen** weil…", "Pursue with changes"],
    ["es", "## Veredicto\n\n**Seguir adelante con cambios**", "Pursue with changes"],
    ["fr", "## Verdict\n\n**Poursuivre**", "Pursue"],
    ["pt", "## Veredito\n\n**Não seguir em frente**", "Do not pursue"],
    ["ja", "## 判定\n\n**進めない**", "Do not pursue"],
    ["en", "## Verdict\n\n**Pursue with changes**", "Pursue with changes"],
  ])("%s: %j is %s", (language, section, verdict) => {
    const markdown = renderResearch(
      newResearch(front(language), { report: `# Idea\n\n${section}\n`, sources: [] }),
    );
    expect(describeExploration("f", markdown, undefined).summary.verdict).toBe(verdict);
  });

  it("does not count a localized closing section as a direction", () => {
    const markdown = renderResearch(
      newResearch(
        { ...front("de"), mode: "exploration" },
        {
          report:
            "# Idee\n\n## Richtung A\n\nx\n\n## Richtung B\n\ny\n\n## Am vielversprechendsten\n\nA",
          sources: [],
        },
      ),
    );
    expect(describeExploration("f", markdown, undefined).summary.directions).toBe(2);
  });
});
