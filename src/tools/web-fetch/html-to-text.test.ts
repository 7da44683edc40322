import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-to-text.ts";

const base = new URL("https://example.com/articles/solar.html");
const text = (html: string) => htmlToText(html, base).text;

describe("htmlToText", () => {
  it("keeps headings, paragraphs, list items and links; drops scripts, styles and navigation", () => {
    const page = htmlToText(
      `<!doctype html><html><head><title>Solar &amp; Dryers</title>
      <style>body { color: red }</style><script>var x = "<p>not text</p>";</script></head>
      <body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
      <main><h1>Solar food dryers</h1>
      <p>Drying   food with
         the <b>sun</b> is <a href="/history">old</a>.</p>
      <h2>Designs</h2>
      <ul><li>Box dryers</li><li>Tent dryers<ul><li>Small</li></ul></li></ul>
      <ol><li>First</li><li>Second</li></ol>
      <!-- a comment <p>hidden</p> -->
      <p hidden>hidden paragraph</p><div aria-hidden="true">decoration</div>
      </main><footer><p>© 2025</p></footer></body></html>`,
      base,
    );
    expect(page.title).toBe("Solar & Dryers");
    expect(page.text).toBe(
      [
        "# Solar food dryers",
        "Drying food with the sun is [old](https://example.com/history).",
        "## Designs",
        "- Box dryers\n- Tent dryers\n  - Small\n1. First\n2. Second",
        "© 2025",
      ].join("\n\n"),
    );
  });

  it("keeps a page whose outer container is marked hidden for a modal", () => {
    expect(text('<body aria-hidden="true"><main hidden><p>content</p></main></body>')).toBe(
      "content",
    );
  });

  it("keeps preformatted text as it is, and table rows as cells", () => {
    expect(text("<pre>  a  =  1\n  b = 2</pre>")).toBe("```\n  a  =  1\n  b = 2\n```");
    expect(
      text("<table><tr><th>Model</th><th>Price</th></tr><tr><td>A</td><td>$10</td></tr></table>"),
    ).toBe("Model | Price\nA | $10");
  });

  it("decodes entities, and turns invalid references into U+FFFD", () => {
    expect(text("<p>&lt;tag&gt; &quot;q&quot; &#8212; &#x2014; &nbsp;x &#0; &unknown;</p>")).toBe(
      '<tag> "q" — — x \uFFFD &unknown;',
    );
  });

  it("decodes every entity form in text, and attribute values as the standard says", () => {
    expect(text("<p>caf&eacute au lait &#146;s Stra&szlig;e</p>")).toBe("café au lait ’s Straße");
    expect(text('<p><a href="/s?q=1&copy=2&amp;r=3">search</a></p>')).toBe(
      "[search](https://example.com/s?q=1&copy=2&r=3)",
    );
  });

  it("keeps only http(s) links, resolved against the page", () => {
    expect(
      text(
        '<p><a href="javascript:alert(1)">js</a> <a href="mailto:a@b.c">mail</a> ' +
          '<a href="#top">top</a> <a href="../guide?x=1&amp;y=2">guide</a></p>',
      ),
    ).toBe("js mail top [guide](https://example.com/guide?x=1&y=2)");
  });

  it("reads script-like text in raw-text elements as raw, whatever its case", () => {
    expect(
      text('<SCRIPT type="x">if (a < b) document.write("</div><p>x")</SCRIPT ><p>after</p>'),
    ).toBe("after");
    expect(text("<p>before<style>p { content: '</styles>' }</style>after</p>")).toBe("beforeafter");
  });

  it("falls back to the first heading for the title", () => {
    expect(htmlToText("<body><h2>Only heading</h2><p>x</p></body>", base).title).toBe(
      "Only heading",
    );
    expect(htmlToText("<p>no title</p>", base).title).toBe("");
  });

  it("survives broken markup", () => {
    expect(text("<p>one<p>two<div>three")).toBe("one\n\ntwo\n\nthree");
    expect(text('<p title="unclosed>rest of page')).toBe("");
    expect(text("a < b and c > d")).toBe("a < b and c > d");
    expect(text("<nav>never closed <p>menu")).toBe("");
  });

  it("never throws, and never lets script text through, on arbitrary input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 50 }), (noise, more) => {
        const out = text(`${noise}<script>SECRET_SCRIPT_${more.replace(/</g, "")}</script>${more}`);
        expect(typeof out).toBe("string");
        if (!noise.includes("<") && !more.includes("<"))
          expect(out).not.toContain("SECRET_SCRIPT_");
      }),
    );
  });

  it("handles a large page in linear time (no quadratic rescans)", () => {
    const page = `<html><body>${"<script>x</script><p>para <a href='/x'>link</a></p>".repeat(20_000)}</body></html>`;
    const out = text(page);
    expect(out.split("\n\n")).toHaveLength(20_000);
  });
});
