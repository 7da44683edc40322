import { describe, expect, it } from "vitest";
import { MAX_REMOVALS, RemovalList, removedLinkTargets } from "./removals.ts";

describe("RemovalList", () => {
  it("keeps each removal once, on one line and bounded", () => {
    const list = new RemovalList();
    list.add("html", "<img\nsrc=x>");
    list.add("html", "<img src=x>");
    list.add("link", `https://evil.example/${"a".repeat(500)}`);
    expect(list.list()).toEqual([
      { kind: "html", value: "<img src=x>" },
      { kind: "link", value: expect.stringMatching(/^https:\/\/evil\.example\/a+…$/) },
    ]);
    expect(list.list()[1]?.value).toHaveLength(200);
  });

  it("lists the first ones of a flood and counts the rest", () => {
    const list = new RemovalList();
    for (let i = 0; i < MAX_REMOVALS + 7; i++) list.add("image", `https://t.example/${i}.png`);
    expect(list.list()).toHaveLength(MAX_REMOVALS);
    expect(list.unlisted).toBe(7);
  });

  it("names the link targets among removals, as the log's removedLinks always has", () => {
    expect(
      removedLinkTargets([
        { kind: "link", value: "https://a.example" },
        { kind: "image", value: "https://b.example/i.png" },
        { kind: "scheme", value: "javascript:x" },
        { kind: "autolink", value: "https://c.example" },
      ]),
    ).toEqual(["https://a.example", "javascript:x", "https://c.example"]);
  });
});
