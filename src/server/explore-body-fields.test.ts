import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import { fieldKinds } from "../../test/helpers/wrong-types.ts";
import { exploreBodySchema } from "./explore-body.ts";

/**
 * Every field of POST /api/explore, walked from the body's own schema (so a field added later is
 * walked too), sent with values of the wrong type and with text that is not valid Unicode through
 * the real route: each is a 400 whose one line names the field and what it takes, in the
 * product's words, never zod's ("Invalid input: expected boolean, received string").
 */
const FIELDS = fieldKinds(exploreBodySchema.shape);
const { app } = createServiceFixture();

async function refusal(body: Record<string, unknown>) {
  const response = await app.request("/api/explore", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as {
    error: { code: string; message: string; details?: { path: string; message: string }[] };
  };
  return { status: response.status, ...answer.error };
}

const cases = FIELDS.flatMap(([field, kind]) =>
  kind.wrong.map((value) => [field, JSON.stringify(value), value, kind.words] as const),
);

describe("POST /api/explore: a value of the wrong type, field by field", () => {
  it("walks every field of the body", () => {
    expect(FIELDS.map(([field]) => field)).toEqual(expect.arrayContaining(["idea", "update"]));
    expect(FIELDS.length).toBe(Object.keys(exploreBodySchema.shape).length);
  });

  it.each(cases)(
    "%s = %s: 400 naming the field and what it takes",
    async (field, _, value, words) => {
      const body = field === "idea" ? { idea: value } : { idea: "x", [field]: value };
      const error = await refusal(body);
      expect(error.status).toBe(400);
      expect(error.code).toBe("invalid_request");
      expect(error.message).toMatch(new RegExp(`^${field}(\\.\\d+)?: `));
      for (const word of words) expect(error.message).toContain(word);
      expect(error.message).not.toMatch(/invalid input|received|expected/i);
      expect(error.message).not.toContain("\n");
      for (const detail of error.details ?? []) {
        expect(detail.message).not.toMatch(/invalid input|received|expected/i);
      }
    },
  );
});

const TEXT_FIELDS = FIELDS.filter(([, kind]) => kind.type === "string" || kind.type === "array");

describe("POST /api/explore: text that is not valid Unicode, field by field", () => {
  it.each(TEXT_FIELDS)("%s with a lone surrogate: 400 naming the field", async (field, kind) => {
    const half = "a\ud800";
    const value = kind.type === "array" ? ["example.com", half] : half;
    const body = field === "idea" ? { idea: value } : { idea: "x", [field]: value };
    const error = await refusal(body);
    expect(error.status).toBe(400);
    const where = kind.type === "array" ? `${field}.1` : field;
    expect(error.message).toBe(
      `${where}: must be valid Unicode (U+D800 at character 2 is half of a surrogate pair)`,
    );
    expect(error.details).toEqual([
      {
        path: where,
        message: "must be valid Unicode (U+D800 at character 2 is half of a surrogate pair)",
      },
    ]);
  });

  it("names a field name that is not valid Unicode", async () => {
    const error = await refusal({ idea: "x", "\ud800": 1 });
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "a field name must be valid Unicode (U+D800 at character 1 is half of a surrogate pair)",
    );
  });
});

describe("POST /api/explore: a Windows line break is a line break", () => {
  it("takes CRLF from a form's textarea as newlines, and queues the job", async () => {
    const { app: fresh, jobs } = createServiceFixture();
    const response = await fresh.request("/api/explore", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ idea: "Solar dryers\r\nfor stalls", context: "one\r\ntwo\r\n" }),
    });
    expect(response.status).toBe(202);
    const { job_id } = (await response.json()) as { job_id: string };
    expect(jobs.get(job_id)?.payload).toMatchObject({
      request: { idea: "Solar dryers\nfor stalls", context: "one\ntwo" },
    });
    await jobs.stop();
  });
});
