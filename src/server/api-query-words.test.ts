import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";

/**
 * The query parameters of the GET routes, wrong as a new user gets them wrong: each a 400 whose
 * one line names the parameter and what it takes, never zod's words.
 */
const { app } = createServiceFixture();

describe("query parameters in the product's words", () => {
  it.each([
    ["/api/jobs?limit=ten", "limit: must be a number"],
    ["/api/jobs?limit=2.5", "limit: must be a whole number"],
    ["/api/jobs?limit=0", "limit: must be at least 1"],
    ["/api/jobs?status=done", "status: must be one of pending, running, completed, failed"],
    ["/api/jobs?mode=fun", 'mode: must be "business" or "exploration"'],
    ["/api/explorations?limit=many", "limit: must be a number"],
    ["/api/explorations?mode=fun", 'mode: must be "business" or "exploration"'],
    ["/api/jobs/none/research?format=pdf", 'format: must be "markdown" or "html"'],
  ])("%s → 400 %s", async (url, line) => {
    const response = await app.request(url);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(response.status).toBe(400);
    expect(body.error).toMatchObject({ code: "invalid_query", message: line });
    expect(body.error.message).not.toMatch(/invalid input|received|expected/i);
  });
});
