import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./render-markdown.ts";

describe("renderMarkdown", () => {
  it("renders ordinary research markdown", () => {
    const html = renderMarkdown(
      "# Verdict\n\n**Go**, see [the source](https://example.com/a?b=1&c=2).",
    );
    expect(html).toContain("<h1>Verdict</h1>");
    expect(html).toContain("<strong>Go</strong>");
    expect(html).toContain(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">the source</a>',
    );
  });

  it("renders citation markers as a visible [n] linking to the page", () => {
    const html = renderMarkdown(
      "Mercury is small.[[1]](https://a.example/m)[[3]](https://en.wikipedia.org/wiki/Mercury_(planet))",
    );
    expect(html).toBe(
      '<p>Mercury is small.<a href="https://a.example/m" rel="noopener noreferrer nofollow">[1]</a>' +
        '<a href="https://en.wikipedia.org/wiki/Mercury_(planet)" rel="noopener noreferrer nofollow">[3]</a></p>\n',
    );
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

  it("turns images into links so the page loads nothing external", () => {
    const html = renderMarkdown('![chart "q"](https://example.com/c.png)');
    expect(html).not.toContain("<img");
    expect(html).toContain('href="https://example.com/c.png"');
    expect(html).toContain("[image: chart");
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
