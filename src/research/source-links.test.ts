import { describe, expect, it } from "vitest";
import { dedupeSources, keepRetrievedLinks } from "./source-links.ts";

const retrieved = [
  { title: "Market size", url: "https://example.com/market" },
  { title: "Rival", url: "https://rival.io/" },
];

describe("keepRetrievedLinks", () => {
  it("keeps links to retrieved pages and unlinks the rest", () => {
    const { text, removed } = keepRetrievedLinks(
      "See [the data](https://example.com/market/) and [a guess](https://made.up/page).",
      retrieved,
    );
    expect(text).toBe("See [the data](https://example.com/market/) and a guess.");
    expect(removed).toEqual(["https://made.up/page"]);
  });

  it("drops bare URLs that no tool returned and keeps retrieved ones", () => {
    const { text } = keepRetrievedLinks(
      "Rival: https://rival.io. Fake: https://fake.example/x.",
      retrieved,
    );
    expect(text).toBe("Rival: https://rival.io. Fake: .");
  });
});

describe("dedupeSources", () => {
  it("keeps the first of URLs that differ only by slash or fragment", () => {
    expect(
      dedupeSources([
        { title: "A", url: "https://a.com/x" },
        { title: "A again", url: "https://a.com/x/#top" },
        { title: "", url: "https://b.com" },
      ]),
    ).toEqual([
      { title: "A", url: "https://a.com/x" },
      { title: "https://b.com", url: "https://b.com" },
    ]);
  });
});
