import { afterEach, describe, expect, it } from "vitest";
import { type FakeSearchServer, startTavilyFake } from "../../test/fakes/search-servers.ts";
import { createTavilySearch } from "./tavily-search.ts";

const KEY = "tvly-TEST-secret-4711";
let fake: FakeSearchServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe("createTavilySearch against a Tavily fake", () => {
  it("POSTs /search with a bearer key and a JSON body, and parses results", async () => {
    fake = await startTavilyFake(KEY);
    const results = await createTavilySearch({ apiKey: KEY, baseUrl: fake.url, maxResults: 3 })(
      "dried fruit market",
      {},
    );
    const [request] = fake.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/search");
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({
      query: "dried fruit market",
      max_results: 3,
      include_answer: false,
    });
    expect(results.map((r) => r.url)).toEqual([
      "https://example.org/solar-dryers",
      "https://example.com/market?x=1&y=2",
    ]);
    expect(results[0]?.snippet).toBe("How solar dryers cut post-harvest losses by 30%.");
  });

  it("reports a rejected key without revealing it", async () => {
    fake = await startTavilyFake("the-right-key");
    const failure = createTavilySearch({ apiKey: KEY, baseUrl: fake.url })("q", {});
    await expect(failure).rejects.toMatchObject({ kind: "auth", status: 401 });
    await expect(failure).rejects.toThrow(/Tavily rejected the credentials.*TAVILY_API_KEY/);
    await expect(failure).rejects.not.toThrow(KEY);
  });

  it("says a spent plan limit (432/433) is a quota problem, not a transient one", async () => {
    fake = await startTavilyFake(KEY);
    fake.replyOnce({
      status: 432,
      body: { detail: { error: "This request exceeds your plan's set usage limit." } },
    });
    const failure = createTavilySearch({ apiKey: KEY, baseUrl: fake.url })("q", {});
    await expect(failure).rejects.toMatchObject({ kind: "quota" });
    await expect(failure).rejects.toThrow(/usage limit reached \(HTTP 432\)/);
  });

  it("surfaces a 400's reason with any echoed key masked", async () => {
    fake = await startTavilyFake(KEY);
    fake.replyOnce({ status: 400, body: { detail: { error: `Query too long for key ${KEY}` } } });
    const failure = createTavilySearch({ apiKey: KEY, baseUrl: fake.url })("q", {});
    await expect(failure).rejects.toThrow(
      "Tavily refused the request (HTTP 400): Query too long for key ***",
    );
  });

  it("needs a non-blank key before any request", () => {
    expect(() => createTavilySearch({ apiKey: "  " })).toThrow(/set TAVILY_API_KEY/);
  });
});
