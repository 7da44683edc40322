import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { publishProblems } from "../../../test/helpers/gfm-render-check.ts";
import { NO_LINKS, placeholderPolicy } from "./link-policy.ts";
import { sanitizeLine, sanitizeMarkdown } from "./sanitize-markdown.ts";

const rival = { title: "Rival", url: "https://rival.example/" };
const policy = placeholderPolicy([rival]);

describe("sanitizeMarkdown", () => {
  it("keeps a report's structure and text as they were", () => {
    const report = [
      "# Refill stations",
      "## Market\n\nDemand is **strong** and *growing*, ~~slowly~~ fast. See `npm i` and snake_case.",
      "- one\n- two\n  - nested\n\n1. first\n2. second",
      "| Rival | Share |\n| :--- | ---: |\n| EcoRefill | 40% |",
      "> A quote\n> over two lines.",
      "```ts\nconst a = 1;\n```",
      "Line one\\\nline two.",
      "***",
    ].join("\n\n");
    const { text, removed } = sanitizeMarkdown(report, policy);
    expect(text).toBe(report);
    expect(removed).toEqual([]);
  });

  it("rewrites setext headings as ATX, indented code as fenced, any thematic break as ***", () => {
    expect(sanitizeMarkdown("Title\n=====\n\n    code\n\n---\n", policy).text).toBe(
      "# Title\n\n```\ncode\n```\n\n***",
    );
  });

  it("escapes text that would read as syntax once its neighbours are gone", () => {
    const { text } = sanitizeMarkdown(
      "[](https://x.example)# not a heading\n\n2024\\. a year\n\nsay \\<b\\> &lt;i&gt; 1 \\* 2",
      policy,
    );
    expect(text).toBe("\\# not a heading\n\n2024\\. a year\n\nsay \\<b\\> \\<i\\> 1 \\* 2");
  });

  it("fences code so that no run of backticks in it closes the fence", () => {
    const { text } = sanitizeMarkdown("````\n```\n<img src=x>\n```\n````\n\n`` a`b ``", policy);
    expect(text).toBe("````\n```\n<img src=x>\n```\n````\n\n``a`b``");
  });

  it("is its own fixed point, and markdown-it reads no image, HTML or foreign link into it", () => {
    const pieces = [
      "[",
      "]",
      "(",
      ")",
      "!",
      "<",
      ">",
      "*",
      "**",
      "_",
      "`",
      "~~",
      "#",
      "-",
      "+",
      "=",
      ":",
      "|",
      "\\",
      "&",
      ";",
      "/",
      ".",
      "@",
      " ",
      "\n",
      "\n\n",
      "    ",
      "1.",
      "2)",
      "a",
      "é",
      "\u00a0",
      "www.",
      "https://",
      "https://rival.example",
      "evil.example",
      "&lt;",
      "&#91;",
      "<img src=x>",
      "<!--",
      "-->",
      "<a href=",
      "[cite]",
      "[1]",
      "> ",
      "- ",
      "- [ ] ",
      "```",
      "---",
      "| a | b |\n|---|---|\n",
      "[r]: https://evil.example\n",
      "[r]",
      "[^1]",
      "mailto:",
      "a@b.co",
      "//",
      "[x](https://evil.example)",
      "[x](https://rival.example)",
      "![i](https://evil.example/i.png)",
      "<https://evil.example>",
      "javascript:",
      "<details>",
      "  - ",
      "> - ",
      "1) ",
      "***",
      "\n- ",
      "\n  ",
      "\n> ",
      "\n1. ",
      "\n   - ",
      "\n    ",
      "` `",
      "``` ```",
    ];
    const markdown = fc
      .array(fc.constantFrom(...pieces), { maxLength: 40 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(markdown, (input) => {
        const once = sanitizeMarkdown(input, policy).text;
        expect(sanitizeMarkdown(once, policy).text).toBe(once);
        expect(publishProblems(once, [rival.url])).toEqual([]);
      }),
      { numRuns: 2000, seed: 19 },
    );
  });
});

describe("sanitizeLine", () => {
  it("gives one line of text with no link, image or HTML, and says what it took out", () => {
    const { text, removed } = sanitizeLine(
      "# Go **now**: [buy](https://evil.example/b) ![x](https://evil.example/i.png)\n<b>x</b>",
      NO_LINKS,
    );
    expect(text).toBe("\\# Go **now**: buy x \\<b\\>x\\</b\\>");
    expect(removed.map((r) => r.kind)).toEqual(["link", "image", "html", "html"]);
  });
});
