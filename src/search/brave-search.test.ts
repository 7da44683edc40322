import { afterEach, describe, expect, it } from "vitest";
import { type FakeSearchServer, startBraveFake } from "../../test/fakes/search-servers.ts";
import { createBraveSearch } from "./brave-search.ts";

const KEY = "BSA-test-secret-0815";
let fake: FakeSearchServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe("createBraveSearch against a Brave fake", () => {
  it("GETs /res/v1/web/search with the subscription token and parses web.results", async () => {
    fake = await startBraveFake(KEY);
    const results = await createBraveSearch({ apiKey: KEY, baseUrl: fake.url })("solar dryers", {});
    const [request] = fake.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/res/v1/web/search");
    expect(request?.query.get("q")).toBe("solar dryers");
    expect(request?.query.get("count")).toBe("5");
    expect(request?.headers["x-subscription-token"]).toBe(KEY);
    expect(request?.headers.accept).toBe("application/json");
    expect(results[0]).toEqual({
      title: "Solar dryers & food waste",
      url: "https://example.org/solar-dryers",
      snippet: "How solar dryers cut post-harvest losses by 30%.",
    });
  });

  it("never asks for more than the API's limit of 20", async () => {
    fake = await startBraveFake(KEY);
    await createBraveSearch({ apiKey: KEY, baseUrl: fake.url, maxResults: 50 })("q", {});
    expect(fake.requests[0]?.query.get("count")).toBe("20");
  });

  it("treats a response without `web` as no results", async () => {
    fake = await startBraveFake(KEY);
    fake.hits = [];
    expect(await createBraveSearch({ apiKey: KEY, baseUrl: fake.url })("q", {})).toEqual([]);
  });

  it("reads 422 SUBSCRIPTION_TOKEN_INVALID as a bad key, without revealing it", async () => {
    fake = await startBraveFake("the-right-key");
    const failure = createBraveSearch({ apiKey: KEY, baseUrl: fake.url })("q", {});
    await expect(failure).rejects.toMatchObject({ kind: "auth", status: 422 });
    await expect(failure).rejects.toThrow(/Brave rejected the credentials.*BRAVE_API_KEY/);
    await expect(failure).rejects.not.toThrow(KEY);
  });

  it("reports other 422s as a refused request with Brave's reason", async () => {
    fake = await startBraveFake(KEY);
    fake.replyOnce({
      status: 422,
      body: {
        type: "ErrorResponse",
        error: { code: "VALIDATION", detail: "Unable to validate request parameter(s)" },
      },
    });
    const failure = createBraveSearch({ apiKey: KEY, baseUrl: fake.url })("q", {});
    await expect(failure).rejects.toThrow(
      "Brave refused the request (HTTP 422): Unable to validate request parameter(s)",
    );
  });

  it("rejects JSON that is not a search response", async () => {
    fake = await startBraveFake(KEY);
    fake.replyOnce({ status: 200, body: ["not", "an", "object"] });
    const failure = createBraveSearch({ apiKey: KEY, baseUrl: fake.url })("q", {});
    await expect(failure).rejects.toMatchObject({ kind: "bad_response" });
  });
});
