import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import { parseApiTokens, tokenId } from "./bearer-auth.ts";
import { RateLimiter } from "./rate-limiter.ts";

let ideas = 0;
/** A POST of a new idea each time: the same idea again would answer with its in-flight job. */
const explore = (headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify({ idea: `idea ${++ideas}` }),
});

describe("bearer auth", () => {
  const tokens = ["first-token-aaaaaaaa", "second-token-bbbbbbbb"];

  it.each([
    ["no Authorization header", {}, "send an API token as Authorization: Bearer <token>"],
    ["a wrong token", { Authorization: "Bearer nope" }, "the API token is not valid"],
    [
      "a prefix of a real token",
      { Authorization: "Bearer first-token" },
      "the API token is not valid",
    ],
    [
      "another scheme",
      { Authorization: `Basic ${tokens[0]}` },
      "send an API token as Authorization: Bearer <token>",
    ],
    [
      "an empty bearer",
      { Authorization: "Bearer " },
      "send an API token as Authorization: Bearer <token>",
    ],
  ])("401 for %s on every /api route but health", async (_label, headers, message) => {
    const { app } = createServiceFixture({ auth: { tokens } });
    for (const [path, init] of [
      ["/api/explore", explore(headers)],
      ["/api/jobs", { headers }],
      ["/api/jobs/some-id", { headers }],
      ["/api/jobs/some-id/events", { headers }],
      ["/api/jobs/some-id/research", { headers }],
    ] as const) {
      const response = await app.request(path, init);
      expect(response.status, path).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="idea-explorer"');
      expect(await response.json()).toEqual({ error: { code: "unauthorized", message } });
    }
  });

  it("accepts any configured token and records its fingerprint, never the token", async () => {
    const { app, jobs } = createServiceFixture({ auth: { tokens } });
    const response = await app.request(
      "/api/explore",
      explore({ Authorization: `Bearer ${tokens[1]}` }),
    );
    expect(response.status).toBe(202);
    const { job_id } = (await response.json()) as { job_id: string };
    expect(jobs.get(job_id)?.tokenId).toBe(tokenId(tokens[1] ?? ""));
    expect(tokenId("x")).toMatch(/^tok_[0-9a-f]{12}$/);
  });

  it("parses IDEA_EXPLORER_API_TOKEN as a comma-separated list", () => {
    expect(parseApiTokens(" a, b ,,c ")).toEqual(["a", "b", "c"]);
    expect(parseApiTokens(undefined)).toEqual([]);
  });
});

describe("loopback-only without tokens", () => {
  it("403 for a non-loopback Host (a rebound DNS name), served on localhost names", async () => {
    const { app } = createServiceFixture();
    const forbidden = await app.request("http://attacker.example/api/jobs");
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ error: { code: "forbidden_host" } });
    for (const origin of ["http://localhost:8787", "http://127.0.0.1:8787", "http://[::1]:8787"]) {
      expect((await app.request(`${origin}/api/jobs`)).status).toBe(200);
    }
    const withTokens = createServiceFixture({ auth: { tokens: ["t"] } });
    const remote = await withTokens.app.request("http://ideas.example.com/api/jobs", {
      headers: { Authorization: "Bearer t" },
    });
    expect(remote.status).toBe(200);
  });
});

describe("rate limit on POST /api/explore", () => {
  it("429 with Retry-After once a token's burst is spent, per token, refilled over time", async () => {
    let now = 0;
    const { app } = createServiceFixture({
      auth: { tokens: ["alice-token", "bob-token"] },
      rateLimit: { burst: 2, perMinute: 6 },
      now: () => now,
    });
    const alice = () => explore({ Authorization: "Bearer alice-token" });
    expect((await app.request("/api/explore", alice())).status).toBe(202);
    expect((await app.request("/api/explore", alice())).status).toBe(202);
    const limited = await app.request("/api/explore", alice());
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("10");
    expect(await limited.json()).toEqual({
      error: { code: "rate_limited", message: "too many requests: retry in 10 s" },
    });
    expect(
      (await app.request("/api/explore", explore({ Authorization: "Bearer bob-token" }))).status,
    ).toBe(202);
    expect(
      (await app.request("/api/jobs", { headers: { Authorization: "Bearer alice-token" } })).status,
    ).toBe(200);
    now += 10_000;
    expect((await app.request("/api/explore", alice())).status).toBe(202);
    expect((await app.request("/api/explore", alice())).status).toBe(429);
  });

  it("keys by client address when there is no auth", async () => {
    const { app } = createServiceFixture({ rateLimit: { burst: 1, perMinute: 1 }, now: () => 0 });
    expect((await app.request("/api/explore", explore())).status).toBe(202);
    const limited = await app.request("/api/explore", explore());
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
  });

  it("refuses a meaningless configuration", () => {
    expect(() => new RateLimiter({ burst: 0, perMinute: 5 })).toThrow(RangeError);
    expect(() => new RateLimiter({ burst: 1, perMinute: 0 })).toThrow(RangeError);
  });
});
