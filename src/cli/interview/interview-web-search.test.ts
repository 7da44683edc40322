import { describe, expect, it } from "vitest";
import { parseEnv } from "../../config/env.ts";
import { interviewWebSearch } from "./interview-web-search.ts";

const anthropic = { supportsServerWebSearch: true };
const local = { supportsServerWebSearch: false };

describe("interviewWebSearch", () => {
  it("uses Anthropic's server tool with Anthropic, even when a backend is configured", () => {
    const { webSearch, label } = interviewWebSearch(
      anthropic,
      parseEnv({ SEARXNG_URL: "http://127.0.0.1:8888" }),
    );
    expect(webSearch.kind).toBe("provider");
    expect(webSearch.kind === "provider" && webSearch.tool).toMatchObject({
      type: "provider",
      id: "anthropic.web_search_20250305",
    });
    expect(label).toBe("Anthropic web search");
  });

  it.each([
    [{ SEARXNG_URL: "http://127.0.0.1:8888", BRAVE_API_KEY: "b" }, "SearXNG (SEARXNG_URL)"],
    [{ TAVILY_API_KEY: "t", BRAVE_API_KEY: "b" }, "Tavily (TAVILY_API_KEY)"],
    [{ BRAVE_API_KEY: "b" }, "Brave (BRAVE_API_KEY)"],
  ])("uses the configured backend with other providers: %j", (env, label) => {
    const choice = interviewWebSearch(local, parseEnv(env));
    expect(choice.webSearch.kind).toBe("backend");
    expect(choice.label).toBe(label);
  });

  it("leaves web search out when nothing is configured, and says how to turn it on", () => {
    const choice = interviewWebSearch(local, parseEnv({ TAVILY_API_KEY: " " }));
    expect(choice.webSearch).toEqual({ kind: "none" });
    expect(choice.label).toContain("set SEARXNG_URL, TAVILY_API_KEY or BRAVE_API_KEY");
  });
});
