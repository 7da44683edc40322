import { Hono } from "hono";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type AuthVariables, bearerAuth } from "./bearer-auth.ts";

// The byte lengths of every timingSafeEqual the auth makes, through the real function.
const comparisons = vi.hoisted(() => [] as Array<[number, number]>);
vi.mock("node:crypto", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:crypto")>();
  return {
    ...original,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      comparisons.push([a.byteLength, b.byteLength]);
      return original.timingSafeEqual(a, b);
    },
  };
});

function app(tokens: string[]) {
  const hono = new Hono<{ Variables: AuthVariables }>();
  hono.use("*", bearerAuth(tokens));
  hono.get("/", (c) => c.text(c.get("tokenId") ?? "none"));
  hono.onError((_error, c) => c.text("refused", 401));
  return hono;
}

describe("bearer token comparison", () => {
  beforeEach(() => {
    comparisons.length = 0;
  });
  const tokens = ["alpha-token-111111", "beta-token-2222222222222", "gamma-3"];

  it.each([
    ["the first token", "alpha-token-111111", 200],
    ["the last token", "gamma-3", 200],
    ["a wrong token of another length", "x", 401],
    ["a prefix of a token", "alpha-token", 401],
  ])(
    "compares %s with every configured token, as equal-size digests",
    async (_l, given, status) => {
      const response = await app(tokens).request("/", {
        headers: { Authorization: `Bearer ${given}` },
      });
      expect(response.status).toBe(status);
      // No early exit on a match and no length shortcut: one comparison per configured token,
      // each of two 32-byte SHA-256 digests.
      expect(comparisons).toEqual(tokens.map(() => [32, 32]));
    },
  );
});
