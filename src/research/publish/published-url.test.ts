import { describe, expect, it } from "vitest";
import { publishedUrl } from "./published-url.ts";

describe("publishedUrl", () => {
  it.each([
    ["https://example.com/a?b=1&c=2#f", "https://example.com/a?b=1&c=2#f"],
    ["HTTPS://Example.COM", "https://example.com/"],
    [
      "https://en.wikipedia.org/wiki/Mercury_(planet)",
      "https://en.wikipedia.org/wiki/Mercury_(planet)",
    ],
    [
      "https://x.example/a)![i](https://evil.example/p.png",
      "https://x.example/a%29!%5Bi%5D%28https://evil.example/p.png",
    ],
    ['https://x.example/"><img src=x>', "https://x.example/%22%3E%3Cimg%20src=x%3E"],
    ["https://x.example/a b|c\\d'e`f", "https://x.example/a%20b%7Cc/d%27e%60f"],
    ["https://x.example/?q=&lt;img", "https://x.example/?q=&lt%3Bimg"],
    ["https://x.example/?q=é", "https://x.example/?q=%C3%A9"],
  ])("writes %s as %s", (raw, published) => {
    expect(publishedUrl(raw)).toBe(published);
    expect(publishedUrl(published)).toBe(published);
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,x",
    "mailto:a@b.example",
    "ftp://x.example/",
    "//evil.example/x",
    "/relative",
    "https://user:pw@evil.example/",
    "https://trusted.example@evil.example/",
    "not a url",
  ])("publishes no %s", (raw) => {
    expect(publishedUrl(raw)).toBeUndefined();
  });
});
