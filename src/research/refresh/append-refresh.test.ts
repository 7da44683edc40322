import { describe, expect, it } from "vitest";
import { newResearch, renderResearch } from "../research-document.ts";
import { appendRefresh } from "./append-refresh.ts";
import { refreshRecord } from "./refresh-record.ts";

const OLD = "https://old.example/market";
const NEW = "https://new.example/prices";

const doc = newResearch(
  {
    title: "Solar dryer",
    idea: "Solar dryer",
    mode: "business",
    model: "m",
    date: "2026-08-01",
    fingerprint: "f",
    sources: 1,
  },
  {
    report: `# Solar dryer\n\n## Market\n\nKits sell for $120 [[cite]](${OLD}).\n\n## Verdict\n\n**Pursue**\n`,
    sources: [{ url: OLD, title: "Old" }],
  },
);

const refresh = (report: string) =>
  appendRefresh(doc, { date: "2026-11-28", report, sources: [{ url: NEW, title: "New" }] });

const sectionOf = (body: string) => body.slice(body.indexOf("## Update - 2026-11-28"));

describe("appendRefresh", () => {
  it("starts the update with What changed, moved to the front when the model wrote it later", () => {
    const done = refresh(
      `# Solar dryer (refreshed)\n\nIntro.\n\n## Market\n\nSame.\n\n## What changed\n\n- Kit price: $120 → $95 [[cite]](${NEW}).\n\n## Verdict\n\n**Pursue with changes**`,
    );
    expect(sectionOf(done.body)).toMatch(
      /^## Update - 2026-11-28\n\n### What changed\n\n- Kit price: \$120 → \$95 \[\[2\]\]/,
    );
    expect(done.frontmatter).toMatchObject({ refreshed: ["2026-11-28"], updated: "2026-11-28" });
    expect(done.cited.map((s) => s.url)).toEqual([OLD, NEW]);
  });

  it("puts the heading over the model's opening paragraph when it wrote none", () => {
    const opened = refresh("# Solar dryer\n\nPrices fell.\n\n## Market\n\nMore.");
    expect(sectionOf(opened.body)).toBe(
      "## Update - 2026-11-28\n\n### What changed\n\nPrices fell.\n\n### Market\n\nMore.",
    );
    const headed = refresh("## Market\n\nPrices fell.\n\nMore.");
    expect(sectionOf(headed.body)).toBe(
      "## Update - 2026-11-28\n\n### What changed\n\nPrices fell.\n\n### Market\n\nMore.",
    );
    const bold = refresh("**What changed:**\n\nPrices fell.\n\n## Market\n\nMore.");
    expect(sectionOf(bold.body)).toMatch(
      /^## Update - 2026-11-28\n\n### What changed\n\nPrices fell\./,
    );
  });

  it("appends each refresh's date to the list", () => {
    const twice = appendRefresh(refresh("Prices fell."), {
      date: "2026-12-05",
      report: "Nothing moved.",
      sources: [],
    });
    expect(twice.frontmatter.refreshed).toEqual(["2026-11-28", "2026-12-05"]);
  });
});

describe("refreshRecord", () => {
  it("records the verdict before and after, and the pages the document did not list", () => {
    const done = refresh(
      `## What changed\n\nCheaper [[cite]](${NEW}).\n\n## Verdict\n\n**Pursue with changes**`,
    );
    expect(refreshRecord(renderResearch(doc), done)).toEqual({
      previousDate: "2026-08-01",
      verdictBefore: "Pursue",
      verdictAfter: "Pursue with changes",
      verdictChanged: true,
      newSources: [NEW],
    });
    const same = refresh("## What changed\n\nNothing moved.");
    expect(refreshRecord(renderResearch(doc), same)).toMatchObject({
      verdictAfter: "Pursue",
      verdictChanged: false,
      newSources: [NEW],
    });
  });
});
