import { describe, expect, it } from "vitest";
import { publishProblems } from "../../../test/helpers/gfm-render-check.ts";
import { publishedMarkdown, publishResearch } from "./publish-research.ts";

const listed = "https://a.example/m";

describe("publishedMarkdown", () => {
  it("gives back a file this product wrote byte for byte", () => {
    const file =
      "---\ntitle: T\n---\n\n# T\n\nBig.[[1]](https://a.example/m)\n\n## Sources\n\n1. [M](https://a.example/m)\n\n";
    expect(publishedMarkdown(file)).toBe(file);
    expect(publishedMarkdown(file.replace(/\n/g, "\r\n"))).toBe(file.replace(/\n/g, "\r\n"));
  });

  it("rebuilds a hand-written file: links only to the pages its Sources list, as citations", () => {
    const file = [
      "# Notes",
      "",
      `See [the market](${listed}) and [a blog](https://blog.example/x). ![p](https://t.example/p.png)`,
      "<iframe src=https://t.example/f></iframe>",
      "",
      "## Sources",
      "",
      `1. [Market <b>](${listed})`,
      "2. [Bad](javascript:alert(1))",
      "",
    ].join("\n");
    const published = publishedMarkdown(file);
    expect(published).toBe(
      [
        "# Notes",
        "",
        `See the market[[1]](${listed}) and a blog. p`,
        "",
        "\\<iframe src=\\>\\</iframe\\>",
        "",
        "## Sources",
        "",
        `1. [Market \\<b\\>](${listed})`,
        "",
      ].join("\n"),
    );
    expect(publishProblems(published, [listed])).toEqual([]);
    expect(publishedMarkdown(published)).toBe(published);
  });
});

describe("publishResearch", () => {
  it("keeps the list's numbers, numbers a newly cited listed page next, and logs what it took", () => {
    const b = "https://b.example/n";
    const { doc, removed } = publishResearch({
      body: `One.[[2]](${listed}) Two, [see](${b}). ![x](https://t.example/x.png)`,
      cited: [{ title: "M", url: listed }],
      consulted: [
        { title: "N", url: b },
        { title: "Bad", url: "data:text/html,x" },
      ],
    });
    expect(doc.body).toBe(`One.[[1]](${listed}) Two, see[[2]](${b}). x`);
    expect(doc.cited.map((s) => s.url)).toEqual([listed, b]);
    expect(doc.consulted).toEqual([]);
    expect(removed).toEqual([
      { kind: "source", value: "data:text/html,x" },
      { kind: "image", value: "https://t.example/x.png" },
    ]);
  });
});
