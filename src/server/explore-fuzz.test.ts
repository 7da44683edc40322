import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";

const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Bodies that look like explore requests, with every field sometimes right and sometimes not. */
const plausibleBody = fc.record(
  {
    idea: fc.oneof(
      fc.string({ minLength: 0, maxLength: 60 }),
      fc.string({ maxLength: 3 }).map((s) => s.repeat(4_000)),
      anyValue,
    ),
    mode: fc.oneof(fc.constantFrom("business", "exploration", "Business", ""), anyValue),
    model: fc.oneof(fc.constantFrom("sonnet", "opus"), anyValue),
    context: anyValue,
    update: fc.oneof(fc.boolean(), anyValue),
    continue_from: anyValue,
    webhook_url: fc.oneof(
      fc.webUrl(),
      fc.constantFrom(
        "http://127.0.0.1/x",
        "http://[::1]/",
        "ftp://x/",
        "http://u:p@h.example/",
        "javascript:alert(1)",
      ),
      anyValue,
    ),
    callback_secret: anyValue,
    collect_tool_stats: fc.oneof(fc.boolean(), anyValue),
    __proto__: anyValue,
    extra: anyValue,
  },
  { requiredKeys: [] },
);

/** Bodies that are mostly right: the accepting path must hold up too. */
const likelyValidBody = fc.record(
  {
    idea: fc.string({ minLength: 1, maxLength: 200 }),
    mode: fc.constantFrom("business", "exploration"),
    model: fc.string({ minLength: 1, maxLength: 20 }),
    context: fc.string({ maxLength: 100 }),
    update: fc.boolean(),
    continue_from: fc.string({ minLength: 1, maxLength: 80 }),
    webhook_url: fc.webUrl(),
    collect_tool_stats: fc.boolean(),
  },
  { requiredKeys: ["idea"] },
);

const rawBody = fc.oneof(
  likelyValidBody.map((body) => JSON.stringify(body)),
  plausibleBody.map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    "",
    "{",
    "[]",
    "null",
    '{"idea":',
    '{"idea":"x"}garbage',
    "\u0000",
    '{"constructor":{"prototype":{}}}',
  ),
);

const contentType = fc.oneof(
  fc.constant("application/json"),
  fc.constantFrom(
    "application/json; charset=utf-8",
    "APPLICATION/JSON",
    "text/plain",
    "",
    "application/jsonx",
  ),
);

describe("POST /api/explore fuzz", () => {
  it("answers every generated body with 200/202 or a 4xx JSON error, never a 5xx", async () => {
    const { app } = createServiceFixture();
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(rawBody, contentType, async (body, type) => {
        const headers: Record<string, string> = type ? { "Content-Type": type } : {};
        const response = await app.request("/api/explore", { method: "POST", headers, body });
        const status = response.status;
        seen.add(status);
        expect(response.headers.get("content-type")).toContain("application/json");
        const answer = (await response.json()) as { error?: { code: unknown; message: unknown } };
        if (status === 200 || status === 202) return;
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
        expect(typeof answer.error?.code).toBe("string");
        expect(typeof answer.error?.message).toBe("string");
        expect(String(answer.error?.message)).not.toContain("[object Object]");
      }),
      { numRuns: 500 },
    );
    // The generators reach the accepting path and each kind of refusal, not just one of them.
    expect([...seen].sort()).toEqual(expect.arrayContaining([202, 400, 415]));
  });
});
