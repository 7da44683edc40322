import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { MAX_CHECK_ITEMS as MAX_PUBLISHED_CHECK_ITEMS } from "../research/checks/checks-section.ts";
import { renderMarkdown } from "./render-markdown.ts";
import { MAX_CHECK_ITEMS } from "./report-checks/checks-section.ts";

describe("renderMarkdown", () => {
  it("renders ordinary research markdown, a link to a listed page as its citation", () => {
    const html = renderMarkdown(
      "# Verdict\n\n**Go**, see [the source](https://example.com/a?b=1&c=2).\n\n" +
        "## Sources\n\n1. [A](https://example.com/a?b=1&c=2)\n",
    );
    expect(html).toContain("<h1>Verdict</h1>");
    expect(html).toContain("<strong>Go</strong>");
    expect(html).toContain(
      'the source<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">[1]</a>.',
    );
  });

  it("renders citation markers as a visible [n] linking to the page", () => {
    const html = renderMarkdown(
      "Mercury is small.[[1]](https://a.example/m)[[2]](https://en.wikipedia.org/wiki/Mercury_(planet))\n\n" +
        "## Sources\n\n1. [M](https://a.example/m)\n2. [Mercury](https://en.wikipedia.org/wiki/Mercury_(planet))\n",
    );
    expect(html).toContain(
      '<p>Mercury is small.<a href="https://a.example/m" rel="noopener noreferrer nofollow">[1]</a>' +
        '<a href="https://en.wikipedia.org/wiki/Mercury_(planet)" rel="noopener noreferrer nofollow">[2]</a></p>\n',
    );
  });

  it("links no page the Sources do not list, however the link is written", () => {
    const html = renderMarkdown(
      "See [x](https://evil.example/a), <https://evil.example/b>, www.evil.example/c, " +
        "[y][r] and [[1]](https://evil.example/d).\n\n[r]: https://evil.example/e\n",
    );
    expect(html).not.toContain("href");
    expect(html).not.toContain("evil.example");
  });

  it.each([
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "<div>\n<iframe src=//evil.example></iframe>\n</div>",
    'inline <a href="javascript:alert(1)">x</a> tag',
  ])("shows raw HTML as text: %s", (markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(/<(script|img|iframe|div|a )/i);
    expect(html).toContain("&lt;");
  });

  it.each([
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](jav\tascript:alert(1))",
    "[x](data:text/html;base64,PHNjcmlwdD4=)",
    "[x](vbscript:msgbox)",
    "<javascript:alert(1)>",
    "[x](//evil.example/path)",
  ])("drops unsafe link targets: %s", (markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toContain("href");
  });

  it("shows an image as its alt text, so the page loads and links nothing external", () => {
    const html = renderMarkdown('![chart "q"](https://example.com/c.png)');
    expect(html).not.toContain("<img");
    expect(html).not.toContain("href");
    expect(html).toBe("<p>chart &quot;q&quot;</p>\n");
  });

  it("leaves research.md's frontmatter out, and only a leading block", () => {
    const html = renderMarkdown(
      "---\ntitle: Dog bakery\nfingerprint: abc\n---\n\n# Dog bakery\n\ntext\n\n---\n\nmore\n",
    );
    expect(html).not.toContain("fingerprint");
    expect(html).toMatch(/^<h1>Dog bakery<\/h1>/);
    expect(html).toContain("<hr>");
  });

  it("escapes code", () => {
    expect(renderMarkdown("`<b>`\n\n```\n<script>\n```")).not.toMatch(/<(b|script)>/);
  });
});

describe("renderMarkdown: the Checks section", () => {
  const market = "https://example.com/market";
  const users = "https://example.com/users";
  const research = (checks: string, body?: string) =>
    "---\ntitle: Dog bakery\n---\n\n# Dog bakery\n\n" +
    (body ??
      `## Market\n\nThe market is large. **Revenue** reached $4.2 billion in 2025.[[1]](${market}) ` +
        `Growth is steady.\n\n- The tool has 1.2 million\n  users.[[2]](${users})\n- Another point.\n`) +
    `\n## Sources\n\n1. [Market study](${market})\n2. [Users](${users})\n` +
    checks;
  const section = (...items: string[]) =>
    "\n## Checks\n\nFigures or quotes in these sentences were not found in the passage of the " +
    "source they cite. Nothing was removed from the report; check them against the source " +
    `before relying on them.\n\n${items.join("\n")}\n`;
  const revenue = `- “Revenue reached $4.2 billion in 2025.” [[1]](${market}) — not in the source: $4.2 billion, 2025`;
  const userCount = `- “The tool has 1.2 million users.” [[2]](${users}) — the check model judged that the source does not support it: the page gives no user count`;
  const marks = (html: string) =>
    [...html.matchAll(/<mark class="claim-unchecked" title="([^"]*)">([\s\S]*?)<\/mark>/g)].map(
      (m) => [m[2], m[1]],
    );

  it("marks each listed sentence where the report states it, and nothing else", () => {
    const html = renderMarkdown(research(section(revenue, userCount)));
    const body = html.slice(0, html.indexOf("<h2>Sources</h2>"));
    // The sentence crosses <strong>: one mark per run of text, the citation marker left out.
    expect(body).toContain(
      '<p>The market is large. <strong><mark class="claim-unchecked" title="[1] not in the source: $4.2 billion, 2025">Revenue</mark></strong>' +
        '<mark class="claim-unchecked" title="[1] not in the source: $4.2 billion, 2025"> reached $4.2 billion in 2025.</mark>' +
        `<a href="${market}" rel="noopener noreferrer nofollow">[1]</a> Growth is steady.</p>`,
    );
    // Found across the line break the list item has where the Checks line has a space.
    expect(marks(body).map(([text]) => text)).toEqual([
      "Revenue",
      " reached $4.2 billion in 2025.",
      "The tool has 1.2 million\nusers.",
    ]);
    expect(marks(body)[2]?.[1]).toBe(
      "[2] the check model judged that the source does not support it: the page gives no user count",
    );
    expect(html).not.toContain("claim-unchecked-block");
  });

  it("shows the section as its own block with a legend, its citations linked to the Sources' pages", () => {
    const html = renderMarkdown(research(section(revenue, userCount)));
    expect(html).toMatch(/<h2>Sources<\/h2>[\s\S]*<section id="report-checks"/);
    expect(html).toContain('<h2 id="report-checks-heading">Checks</h2>');
    expect(html).toContain('<p class="checks-legend"><mark class="claim-unchecked">');
    expect(html).toContain("<p>Figures or quotes in these sentences were not found");
    expect(html).toContain(
      `<li>“Revenue reached $4.2 billion in 2025.” <a href="${market}" rel="noopener noreferrer nofollow">[1]</a> — not in the source: $4.2 billion, 2025</li>`,
    );
    const shown = html.slice(html.indexOf('<section id="report-checks"'));
    expect(shown.match(/<li>/g)).toHaveLength(2);
  });

  it("marks nothing, and shows no Checks section, when research.md has none", () => {
    const html = renderMarkdown(research(""));
    expect(html).not.toContain("<mark");
    expect(html).not.toContain("report-checks");
  });

  it("leaves a report's own Checks heading, before its Sources, as part of the report", () => {
    const html = renderMarkdown(research("", `## Checks\n\n${revenue.slice(2)}\n`));
    expect(html).toContain("<h2>Checks</h2>");
    expect(html).not.toContain("report-checks");
    expect(html).not.toContain("<mark");
  });

  it("marks a sentence written with other punctuation or case; one that differs later, by its paragraph", () => {
    const loose = `- “the TOOL has 1.2 million users” [[2]](${users}) — not in the source: 1.2 million`;
    const other = `- “The market is large. Revenue reached $4.2 billion in 2024, and more.” [[1]](${market}) — not in the source: 2025`;
    const html = renderMarkdown(research(section(loose, other)));
    expect(marks(html).map(([text]) => text)).toEqual(["The tool has 1.2 million\nusers"]);
    expect(html).toContain(
      '<p class="claim-unchecked-block" title="[1] not in the source: 2025">The market is large.',
    );
  });

  it("cannot make the page run, load or link anything through a hostile item", () => {
    const hostile = [
      `- “<img src=x onerror=alert(1)>\\" onmouseover=\\"alert(2)” [[1]](javascript:alert(3)) — <script>alert(4)</script>`,
      `- “Revenue reached $4.2 billion in 2025.” [[1]](https://evil.example/x) — "><svg onload=alert(5)>`,
      `- “</mark><script>alert(6)</script>” [[9]](${market}) — x`,
      "- <a href='https://evil.example'>not an item</a>",
      "- ”“” [[1]]( — — ",
    ];
    const html = renderMarkdown(research(section(...hostile)));
    const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
    expect(document.querySelectorAll("script, img, svg, iframe, object, embed")).toHaveLength(0);
    const attributes = [...document.querySelectorAll("*")].flatMap((e) => e.getAttributeNames());
    expect(attributes.filter((name) => name.startsWith("on"))).toEqual([]);
    expect(document.querySelectorAll("mark mark")).toHaveLength(0);
    // Links go only to the pages the Sources list (republishing drops the other markers).
    const hrefs = new Set([...document.querySelectorAll("a")].map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(new Set([market, users]));
    expect(html).toContain("<li>“&lt;/mark&gt;&lt;script&gt;alert(6)&lt;/script&gt;” <a href=");
    expect(html).toContain(
      "<li>“&lt;img src=x onerror=alert(1)&gt;&quot; onmouseover=&quot;alert(2)” — &lt;script&gt;",
    );
    expect(html).toContain(
      "<li>“Revenue reached $4.2 billion in 2025.” — &quot;&gt;&lt;svg onload=alert(5)&gt;</li>",
    );
    // The second item still marks its sentence in the report, with its escaped reason as title.
    expect(marks(html)[1]?.[1]).toBe("&quot;&gt;&lt;svg onload=alert(5)&gt;");
    expect(html.match(/<mark/g)).toHaveLength(2 + 1);
  });

  it("ignores a sentence too short to mean anything, however often it occurs", () => {
    const html = renderMarkdown(
      research(section(`- “The” [[1]](${market}) — x`, `- “.” [[1]](${market}) — y`)),
    );
    expect(marks(html)).toEqual([]);
    expect(html).not.toContain("claim-unchecked-block");
  });

  it("marks a sentence the report repeats a bounded number of times", () => {
    const body = `## Market\n\n${"Revenue reached $4.2 billion in 2025. ".repeat(50)}[[1]](${market})\n`;
    const html = renderMarkdown(research(section(revenue), body));
    expect(marks(html)).toHaveLength(10);
  });

  it("reads a bounded number of items: 10,000 are listed up to the cap and counted past it", () => {
    const many = Array.from(
      { length: 10_000 },
      (_, i) =>
        `- “Revenue reached $4.2 billion in 2025, case ${i}.” [[1]](${market}) — not in the source: ${i}`,
    );
    const html = renderMarkdown(research(section(revenue, ...many)));
    const listed = html.slice(html.indexOf('<section id="report-checks"'));
    expect(listed.match(/<li>/g)).toHaveLength(MAX_CHECK_ITEMS);
    expect(listed).toContain(
      // Republishing keeps the first MAX_PUBLISHED_CHECK_ITEMS of a section (checks-section.ts).
      `…and ${(MAX_PUBLISHED_CHECK_ITEMS - MAX_CHECK_ITEMS).toLocaleString("en")} more, listed in research.md.`,
    );
    // Each marks its sentence at most a few times: the one real sentence once.
    expect(marks(html).filter(([text]) => text?.includes("reached"))).toHaveLength(1);
  });
});
