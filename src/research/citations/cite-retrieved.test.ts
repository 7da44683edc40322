import { describe, expect, it } from "vitest";
import { citeRetrieved } from "./cite-retrieved.ts";

const retrieved = [
  { title: "Market size", url: "https://example.com/market" },
  { title: "Rival", url: "https://rival.io/" },
  { title: "Mercury", url: "https://en.wikipedia.org/wiki/Mercury_(planet)" },
];

describe("citeRetrieved", () => {
  it("turns a link to a retrieved page into its text and a citation, and unlinks the rest", () => {
    const { text, removed } = citeRetrieved(
      "See [the data](https://example.com/market/#:~:text=x) and [a guess](https://made.up/page).",
      retrieved,
    );
    // The citation names the page as it was retrieved, never the link's own spelling.
    expect(text).toBe("See the data[[cite]](https://example.com/market) and a guess.");
    expect(removed).toEqual(["https://made.up/page"]);
  });

  it("keeps native citations of retrieved pages and drops those of any other page", () => {
    const { text, removed } = citeRetrieved(
      "Worth $2B[[cite]](https://rival.io/)[[cite]](https://nowhere.example/x).",
      retrieved,
    );
    expect(text).toBe("Worth $2B[[cite]](https://rival.io/).");
    expect(removed).toEqual(["https://nowhere.example/x"]);
  });

  it("makes a link whose text only numbers it a bare citation", () => {
    const { text } = citeRetrieved(
      "Growing [1](https://example.com/market), fast [[2]](https://rival.io/).",
      retrieved,
    );
    expect(text).toBe(
      "Growing [[cite]](https://example.com/market), fast [[cite]](https://rival.io/).",
    );
  });

  it("reads URLs with balanced parentheses whole", () => {
    const { text, removed } = citeRetrieved(
      "A planet ([Mercury](https://en.wikipedia.org/wiki/Mercury_(planet))).",
      retrieved,
    );
    expect(text).toBe(
      "A planet (Mercury[[cite]](https://en.wikipedia.org/wiki/Mercury_(planet))).",
    );
    expect(removed).toEqual([]);
  });

  it("drops bare URLs that no tool returned and makes retrieved ones citations", () => {
    const { text, removed } = citeRetrieved(
      "Rival: https://rival.io. Fake: https://fake.example/x. Again https://fake.example/x",
      retrieved,
    );
    // A bare URL is a link each renderer draws its own way; its citation links the page exactly.
    expect(text).toBe("Rival: [[cite]](https://rival.io/). Fake: . Again");
    expect(removed).toEqual(["https://fake.example/x"]);
  });
});
