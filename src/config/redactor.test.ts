import { describe, expect, it } from "vitest";
import { configuredSecrets, redactorFor } from "./configured-secrets.ts";
import { createRedactor, redactJson, redactSecretShapesOnly } from "./redactor.ts";

const KEY = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";

describe("createRedactor: configured secrets", () => {
  it("replaces each known value wherever it occurs, URL-encoded too", () => {
    const redact = createRedactor({ values: ["gateway/key+1234"], urls: [] });
    expect(redact("bad key gateway/key+1234 (sent as gateway%2Fkey%2B1234)")).toBe(
      "bad key [redacted] (sent as [redacted])",
    );
  });

  it("replaces the longer of two overlapping secrets whole", () => {
    const redact = createRedactor({ values: ["abcdefgh", "abcdefgh-longer"], urls: [] });
    expect(redact("x abcdefgh-longer y abcdefgh")).toBe("x [redacted] y [redacted]");
  });

  it("leaves values under 8 characters alone: a short key must not blank every word", () => {
    const redact = createRedactor({ values: ["test", "       "], urls: [] });
    expect(redact("the test failed")).toBe("the test failed");
  });

  it("hides the userinfo and query of a configured URL, and any URL on its host", () => {
    const redact = createRedactor({
      urls: ["https://alice:pa55word-x@gw.example/v1?token=tok-123456&region=eu"],
      values: [],
    });
    expect(redact("POST https://gw.example/v1?token=tok-123456&region=eu/messages failed")).toBe(
      "POST https://gw.example/v1?[redacted] failed",
    );
    // The path alone, as a server echoes its request line, and the password on its own.
    expect(redact("GET /v1?token=tok-123456&region=eu/messages by pa55word-x")).toBe(
      "GET /v1[redacted]/messages by [redacted]",
    );
    expect(redact("see https://other.example/a?page=2")).toBe("see https://other.example/a?page=2");
  });

  it("reads the environment's keys, tokens, URLs and OTel headers, and the flags", () => {
    const known = configuredSecrets(
      {
        ANTHROPIC_API_KEY: KEY,
        IDEA_EXPLORER_API_TOKEN: " first-token-0001 , second-token-0002 ",
        SOME_MCP_SERVER_TOKEN: "mcp-token-value-9",
        SEARXNG_URL: "http://u:searx-pass-1@searx.local:8080",
        OTEL_EXPORTER_OTLP_HEADERS: "authorization=Basic%20b3RlbDpwYXNz,x-team=team-secret-42",
        HOME: "/home/someone",
      },
      { apiKey: "flag-key-12345678", baseUrl: "http://127.0.0.1:11434/v1?key=local-key-1" },
    );
    expect(known.values).toEqual(
      expect.arrayContaining([
        KEY,
        "first-token-0001",
        "second-token-0002",
        "mcp-token-value-9",
        "Basic%20b3RlbDpwYXNz",
        "team-secret-42",
        "flag-key-12345678",
      ]),
    );
    expect(known.values).not.toContain("/home/someone");
    expect(known.urls).toEqual([
      "http://u:searx-pass-1@searx.local:8080",
      "http://127.0.0.1:11434/v1?key=local-key-1",
    ]);
    const redact = createRedactor(known);
    expect(redact("otel said Basic b3RlbDpwYXNz and searx-pass-1, local-key-1")).toBe(
      "otel said [redacted] and [redacted], [redacted]",
    );
  });
});

describe("secrets recognised by shape", () => {
  const cases: [string, string][] = [
    [`invalid x-api-key: ${KEY}`, "invalid x-api-key: [redacted]"],
    ["token ghp_abcdefghijklmnopqrstuvwxyz0123456789 revoked", "token [redacted] revoked"],
    ["pat github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "pat [redacted]"],
    ["tavily key tvly-dev-abcdefghijklmnop1234", "tavily key [redacted]"],
    ["sent Bearer abc.def-123456789", "sent Bearer [redacted]"],
    ["Authorization: Bearer q1w2e3r4t5y6", "Authorization: Bearer [redacted]"],
    ["authorization=Token zxcvbnm123", "authorization=[redacted]"],
    ['{"api_key":"k3y-value-001","model":"m"}', '{"api_key":"[redacted]","model":"m"}'],
    ["password=hunter2hunter2", "password=[redacted]"],
    [
      "GET https://x.example/s?q=solar&api_key=abc&n=2",
      "GET https://x.example/s?q=solar&api_key=[redacted]&n=2",
    ],
    ["from https://bob:secret@proxy.example:3128/", "from https://[redacted]@proxy.example:3128/"],
  ];
  it.each(cases)("%s", (text, expected) => {
    expect(redactSecretShapesOnly(text)).toBe(expected);
  });

  it("leaves our own messages and ordinary text as they are", () => {
    for (const text of [
      "IDEA_EXPLORER_API_TOKEN: must hold at least one token",
      "GITHUB_TOKEN is not set; export a token with contents:write access to a/b",
      "max_tokens: 4096, input_tokens=1200",
      "send an API token as Authorization: Bearer <token>",
      "the token budget of 200,000 was reached",
      "see https://example.com/article?id=42&page=3",
      "Bearer authentication failed",
    ]) {
      expect(redactSecretShapesOnly(text)).toBe(text);
    }
  });
});

describe("redactJson", () => {
  it("redacts every string of a JSON value and keeps its structure", () => {
    const redact = redactorFor({ ANTHROPIC_API_KEY: KEY });
    const progress = { message: `retrying: ${KEY}`, pages: [`https://a.example/?k=1`], n: 3 };
    expect(redactJson(progress, redact)).toEqual({
      message: "retrying: [redacted]",
      pages: ["https://a.example/?k=1"],
      n: 3,
    });
    expect(redactJson(null, redact)).toBeNull();
  });
});
