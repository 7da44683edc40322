import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error.ts";
import { parseEnv } from "./env.ts";
import { parseExploreRequest } from "./explore-request.ts";

describe("parseExploreRequest", () => {
  it("fills the defaults", () => {
    expect(parseExploreRequest({ idea: "  Solar kiosks  " })).toMatchObject({
      idea: "Solar kiosks",
      mode: "business",
      maxSteps: 5,
      tokenBudget: 100_000,
      update: false,
      force: false,
      collectToolStats: false,
    });
  });

  it.each([
    [{ idea: "   " }, "idea: must not be empty"],
    [{ idea: "x".repeat(10_001) }, "idea: must be at most 10,000 characters"],
    [{ idea: "x", mode: "poetry" }, 'mode: must be "business" or "exploration"'],
    [{ idea: 42 }, "idea: must be text"],
    [{ idea: "x", update: true, force: true }, "choose either update or force, not both"],
  ])("rejects %j with one clear line", (input, message) => {
    expect(() => parseExploreRequest(input)).toThrow(new ConfigError(message));
  });

  it("reads a Windows line break (CRLF) as a line break, and refuses a carriage return alone", () => {
    const request = parseExploreRequest({ idea: "Solar\r\ndryers\r\n", context: "a\r\nb" });
    expect(request).toMatchObject({ idea: "Solar\ndryers", context: "a\nb" });
    expect(() => parseExploreRequest({ idea: "safe\rEVIL" })).toThrow(
      new ConfigError("idea: must not contain control characters (U+000D at character 5)"),
    );
  });

  it.each([
    [{ idea: "x", update: "yes" }, "update: must be true or false"],
    [{ idea: "x", force: 1 }, "force: must be true or false"],
    [{ idea: "x", collectToolStats: "true" }, "collectToolStats: must be true or false"],
    [
      { idea: "x\ud800" },
      "idea: must be valid Unicode (U+D800 at character 2 is half of a surrogate pair)",
    ],
  ])("names the field and what it takes for %j", (input, message) => {
    expect(() => parseExploreRequest(input)).toThrow(new ConfigError(message));
  });

  it("accepts an idea of exactly 10,000 characters", () => {
    expect(parseExploreRequest({ idea: "x".repeat(10_000) }).idea).toHaveLength(10_000);
  });
});

describe("parseEnv", () => {
  it("treats blank variables as unset and ignores unrelated ones", () => {
    const env = parseEnv({ ANTHROPIC_API_KEY: "  ", GITHUB_REPO: "me/ideas", PATH: "/bin" });
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(env.GITHUB_REPO).toBe("me/ideas");
    expect(env).not.toHaveProperty("PATH");
  });

  it("names the variable to fix", () => {
    expect(() => parseEnv({ GITHUB_REPO: "not a repo" })).toThrow(
      "GITHUB_REPO: must look like owner/repo",
    );
    expect(() => parseEnv({ ANTHROPIC_BASE_URL: "ftp://x" })).toThrow(
      "ANTHROPIC_BASE_URL: must be an http(s) URL",
    );
  });
});

describe("refresh", () => {
  it("implies update, and stays absent from a request that does not ask for it", () => {
    expect(parseExploreRequest({ idea: "x", refresh: true })).toMatchObject({
      refresh: true,
      update: true,
    });
    expect(parseExploreRequest({ idea: "x" })).not.toHaveProperty("refresh");
  });

  it("refuses force with one clear line", () => {
    expect(() => parseExploreRequest({ idea: "x", refresh: true, force: true })).toThrow(
      new ConfigError("choose either refresh or force, not both"),
    );
  });
});
