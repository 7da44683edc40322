import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function submit(app: ReturnType<typeof createServiceFixture>["app"], body: unknown) {
  const response = await app.request("/api/explore", post(body));
  return ((await response.json()) as { job_id: string }).job_id;
}

describe("GET /api/jobs", () => {
  it("lists newest first and pages with next_cursor until null", async () => {
    const { app } = createServiceFixture();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await submit(app, { idea: `idea ${i}` }));
    const seen: string[] = [];
    let url = "/api/jobs?limit=2";
    for (;;) {
      const page = (await (await app.request(url)).json()) as {
        jobs: { job_id: string }[];
        next_cursor: string | null;
      };
      seen.push(...page.jobs.map((job) => job.job_id));
      if (!page.next_cursor) break;
      url = `/api/jobs?limit=2&cursor=${encodeURIComponent(page.next_cursor)}`;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it("filters by status and mode", async () => {
    const { app, jobs } = createServiceFixture();
    const business = await submit(app, { idea: "b", mode: "business" });
    const exploration = await submit(app, { idea: "e", mode: "exploration" });
    jobs.start();
    await jobs.whenIdle();
    await jobs.stop(); // the next one stays pending
    await submit(app, { idea: "later", mode: "exploration" });
    const list = async (query: string) =>
      (
        (await (await app.request(`/api/jobs?${query}`)).json()) as { jobs: { job_id: string }[] }
      ).jobs.map((j) => j.job_id);
    expect(await list("mode=business")).toEqual([business]);
    expect(await list("status=completed&mode=exploration")).toEqual([exploration]);
    expect(await list("status=failed")).toEqual([]);
    expect(await list("status=pending")).toHaveLength(1);
  });

  it.each([
    ["status=done", "status"],
    ["mode=poetry", "mode"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["limit=1.5", "limit"],
  ])("400 invalid_query for %s", async (query, path) => {
    const { app } = createServiceFixture();
    const response = await app.request(`/api/jobs?${query}`);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: { code: string; details: { path: string }[] };
    };
    expect(error.code).toBe("invalid_query");
    expect(error.details[0]?.path).toBe(path);
  });

  it("400 for a cursor it did not issue", async () => {
    const { app } = createServiceFixture();
    const response = await app.request("/api/jobs?cursor=forged");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "invalid_query", message: expect.stringContaining("cursor") },
    });
  });
});

describe("GET /api/jobs/:id", () => {
  it("shows status, current step, progress, result and no error for a completed job", async () => {
    const { app, jobs } = createServiceFixture();
    const id = await submit(app, { idea: "A bakery for dogs" });
    const pending = await (await app.request(`/api/jobs/${id}`)).json();
    expect(pending).toMatchObject({
      job_id: id,
      status: "pending",
      current_step: null,
      result: null,
      error: null,
    });
    jobs.start();
    await jobs.whenIdle();
    const done = await (await app.request(`/api/jobs/${id}`)).json();
    expect(done).toMatchObject({
      job_id: id,
      status: "completed",
      mode: "business",
      idea: "A bakery for dogs",
      progress: { step: "commit", agent_step: 2, tool_calls: 3, input_tokens: 1200 },
      result: { path: expect.stringMatching(/research\.md$/), stats: { toolCalls: 3 } },
      error: null,
      events_url: `/api/jobs/${id}/events`,
      research_url: `/api/jobs/${id}/research`,
    });
    await jobs.stop();
  });

  it("shows a failed job's error code and message", async () => {
    const { app, jobs } = createServiceFixture();
    const id = await submit(app, { idea: "misconfigured" });
    jobs.start();
    await jobs.whenIdle();
    expect(await (await app.request(`/api/jobs/${id}`)).json()).toMatchObject({
      status: "failed",
      error: { code: "configuration_error", message: "ANTHROPIC_API_KEY is not set" },
    });
    await jobs.stop();
  });

  it("404 job_not_found for an unknown id", async () => {
    const { app } = createServiceFixture();
    for (const path of ["/api/jobs/nope", "/api/jobs/nope/events", "/api/jobs/nope/research"]) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "job_not_found" } });
    }
  });
});

describe("secrets never come back", () => {
  it("no GET response holds the callback secret, the webhook URL's path or query, or a token", async () => {
    const token = "tok-abcdefghijklmnop";
    const { app, jobs } = createServiceFixture({
      auth: { tokens: [token] },
      notifier: { deliver: async () => ({ status: "delivered", attempts: 1 }) },
    });
    const auth = { Authorization: `Bearer ${token}` };
    const response = await app.request(
      "/api/explore",
      post(
        {
          idea: "x",
          webhook_url: "https://hooks.example/services/T0/B0/SECRETPATH?key=QUERYKEY",
          callback_secret: "CALLBACKSECRET",
        },
        auth,
      ),
    );
    const { job_id } = (await response.json()) as { job_id: string };
    jobs.start();
    await jobs.whenIdle();
    const bodies = await Promise.all(
      [
        "/api/jobs",
        `/api/jobs/${job_id}`,
        `/api/jobs/${job_id}/events`,
        `/api/jobs/${job_id}/research`,
      ].map(async (path) => (await app.request(path, { headers: auth })).text()),
    );
    const all = bodies.join("\n");
    for (const secret of ["CALLBACKSECRET", "SECRETPATH", "QUERYKEY", token])
      expect(all).not.toContain(secret);
    expect(all).toContain('"origin":"https://hooks.example"');
    await jobs.stop();
  });
});

describe("GET /api/jobs/:id/research", () => {
  it("409 until the job completes, then the markdown", async () => {
    const { app, jobs } = createServiceFixture();
    const id = await submit(app, { idea: "Dog bakery" });
    const early = await app.request(`/api/jobs/${id}/research`);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: { code: "job_not_completed" } });
    jobs.start();
    await jobs.whenIdle();
    const response = await app.request(`/api/jobs/${id}/research`);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await response.text()).toContain("# Dog bakery");
    await jobs.stop();
  });

  it("renders sanitized HTML with format=html", async () => {
    const { app, jobs } = createServiceFixture({
      report: () =>
        "# R\n\n<script>alert(1)</script>\n\n[ok](https://example.com) [bad](javascript:alert(1))",
    });
    const id = await submit(app, { idea: "x" });
    jobs.start();
    await jobs.whenIdle();
    const response = await app.request(`/api/jobs/${id}/research?format=html`);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("<h1>R</h1>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
    await jobs.stop();
  });

  it("400 for an unknown format, 404 when the job has no research", async () => {
    const { app, jobs } = createServiceFixture({ readResearch: async () => undefined });
    const id = await submit(app, { idea: "x" });
    jobs.start();
    await jobs.whenIdle();
    const bad = await app.request(`/api/jobs/${id}/research?format=pdf`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: "invalid_query", details: [{ path: "format" }] },
    });
    const missing = await app.request(`/api/jobs/${id}/research`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "research_not_found" } });
    await jobs.stop();
  });
});

describe("other routes", () => {
  it("GET /api/health answers without a token", async () => {
    const { app } = createServiceFixture({ auth: { tokens: ["t"] } });
    const response = await app.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", auth: "bearer" });
  });

  it("unknown routes are 404 JSON", async () => {
    const { app } = createServiceFixture();
    for (const path of ["/nope", "/api/nope", "/api/jobs/a/b/c"]) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    }
  });

  it("405 for writes to read-only paths", async () => {
    const { app } = createServiceFixture();
    const response = await app.request("/api/jobs/x", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});
