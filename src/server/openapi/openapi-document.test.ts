import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createServiceFixture } from "../../../test/helpers/service-fixture.ts";
import { OPENAPI_PATH, OPERATIONS } from "./api-operations.ts";
import {
  alreadyExploredSchema,
  errorEnvelopeSchema,
  healthSchema,
  jobAcceptedSchema,
  jobListSchema,
  jobProgressSchema,
  jobSchema,
} from "./api-schemas.ts";

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
};

/** Hono's "/api/jobs/:id" and "/api/explorations/:folder{.+}" as OpenAPI writes them. */
const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

async function document(): Promise<Doc> {
  const response = await createServiceFixture().app.request(OPENAPI_PATH);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return (await response.json()) as Doc;
}

/** Parses with the schema, and checks the answer has no field the schema does not describe. */
function conforms(schema: z.ZodObject, body: unknown) {
  schema.parse(body);
  const described = Object.keys(schema.shape);
  for (const key of Object.keys(body as object)) expect(described).toContain(key);
  const progress = (body as { progress?: unknown }).progress;
  if (schema === jobSchema && progress) conforms(jobProgressSchema, progress);
}

describe("GET /api/openapi.json", () => {
  it("describes every /api route the app serves, and none it does not", async () => {
    const { app } = createServiceFixture();
    const served = new Set(
      app.routes
        .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL")
        .map((r) => `${r.method} ${openApiPath(r.path)}`),
    );
    const described = new Set(OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`));
    expect([...described].sort()).toEqual([...served].sort());
    const doc = await document();
    for (const op of OPERATIONS) expect(doc.paths[op.path]?.[op.method]).toBeDefined();
  });

  it("is OpenAPI 3.1 whose every $ref resolves, served without a token", async () => {
    const response = await createServiceFixture({ auth: { tokens: ["t"] } }).app.request(
      OPENAPI_PATH,
    );
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Doc;
    expect(doc.openapi).toBe("3.1.0");
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(10);
    for (const [, id] of refs) expect(doc.components.schemas[id as string]).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
  });

  it("takes the request and query rules from the routes' own zod schemas", async () => {
    const doc = (await document()) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const explore = doc.paths["/api/explore"]?.post as {
      requestBody: { content: { "application/json": { schema: Record<string, unknown> } } };
    };
    expect(explore.requestBody.content["application/json"].schema).toMatchObject({
      type: "object",
      required: ["idea"],
      additionalProperties: false,
      properties: { idea: { type: "string", minLength: 1, maxLength: 10_000 } },
    });
    const list = doc.paths["/api/explorations"]?.get as { parameters: unknown[] };
    expect(list.parameters).toContainEqual(
      expect.objectContaining({
        name: "limit",
        in: "query",
        required: false,
        schema: { default: 20, type: "integer", minimum: 1, maximum: 100 },
      }),
    );
    expect(list.parameters).toContainEqual(
      expect.objectContaining({
        name: "mode",
        schema: { type: "string", enum: ["business", "exploration"] },
      }),
    );
    const folder = doc.paths["/api/explorations/{folder}"]?.get as { parameters: unknown[] };
    expect(folder.parameters).toEqual([expect.objectContaining({ name: "folder", in: "path" })]);
    expect(doc.paths["/api/health"]?.get).toMatchObject({ security: [] });
  });
});

describe("the documented bodies are the ones the API answers", () => {
  it("for jobs, explore, health and errors", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { app, jobs } = createServiceFixture({ researchGate: gate });
    const post = (url: string, body?: unknown) =>
      app.request(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const json = async (response: Response | Promise<Response>) => (await response).json();

    const accepted = await json(post("/api/explore", { idea: "documented idea" }));
    conforms(jobAcceptedSchema, accepted);
    conforms(jobAcceptedSchema, await json(post("/api/explore", { idea: "documented idea" })));
    conforms(jobSchema, await json(app.request(accepted.status_url)));
    jobs.start();
    open();
    await jobs.whenIdle();
    const finished = await json(app.request(accepted.status_url));
    conforms(jobSchema, finished);
    expect(finished.status).toBe("completed");
    conforms(jobListSchema, await json(app.request("/api/jobs")));
    conforms(healthSchema, await json(app.request("/api/health")));
    conforms(errorEnvelopeSchema, await json(app.request("/api/jobs/nope")));
    conforms(errorEnvelopeSchema, await json(post("/api/explore", { idea: "" })));
    expect(Object.keys(alreadyExploredSchema.shape)).toEqual(["status", "path", "date"]);
  });

  it("for cancel and retry", async () => {
    const { app, jobs } = createServiceFixture();
    const post = (url: string) => app.request(url, { method: "POST" });
    const submitted = await app.request("/api/explore", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ idea: "cancelled idea" }),
    });
    const { job_id } = (await submitted.json()) as { job_id: string };
    const cancelled = await post(`/api/jobs/${job_id}/cancel`);
    expect(cancelled.status).toBe(200);
    conforms(jobSchema, await cancelled.json());
    const retried = await post(`/api/jobs/${job_id}/retry`);
    expect(retried.status).toBe(202);
    conforms(jobAcceptedSchema, await retried.json());
    await jobs.stop();
  });
});
