import { afterEach, describe, expect, it } from "vitest";
import { type FakeSearchServer, startSearxngFake } from "../../test/fakes/search-servers.ts";
import { createSearxngSearch } from "./searxng-search.ts";

let fake: FakeSearchServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe("createSearxngSearch against a SearXNG fake", () => {
  it("sends GET /search?q=...&format=json and returns plain-text results", async () => {
    fake = await startSearxngFake();
    const search = createSearxngSearch({ baseUrl: fake.url });
    const results = await search("solar dryers & food", {});
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/search");
    expect(request?.query.get("q")).toBe("solar dryers & food");
    expect(request?.query.get("format")).toBe("json");
    expect(request?.headers.authorization).toBeUndefined();
    expect(results).toEqual([
      {
        title: "Solar dryers & food waste",
        url: "https://example.org/solar-dryers",
        snippet: "How solar dryers cut post-harvest losses by 30%.",
      },
      {
        title: "Market size of dried fruit",
        url: "https://example.com/market?x=1&y=2",
        snippet: "The dried fruit market was worth $8bn in 2025.",
      },
    ]);
  });

  it("keeps the base path of an instance behind a reverse proxy, and accepts a copied /search URL", async () => {
    fake = await startSearxngFake({ basePath: "/searxng" });
    await createSearxngSearch({ baseUrl: `${fake.url}/` })("a", {});
    await createSearxngSearch({ baseUrl: `${fake.url}/search?q=old` })("b", {});
    expect(fake.requests.map((r) => r.path)).toEqual(["/searxng/search", "/searxng/search"]);
    expect(fake.requests[1]?.query.get("q")).toBe("b");
  });

  it("moves credentials from the URL to a basic auth header and never shows the password", async () => {
    fake = await startSearxngFake({ basicAuth: { user: "me", password: "pa55-word" } });
    const withAuth = fake.url.replace("http://", "http://me:pa55-word@");
    const results = await createSearxngSearch({ baseUrl: withAuth })("q", {});
    expect(results).toHaveLength(2);

    const wrong = fake.url.replace("http://", "http://me:wrong-secret@");
    const failure = createSearxngSearch({ baseUrl: wrong, settingName: "SEARXNG_URL" })("q", {});
    await expect(failure).rejects.toMatchObject({ kind: "auth" });
    await expect(failure).rejects.toThrow(/SEARXNG_URL/);
    await expect(failure).rejects.not.toThrow(/wrong-secret/);
  });

  it("explains the 403 an instance gives when the JSON format is not enabled", async () => {
    fake = await startSearxngFake({ jsonEnabled: false });
    const failure = createSearxngSearch({ baseUrl: fake.url })("q", {});
    await expect(failure).rejects.toThrow(/search\.formats.*settings\.yml/);
  });

  it("caps the number of results and drops non-http and duplicate URLs", async () => {
    fake = await startSearxngFake();
    fake.hits = [
      { title: "js", url: "javascript:alert(1)", snippet: "" },
      { title: "", url: "https://a.example/1", snippet: "first" },
      { title: "dup", url: "https://a.example/1", snippet: "again" },
      { title: "two", url: "https://a.example/2", snippet: "" },
      { title: "three", url: "https://a.example/3", snippet: "" },
    ];
    const results = await createSearxngSearch({ baseUrl: fake.url, maxResults: 2 })("q", {});
    expect(results).toEqual([
      { title: "https://a.example/1", url: "https://a.example/1", snippet: "first" },
      { title: "two", url: "https://a.example/2", snippet: "" },
    ]);
  });

  it("returns an empty list when the instance found nothing", async () => {
    fake = await startSearxngFake();
    fake.hits = [];
    expect(await createSearxngSearch({ baseUrl: fake.url })("q", {})).toEqual([]);
  });

  it("rejects a malformed base URL at construction without echoing it", () => {
    const malformed = () => createSearxngSearch({ baseUrl: "https://host:port-secret/" });
    expect(malformed).toThrow(/SearXNG base URL is not a valid URL/);
    expect(malformed).not.toThrow(/port-secret/);
    expect(() => createSearxngSearch({ baseUrl: "ftp://host" })).toThrow(/use http or https/);
  });
});
