import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";

const post = (body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

describe("POST /api/explore: check_claims and check_model", () => {
  it("carry the model check into the job's request", async () => {
    const { app, jobs } = createServiceFixture();
    const response = await app.request(
      "/api/explore",
      post({ idea: "x", check_claims: "model", check_model: "claude-haiku-4-5" }),
    );
    expect(response.status).toBe(202);
    const { job_id } = (await response.json()) as { job_id: string };
    expect(jobs.get(job_id)?.payload).toMatchObject({
      request: { checkClaims: "model", checkModel: "claude-haiku-4-5" },
    });
  });

  it("leave a request without them as it was (the free figure check only)", async () => {
    const { app, jobs } = createServiceFixture();
    const response = await app.request("/api/explore", post({ idea: "y" }));
    const { job_id } = (await response.json()) as { job_id: string };
    expect(JSON.stringify(jobs.get(job_id)?.payload)).not.toMatch(/check/i);
  });

  it.each([
    [{ check_claims: "all" }, /^check_claims: must be "figures" or "model"$/],
    [{ check_claims: true }, /^check_claims: must be "figures" or "model"$/],
    [{ check_model: "haiku" }, /^check_claims: must be "model" when a check model is given$/],
    [
      { check_claims: "model", check_model: "claude haiku" },
      /^check_model: must be a model id, without spaces$/,
    ],
    [{ check_claims: "model", check_model: 4 }, /^check_model: must be text$/],
  ])("400 in one line naming the field for %j, and no job", async (fields, message) => {
    const { app, jobs } = createServiceFixture();
    const response = await app.request("/api/explore", post({ idea: "x", ...fields }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.message).toMatch(message);
    expect((await jobs.list({ limit: 10 })).jobs).toEqual([]);
  });

  it("are described in the OpenAPI document", async () => {
    const { app } = createServiceFixture();
    const document = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        {
          post?: {
            requestBody?: {
              content: Record<
                string,
                {
                  schema: { properties: Record<string, { enum?: string[]; description?: string }> };
                }
              >;
            };
          };
        }
      >;
    };
    const body =
      document.paths["/api/explore"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(body?.properties.check_claims).toMatchObject({ enum: ["figures", "model"] });
    expect(body?.properties.check_claims?.description).toMatch(/cheap model/);
    expect(body?.properties.check_model?.description).toMatch(/judges the claims/);
  });
});
