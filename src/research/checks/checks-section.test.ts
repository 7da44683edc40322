import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { publishedMarkdown, publishResearch } from "../publish/publish-research.ts";
import {
  appendUpdate,
  newResearch,
  parseResearch,
  type ResearchFrontmatter,
  renderResearch,
} from "../research-document.ts";
import type { ClaimCheck } from "./claim-checks.ts";

const frontmatter: ResearchFrontmatter = {
  title: "Refill",
  idea: "Refill stations",
  mode: "business",
  model: "claude-sonnet-5-5",
  date: "2026-11-28",
  fingerprint: "0123456789abcdef",
  sources: 0,
};
const a = { title: "A", url: "https://a.example/r" };
const b = { title: "B", url: "https://b.example/r" };
const cite = (url: string) => `[[cite]](${url})`;

const failed = (sentence: string, url: string, missing: string[]): { check: ClaimCheck } => ({
  check: {
    url,
    sentence,
    passage: "the passage",
    kind: "cited_text",
    outcome: "not_found",
    figures: missing,
    missing,
  },
});

describe("the Checks section of research.md", () => {
  it("ends the file, numbers each item as the body does, and reads back unchanged", () => {
    const doc = newResearch(frontmatter, {
      report: `Fine${cite(a.url)}. Users: 3 million${cite(b.url)}.`,
      sources: [a, b],
      failedChecks: [failed("Users: 3 million", b.url, ["3 million"])],
    });
    const text = renderResearch(doc);
    expect(
      text.endsWith(
        `\n## Checks\n\nFigures or quotes in these sentences were not found in the passage of the source they cite. Nothing was removed from the report; check them against the source before relying on them.\n\n- “Users: 3 million” [[2]](${b.url}) — not in the source: 3 million\n`,
      ),
    ).toBe(true);
    const parsed = parseResearch(text);
    expect(parsed?.cited).toEqual([a, b]);
    expect(parsed?.consulted).toEqual([]);
    expect(parsed?.checks).toEqual([
      `- “Users: 3 million” [[2]](${b.url}) — not in the source: 3 million`,
    ]);
    expect(renderResearch(parsed!)).toBe(text);
    expect(publishedMarkdown(text)).toBe(text);
  });

  it("keeps an earlier run's items when an update adds its own", () => {
    const first = newResearch(frontmatter, {
      report: `Users: 3 million${cite(b.url)}.`,
      sources: [b],
      failedChecks: [failed("Users: 3 million", b.url, ["3 million"])],
    });
    const updated = appendUpdate(parseResearch(renderResearch(first))!, {
      date: "2026-12-01",
      report: `Stores: 40${cite(a.url)}.`,
      sources: [a],
      failedChecks: [failed("Stores: 40", a.url, ["40"])],
    });
    expect(updated.checks).toEqual([
      `- “Users: 3 million” [[1]](${b.url}) — not in the source: 3 million`,
      `- “Stores: 40” [[2]](${a.url}) — not in the source: 40`,
    ]);
  });

  it("writes a sentence from the web as text only, and republishes a hand-edited item safely", () => {
    const doc = newResearch(frontmatter, {
      report: `X${cite(a.url)}.`,
      sources: [a],
      failedChecks: [
        failed(
          "<img src=x onerror=alert(1)> ![t](https://evil.example/p.png) [l](https://evil.example)",
          a.url,
          ["1"],
        ),
      ],
    });
    // The item itself escapes what the sentence holds: no HTML, emphasis or link syntax survives.
    const escaped = newResearch(frontmatter, {
      report: `X${cite(a.url)}.`,
      sources: [a],
      failedChecks: [failed("<b>bold</b> **strong** [l](#x) 1", a.url, ["1"])],
    });
    const item = marked.parse(renderResearch(escaped).split("## Checks")[1] ?? "", {
      async: false,
    });
    expect(item).toContain("“&lt;b&gt;bold&lt;/b&gt; **strong** [l](#x) 1”");
    // As it is committed: published (publish-research.ts), then rendered.
    const text = renderResearch(publishResearch(doc).doc);
    // Read back by a Markdown renderer, the item holds no image, HTML or link but its citation.
    const html = marked.parse(text, { async: false });
    expect(html).not.toMatch(/<img|<a href="https:\/\/evil/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    const tampered = text.replace(
      "— not in the source",
      "![pixel](https://evil.example/p.png) <script>x</script> [more](https://evil.example/x) —",
    );
    const published = publishedMarkdown(tampered);
    expect(published).not.toContain("https://evil.example");
    expect(published).not.toContain("<script>");
    expect(published).toContain(`[[1]](${a.url})`);
  });

  it("writes no section when every check held", () => {
    const doc = newResearch(frontmatter, {
      report: `Fine${cite(a.url)}.`,
      sources: [a],
      failedChecks: [],
    });
    expect(renderResearch(doc)).not.toContain("## Checks");
  });
});
