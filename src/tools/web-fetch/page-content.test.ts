import { describe, expect, it } from "vitest";
import { readArticle } from "./main-content.ts";
import { pageText } from "./page-content.ts";

const url = new URL("https://news.example/2025/03/tram.html");
const paragraph = (topic: string) =>
  `<p>The ${topic} was discussed at length by the council on Tuesday evening, where residents, ` +
  "engineers and two local shop owners spoke about the costs, the timetable and the disruption " +
  "the works would bring to the streets around the station over the coming year.</p>";

/** An article page: chrome around an <article> of five long paragraphs. */
function articlePage(head = "", extraChrome = ""): string {
  return `<!doctype html><html><head><title>Tram line opens | Carrow Courier</title>${head}</head>
<body><div class="cookie-banner"><p>We use cookies to measure our audience.</p><button>Accept</button></div>
<header><a href="/">Carrow Courier</a><nav><a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
<main><article><h1>Tram line opens</h1><p class="byline">By Maren Holt</p>
${["tram extension", "hospital stop", "budget", "timetable", "second phase"].map(paragraph).join("\n")}
</article><aside class="related"><h3>Related</h3><ul><li><a href="/b">Bridge closure extended</a></li></ul></aside>
${extraChrome}</main>
<footer><p>Copyright 2025 Carrow Courier. All rights reserved.</p><a href="/privacy">Privacy</a></footer></body></html>`;
}

describe("pageText on HTML: main content behind the gate", () => {
  it("reads an article page as its article: no cookie banner, menu, related links or footer", async () => {
    const page = await pageText(articlePage(), "html", url);
    expect(page.extraction).toBe("article");
    expect(page.text).toContain("The tram extension was discussed");
    expect(page.text).toContain("The second phase was discussed");
    for (const chrome of ["cookies", "Sport", "Bridge closure", "All rights reserved"])
      expect(page.text).not.toContain(chrome);
    expect(page.title).toBe("Tram line opens | Carrow Courier");
  });

  it("full: true returns the whole page's text", async () => {
    const page = await pageText(articlePage(), "html", url, { full: true });
    expect(page.extraction).toBe("page");
    expect(page.text).toContain("We use cookies");
    expect(page.text).toContain("[Bridge closure extended](https://news.example/b)");
    expect(page.text).toContain("The second phase was discussed");
  });

  it("falls back to the whole page when the page is not an article", async () => {
    const login = `<html><head><title>Log in</title></head><body><nav><a href="/">Home</a></nav>
      <h1>Log in</h1><form><label>Email</label><input><button>Go</button></form>
      <p><a href="/forgot">Forgot your password?</a></p><footer>Terms</footer></body></html>`;
    const page = await pageText(login, "html", url);
    expect(page.extraction).toBe("page");
    expect(page.text).toContain("# Log in");
    expect(page.text).toContain("Forgot your password?");
    expect(page.text).toContain("Terms");
  });

  it("falls back to the whole page when the article holds too small a share of its text", async () => {
    // A thread of short replies under one long post: Readability keeps the post, a fragment.
    const replies = Array.from(
      { length: 120 },
      (_, i) =>
        `<div class="reply"><span>Reply ${i} says the schedule looks fine to them and thanks the council.</span></div>`,
    ).join("");
    const page = await pageText(
      articlePage("", `<section class="replies">${replies}</section>`),
      "html",
      url,
    );
    expect(page.extraction).toBe("page");
    expect(page.text).toContain("Reply 119 says");
    expect(page.text).toContain("The tram extension was discussed");
  });

  it("reads the byline, publication date and site name", async () => {
    const head =
      '<meta property="og:site_name" content="Carrow Courier">' +
      '<meta property="article:published_time" content="2025-03-14T07:45:00+01:00">';
    const page = await pageText(articlePage(head), "html", url);
    expect(page).toMatchObject({
      byline: "By Maren Holt",
      published: "2025-03-14T06:45:00.000Z",
      site: "Carrow Courier",
      extraction: "article",
    });
  });

  it("takes the date and author from JSON-LD, or the date from <time datetime>", async () => {
    const jsonLd =
      '<script type="application/ld+json">{"@graph":[{"@type":"NewsArticle","datePublished":"2024-11-20",' +
      '"author":[{"@type":"Person","name":"Celia Drummond"}],"publisher":{"name":"Courier Media"}}]}</script>';
    const fromLd = await pageText(
      `<html><head>${jsonLd}</head><body><p>Short.</p></body></html>`,
      "html",
      url,
    );
    expect(fromLd).toMatchObject({
      byline: "Celia Drummond",
      published: "2024-11-20",
      site: "Courier Media",
      extraction: "page",
    });
    const fromTime = await pageText(
      '<p>Posted <time datetime="2025-05-11">May 11</time></p>',
      "html",
      url,
    );
    expect(fromTime.published).toBe("2025-05-11");
  });

  it("leaves plain text and JSON without extraction fields", async () => {
    expect(await pageText("plain words", "text", url)).toEqual({ title: "", text: "plain words" });
  });
});

describe("pageText on hostile markup: guarded, never crashing, always some text", () => {
  it("100,000 nested divs are not parsed into a DOM; the full text is returned", async () => {
    const html = `${"<div>".repeat(100_000)}deep text${"</div>".repeat(100_000)}`;
    expect(readArticle(html)).toEqual({ none: "too_deep" });
    expect(await pageText(html, "html", url)).toMatchObject({
      text: "deep text",
      extraction: "page",
    });
  });

  it("thousands of unclosed tags count as nesting and fall back", async () => {
    const html = `<html><body>${"<b><i><span>word ".repeat(3_000)}</body></html>`;
    expect(readArticle(html)).toEqual({ none: "too_deep" });
    expect((await pageText(html, "html", url)).text).toMatch(/^word word/);
  });

  it("a 1 MB attribute is read past, and the article beside it extracted", async () => {
    const html = articlePage("", `<div title="${"a".repeat(1_000_000)}">x</div>`);
    const page = await pageText(html, "html", url);
    expect(page.extraction).toBe("article");
    expect(page.text).toContain("The budget was discussed");
    expect(page.text).not.toContain("aaaa");
  });

  it("a table of 50,000 cells is past the tag cap and read as full text", async () => {
    const html = `<html><body><table>${`<tr>${"<td>cell</td>".repeat(10)}</tr>`.repeat(5_000)}</table></body></html>`;
    expect(readArticle(html)).toEqual({ none: "too_many_tags" });
    const page = await pageText(html, "html", url);
    expect(page.extraction).toBe("page");
    expect(page.text.split("\n")).toHaveLength(5_000);
  });

  it("markup within the caps that Readability would take minutes on is cut at the time budget", async () => {
    // 1,000 paragraphs under 150 wrapping divs: Readability re-reads every wrapper's subtree;
    // unbounded this takes tens of seconds, so this test only finishes if the budget holds.
    const words = "hello world this is text of the page. ".repeat(5);
    const html = `<html><body>${"<div>".repeat(150)}${`<p>${words}</p>`.repeat(1_000)}${"</div>".repeat(150)}</body></html>`;
    expect(
      readArticle(html, { maxBytes: 3_000_000, maxTags: 30_000, maxDepth: 200, budgetMs: 100 }),
    ).toEqual({
      none: "over_budget",
    });
  });

  it("a page too large for extraction is read as full text", async () => {
    const html = `<html><body><article>${paragraph("long report").repeat(12_000)}</article></body></html>`;
    expect(readArticle(html)).toEqual({ none: "too_large" });
    expect((await pageText(html, "html", url)).extraction).toBe("page");
  });
});
