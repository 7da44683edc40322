import { describe, expect, it } from "vitest";
import { githubWebUrl } from "./web-url.ts";

describe("githubWebUrl", () => {
  it.each([
    [undefined, "https://github.com"],
    ["https://api.github.com", "https://github.com"],
    ["https://api.github.com/", "https://github.com"],
    ["https://git.acme.example/api/v3", "https://git.acme.example"],
    ["https://acme.example/github/api/v3/", "https://acme.example/github"],
    ["https://api.acme.ghe.com", "https://acme.ghe.com"],
    ["http://127.0.0.1:4321", "http://127.0.0.1:4321"],
  ])("%s → %s", (api, web) => {
    expect(githubWebUrl(api)).toBe(web);
  });
});
