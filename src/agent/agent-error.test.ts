import { APICallError } from "ai";
import { describe, expect, it } from "vitest";
import { createRedactor } from "../config/redactor.ts";
import { toAgentError } from "./agent-error.ts";

const rejected = (message: string) =>
  new APICallError({
    message,
    url: "http://127.0.0.1/v1/messages",
    requestBodyValues: {},
    statusCode: 401,
    isRetryable: false,
  });

describe("toAgentError: a provider's message that echoes a key", () => {
  it("is cut before a word that does not fit, so no part of a key survives to escape masking", () => {
    const key = "gateway-key-that-straddles-the-cut-abcdefghijklmnopqrstuvwxyz";
    for (let pad = 250; pad <= 300; pad += 5) {
      const message = toAgentError(
        rejected(`${"x ".repeat(pad / 2)}${key} trailing words`),
        "API",
      ).message;
      // Masked by value afterwards, as every surface does: nothing of the key is left.
      const shown = createRedactor({ values: [key], urls: [] })(message);
      expect(shown).not.toMatch(/gateway-key/);
      expect(shown).toMatch(/^API rejected the API key \(401\): x x .*; check the key$/);
    }
  });

  it("masks a key that has a vendor's shape before anything else sees it", () => {
    const error = toAgentError(
      rejected("invalid x-api-key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123"),
      "Anthropic API",
    );
    expect(error.message).toBe(
      "Anthropic API rejected the API key (401): invalid x-api-key [redacted]; check the key",
    );
  });
});
