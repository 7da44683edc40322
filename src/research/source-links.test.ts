import { describe, expect, it } from "vitest";
import { dedupeSources, withoutSources } from "./source-links.ts";

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

describe("withoutSources", () => {
  it("drops the pages whose key is excluded, and repeats", () => {
    expect(
      withoutSources(
        [
          { title: "A", url: "https://a.com/x" },
          { title: "B", url: "https://b.com" },
          { title: "B again", url: "https://b.com/" },
        ],
        new Set(["https://a.com/x"]),
      ),
    ).toEqual([{ title: "B", url: "https://b.com" }]);
  });
});
