import { afterEach, describe, expect, it } from "vitest";
import {
  type FakeSearchServer,
  startBraveFake,
  startSearxngFake,
  startTavilyFake,
} from "../../test/fakes/search-servers.ts";
import { ConfigError } from "../config/config-error.ts";
import { resolveSearchBackend } from "./resolve-search-backend.ts";

const fakes: FakeSearchServer[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

/** Points Tavily and Brave at their fakes by routing the real API hosts to loopback. */
function routedFetch(routes: Record<string, string>): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const target = routes[url.origin];
    return fetch(target ? `${target}${url.pathname}${url.search}` : url, init);
  };
}

describe("resolveSearchBackend", () => {
  it("is undefined when nothing is configured, blank values included", () => {
    expect(resolveSearchBackend({})).toBeUndefined();
    expect(
      resolveSearchBackend({ SEARXNG_URL: " ", TAVILY_API_KEY: "", BRAVE_API_KEY: "\t" }),
    ).toBeUndefined();
  });

  it("prefers SEARXNG_URL, then TAVILY_API_KEY, then BRAVE_API_KEY, and really calls that backend", async () => {
    const searxng = await startSearxngFake();
    const tavily = await startTavilyFake("tk");
    const brave = await startBraveFake("bk");
    fakes.push(searxng, tavily, brave);
    const fetch = routedFetch({
      "https://api.tavily.com": tavily.url,
      "https://api.search.brave.com": brave.url,
    });
    const all = { SEARXNG_URL: searxng.url, TAVILY_API_KEY: "tk", BRAVE_API_KEY: "bk" };

    const first = resolveSearchBackend(all, { fetch });
    const second = resolveSearchBackend({ ...all, SEARXNG_URL: undefined }, { fetch });
    const third = resolveSearchBackend({ BRAVE_API_KEY: "bk" }, { fetch });
    expect([first?.name, second?.name, third?.name]).toEqual(["searxng", "tavily", "brave"]);

    await first?.search("one", {});
    await second?.search("two", {});
    await third?.search("three", {});
    expect(searxng.requests.map((r) => r.query.get("q"))).toEqual(["one"]);
    expect(JSON.parse(tavily.requests[0]?.body ?? "{}").query).toBe("two");
    expect(brave.requests.map((r) => r.query.get("q"))).toEqual(["three"]);
  });

  it("passes maxResults through to the backend", async () => {
    const searxng = await startSearxngFake();
    fakes.push(searxng);
    const backend = resolveSearchBackend({ SEARXNG_URL: searxng.url }, { maxResults: 1 });
    expect(await backend?.search("q", {})).toHaveLength(1);
  });

  it("rejects a malformed SEARXNG_URL with one line naming the variable, not its value", () => {
    const attempt = () => resolveSearchBackend({ SEARXNG_URL: "http://user:p@ss@[::1" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      "SEARXNG_URL is not a valid URL; set it to an http(s) address such as http://localhost:8080.",
    );
    expect(attempt).not.toThrow(/p@ss/);
    expect(() => resolveSearchBackend({ SEARXNG_URL: "localhost:8080" })).toThrow(
      "SEARXNG_URL must start with http:// or https://, for example http://localhost:8080.",
    );
    expect(() => resolveSearchBackend({ SEARXNG_URL: "ftp://search.example" })).toThrow(
      "SEARXNG_URL must use http or https (got ftp); for example http://localhost:8080.",
    );
  });
});
