import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import { ConfigError } from "../config/config-error.ts";
import { StoreError } from "../store/research-reader.ts";

const json = (body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = (await response.json()) as {
    error: { code: string; message: string; details?: unknown };
  };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(/\S/);
  expect(body.error.message).not.toContain("[object Object]");
  expect(body.error.message).not.toContain("\n");
  return body.error;
}

describe("POST /api/explore", () => {
  it("queues a job: 202 with job_id, status pending and status_url; the job then completes", async () => {
    const { app, jobs } = createServiceFixture();
    const response = await app.request(
      "/api/explore",
      json({ idea: "  A bakery for dogs  ", mode: "exploration" }),
    );
    expect(response.status).toBe(202);
    const body = (await response.json()) as { job_id: string; status: string; status_url: string };
    expect(body).toEqual({
      job_id: expect.any(String),
      status: "pending",
      status_url: `/api/jobs/${body.job_id}`,
    });
    expect(response.headers.get("location")).toBe(body.status_url);
    expect(jobs.get(body.job_id)).toMatchObject({
      mode: "exploration",
      title: "A bakery for dogs",
    });
    expect(jobs.get(body.job_id)?.payload).toMatchObject({
      request: {
        idea: "A bakery for dogs",
        mode: "exploration",
        update: false,
        collectToolStats: false,
      },
    });
    jobs.start();
    await jobs.whenIdle();
    const status = await (await app.request(body.status_url)).json();
    expect(status).toMatchObject({
      status: "completed",
      result: { path: expect.stringContaining("research.md") },
    });
    await jobs.stop();
  });

  it("passes every documented field through to the explore request", async () => {
    const { app, jobs } = createServiceFixture();
    const response = await app.request(
      "/api/explore",
      json({
        idea: "x",
        mode: "business",
        model: "opus",
        context: "for vets",
        update: true,
        continue_from: "ideas/2025-01-01-x/research.md",
        webhook_url: "https://hooks.example/in",
        callback_secret: "s3cret-value",
        collect_tool_stats: true,
      }),
    );
    const { job_id } = (await response.json()) as { job_id: string };
    expect(jobs.get(job_id)?.payload).toMatchObject({
      request: {
        model: "opus",
        context: "for vets",
        update: true,
        continueFrom: "ideas/2025-01-01-x/research.md",
        collectToolStats: true,
      },
    });
    expect(JSON.stringify(jobs.get(job_id)?.payload)).not.toContain("s3cret-value");

    // force is the other way past a duplicate; it cannot go with update.
    const forced = await app.request("/api/explore", json({ idea: "y", force: true }));
    const forcedId = ((await forced.json()) as { job_id: string }).job_id;
    expect(jobs.get(forcedId)?.payload).toMatchObject({ request: { force: true, update: false } });
  });

  it.each([
    [{}, "idea"],
    [{ idea: "" }, "idea"],
    [{ idea: "   \n\t " }, "idea"],
    [{ idea: "x".repeat(10_001) }, "idea"],
    [{ idea: 42 }, "idea"],
    [{ idea: "x", mode: "poetry" }, "mode"],
    [{ idea: "x", update: "yes" }, "update"],
    [{ idea: "x", force: 1 }, "force"],
    [{ idea: "x", continueFrom: "a" }, "(body)"],
    [{ idea: "x", webhook_url: "ftp://files.example/x" }, "webhook_url"],
    [{ idea: "x", webhook_url: "https://user:pw@hooks.example/" }, "webhook_url"],
    [{ idea: "x", webhook_url: "not a url" }, "webhook_url"],
    [{ idea: "x", callback_secret: "no-url" }, "callback_secret"],
    [{ idea: "x", model: "" }, "model"],
    [{ idea: "x", model: "claude sonnet please" }, "model"],
  ])("400 invalid_request for %j, naming %s", async (body, path) => {
    const { app } = createServiceFixture();
    const error = await expectError(
      await app.request("/api/explore", json(body)),
      400,
      "invalid_request",
    );
    expect(error.details).toEqual(expect.arrayContaining([{ path, message: expect.any(String) }]));
  });

  it("says which field and what to fix in one line", async () => {
    const { app } = createServiceFixture();
    const error = await expectError(
      await app.request("/api/explore", json({ idea: "", mode: "poetry" })),
      400,
      "invalid_request",
    );
    expect(error.message).toBe(
      'idea: must not be empty; mode: must be "business" or "exploration"',
    );
  });

  it.each([
    "http://127.0.0.1:9000/hook",
    "http://[::1]/",
    "http://10.0.0.1/",
    "http://0x7f.1/",
    "http://[::ffff:127.0.0.1]/",
    "http://localhost:8080/hook",
    "http://hooks.localhost/",
  ])(
    "400 for a private webhook IP literal or localhost %s unless private webhooks are allowed",
    async (url) => {
      const refused = createServiceFixture();
      await expectError(
        await refused.app.request("/api/explore", json({ idea: "x", webhook_url: url })),
        400,
        "invalid_request",
      );
      const allowed = createServiceFixture({ allowPrivateWebhooks: true });
      expect(
        (await allowed.app.request("/api/explore", json({ idea: "x", webhook_url: url }))).status,
      ).toBe(202);
    },
  );

  it.each(["http://169.254.169.254/latest", "http://[fe80::1]/", "http://100.100.100.200/"])(
    "400 for the metadata or link-local webhook %s even when private webhooks are allowed",
    async (url) => {
      const allowed = createServiceFixture({ allowPrivateWebhooks: true });
      const error = await expectError(
        await allowed.app.request("/api/explore", json({ idea: "x", webhook_url: url })),
        400,
        "invalid_request",
      );
      expect(error.message).toBe(
        "webhook_url: link-local and cloud metadata addresses are never allowed",
      );
    },
  );

  it.each(["{", '{"idea": "x",}', "", "undefined"])("400 invalid_json for %j", async (text) => {
    const { app } = createServiceFixture();
    await expectError(await app.request("/api/explore", json(text)), 400, "invalid_json");
  });

  it.each(['["idea"]', '"idea"', "null", "7"])(
    "400 for a JSON body that is not an object: %s",
    async (text) => {
      const { app } = createServiceFixture();
      await expectError(await app.request("/api/explore", json(text)), 400, "invalid_request");
    },
  );

  it.each([
    undefined,
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
  ])("415 for content type %s", async (type) => {
    const { app } = createServiceFixture();
    const headers: Record<string, string> = type ? { "Content-Type": type } : {};
    await expectError(
      await app.request("/api/explore", { method: "POST", headers, body: '{"idea":"x"}' }),
      415,
      "unsupported_media_type",
    );
  });

  it("accepts application/json with a charset", async () => {
    const { app } = createServiceFixture();
    const response = await app.request("/api/explore", {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: '{"idea":"x"}',
    });
    expect(response.status).toBe(202);
  });

  it("413 for a body over the limit, with or without Content-Length", async () => {
    const { app } = createServiceFixture({ bodyLimitBytes: 1_000 });
    const big = JSON.stringify({ idea: "x".repeat(2_000) });
    await expectError(await app.request("/api/explore", json(big)), 413, "payload_too_large");
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const chunked = await app.request("/api/explore", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectError(chunked, 413, "payload_too_large");
  });

  it("answers 200 with the existing exploration when submit finds a duplicate", async () => {
    const { app } = createServiceFixture({
      submitExplore: async () => ({
        kind: "existing",
        body: { status: "exists", path: "ideas/2025-01-01-x/research.md" },
      }),
    });
    const response = await app.request("/api/explore", json({ idea: "x" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "exists",
      path: "ideas/2025-01-01-x/research.md",
    });
  });

  it("400 with the message of a ConfigError from submit, 502 for a StoreError", async () => {
    const config = createServiceFixture({
      submitExplore: async () => {
        throw new ConfigError("continue_from: ideas/nope/research.md does not exist");
      },
    });
    const error = await expectError(
      await config.app.request("/api/explore", json({ idea: "x" })),
      400,
      "invalid_request",
    );
    expect(error.message).toBe("continue_from: ideas/nope/research.md does not exist");
    const store = createServiceFixture({
      submitExplore: async () => {
        throw new StoreError("GitHub answered 503", { status: 503 });
      },
    });
    await expectError(
      await store.app.request("/api/explore", json({ idea: "x" })),
      502,
      "store_error",
    );
  });

  it("500 internal_error for an unexpected failure, without its text, and logs it", async () => {
    const logged: unknown[] = [];
    const { app } = createServiceFixture({
      logger: { error: (_m, error) => logged.push(error) },
      submitExplore: async () => {
        throw new Error("EACCES /srv/secret/path");
      },
    });
    const error = await expectError(
      await app.request("/api/explore", json({ idea: "x" })),
      500,
      "internal_error",
    );
    expect(error.message).not.toContain("/srv");
    expect(logged).toHaveLength(1);
  });

  it("405 for another method, with Allow", async () => {
    const { app } = createServiceFixture();
    const response = await app.request("/api/explore");
    await expectError(response, 405, "method_not_allowed");
    expect(response.headers.get("allow")).toBe("POST");
  });
});
