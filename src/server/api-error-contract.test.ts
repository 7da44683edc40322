import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";

const TOKEN = "contract-token-0123456789";
const auth = { Authorization: `Bearer ${TOKEN}` };
const json = { ...auth, "Content-Type": "application/json" };

type App = ReturnType<typeof createServiceFixture>["app"];
type Probe = [
  label: string,
  status: number,
  code: string,
  send: (ids: Ids) => [string, RequestInit],
];
interface Ids {
  pending: string;
  completed: string;
  noResearch: string;
}

/** Every 4xx each route can answer, with the request that provokes it. */
const PROBES: Probe[] = [
  ["explore: invalid field", 400, "invalid_request", () => ["/api/explore", post({ idea: "" })]],
  [
    "explore: unknown field",
    400,
    "invalid_request",
    () => ["/api/explore", post({ idea: "x", continueFrom: "y" })],
  ],
  [
    "explore: not JSON",
    400,
    "invalid_json",
    () => ["/api/explore", { method: "POST", headers: json, body: "{" }],
  ],
  [
    "explore: not an object",
    400,
    "invalid_request",
    () => ["/api/explore", { method: "POST", headers: json, body: "[1]" }],
  ],
  [
    "explore: private webhook",
    400,
    "invalid_request",
    () => ["/api/explore", post({ idea: "x", webhook_url: "http://127.0.0.1/h" })],
  ],
  [
    "explore: bad Idempotency-Key",
    400,
    "invalid_request",
    () => ["/api/explore", post({ idea: "x" }, { "Idempotency-Key": "" })],
  ],
  [
    "explore: no token",
    401,
    "unauthorized",
    () => ["/api/explore", { method: "POST", body: "{}" }],
  ],
  ["explore: wrong method", 405, "method_not_allowed", () => ["/api/explore", { headers: auth }]],
  [
    "explore: too large",
    413,
    "payload_too_large",
    () => ["/api/explore", post({ idea: "x".repeat(70_000) })],
  ],
  [
    "explore: not JSON content",
    415,
    "unsupported_media_type",
    () => ["/api/explore", { method: "POST", headers: auth, body: "{}" }],
  ],
  ["list: bad filter", 400, "invalid_query", () => ["/api/jobs?status=done", { headers: auth }]],
  ["list: bad limit", 400, "invalid_query", () => ["/api/jobs?limit=0", { headers: auth }]],
  [
    "list: forged cursor",
    400,
    "invalid_query",
    () => ["/api/jobs?cursor=forged", { headers: auth }],
  ],
  [
    "list: overlong cursor",
    400,
    "invalid_query",
    () => [`/api/jobs?cursor=${"a".repeat(200)}`, { headers: auth }],
  ],
  ["list: no token", 401, "unauthorized", () => ["/api/jobs", {}]],
  [
    "list: wrong method",
    405,
    "method_not_allowed",
    () => ["/api/jobs", { method: "DELETE", headers: auth }],
  ],
  ["job: unknown id", 404, "job_not_found", () => ["/api/jobs/nope", { headers: auth }]],
  [
    "job: bad token",
    401,
    "unauthorized",
    (ids) => [`/api/jobs/${ids.completed}`, { headers: { Authorization: "Bearer nope" } }],
  ],
  [
    "job: wrong method",
    405,
    "method_not_allowed",
    (ids) => [`/api/jobs/${ids.completed}`, { method: "PUT", headers: auth }],
  ],
  ["events: unknown id", 404, "job_not_found", () => ["/api/jobs/nope/events", { headers: auth }]],
  ["events: no token", 401, "unauthorized", (ids) => [`/api/jobs/${ids.completed}/events`, {}]],
  [
    "events: wrong method",
    405,
    "method_not_allowed",
    (ids) => [`/api/jobs/${ids.completed}/events`, { method: "POST", headers: auth }],
  ],
  [
    "research: unknown id",
    404,
    "job_not_found",
    () => ["/api/jobs/nope/research", { headers: auth }],
  ],
  [
    "research: not finished",
    409,
    "job_not_completed",
    (ids) => [`/api/jobs/${ids.pending}/research`, { headers: auth }],
  ],
  [
    "research: no file",
    404,
    "research_not_found",
    (ids) => [`/api/jobs/${ids.noResearch}/research`, { headers: auth }],
  ],
  [
    "research: bad format",
    400,
    "invalid_query",
    (ids) => [`/api/jobs/${ids.completed}/research?format=pdf`, { headers: auth }],
  ],
  ["research: no token", 401, "unauthorized", (ids) => [`/api/jobs/${ids.completed}/research`, {}]],
  [
    "research: wrong method",
    405,
    "method_not_allowed",
    (ids) => [`/api/jobs/${ids.completed}/research`, { method: "PATCH", headers: auth }],
  ],
  [
    "health: wrong method",
    405,
    "method_not_allowed",
    () => ["/api/health", { method: "POST", headers: auth }],
  ],
  ["unknown API route", 401, "unauthorized", () => ["/api/nothing", {}]],
  ["unknown API route with a token", 404, "not_found", () => ["/api/nothing", { headers: auth }]],
  ["unknown page", 404, "not_found", () => ["/nothing", {}]],
  ["page: wrong method", 404, "not_found", () => ["/", { method: "POST" }]],
];

function post(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { ...json, ...headers }, body: JSON.stringify(body) };
}

async function setUp(): Promise<{ app: App; ids: Ids }> {
  const fixture = createServiceFixture({
    auth: { tokens: [TOKEN] },
    readResearch: async (job) => (job.title === "no research" ? undefined : "# research\n"),
  });
  const submit = async (idea: string) => {
    const response = await fixture.app.request("/api/explore", post({ idea }));
    return ((await response.json()) as { job_id: string }).job_id;
  };
  const completed = await submit("finished");
  const noResearch = await submit("no research");
  fixture.jobs.start();
  await fixture.jobs.whenIdle();
  await fixture.jobs.stop();
  const pending = await submit("still queued");
  return { app: fixture.app, ids: { pending, completed, noResearch } };
}

/** The one error envelope: `{ error: { code, message, details? } }` and nothing else. */
function expectErrorEnvelope(body: unknown, code: string) {
  expect(Object.keys(body as object)).toEqual(["error"]);
  const error = (body as { error: Record<string, unknown> }).error;
  expect(Object.keys(error).filter((k) => !["code", "message", "details"].includes(k))).toEqual([]);
  expect(error.code).toBe(code);
  expect(typeof error.message).toBe("string");
  expect(error.message).not.toBe("");
  expect(error.message).not.toMatch(/\n|\[object |at .*\.ts:\d+/);
  if (error.details !== undefined) {
    expect(error.details).toEqual(
      expect.arrayContaining([{ path: expect.any(String), message: expect.any(String) }]),
    );
    for (const detail of error.details as object[]) {
      expect(Object.keys(detail).sort()).toEqual(["message", "path"]);
    }
  }
}

describe("every route's 4xx is { error: { code, message, details? } }", () => {
  it.each(PROBES)("%s: %i %s", async (_label, status, code, send) => {
    const { app, ids } = await setUp();
    const [path, init] = send(ids);
    const response = await app.request(path, init);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expectErrorEnvelope(await response.json(), code);
  });

  it("429 on POST /api/explore once the token's burst is spent", async () => {
    const { app } = createServiceFixture({
      auth: { tokens: [TOKEN] },
      rateLimit: { burst: 1, perMinute: 1 },
    });
    expect((await app.request("/api/explore", post({ idea: "one" }))).status).toBe(202);
    const response = await app.request("/api/explore", post({ idea: "two" }));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expectErrorEnvelope(await response.json(), "rate_limited");
  });

  it("422 when an Idempotency-Key comes back with another request", async () => {
    const { app } = createServiceFixture({ auth: { tokens: [TOKEN] } });
    const key = { "Idempotency-Key": "contract-key" };
    expect((await app.request("/api/explore", post({ idea: "one" }, key))).status).toBe(202);
    const response = await app.request("/api/explore", post({ idea: "two" }, key));
    expect(response.status).toBe(422);
    expectErrorEnvelope(await response.json(), "idempotency_key_reused");
  });

  it("403 for a non-loopback Host when no token is configured", async () => {
    const { app } = createServiceFixture();
    const response = await app.request("http://rebound.example/api/jobs");
    expect(response.status).toBe(403);
    expectErrorEnvelope(await response.json(), "forbidden_host");
  });
});
