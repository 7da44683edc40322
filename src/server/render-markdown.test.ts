import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./render-markdown.ts";

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
