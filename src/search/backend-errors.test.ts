import { afterEach, describe, expect, it } from "vitest";
import {
  type FakeSearchServer,
  startBraveFake,
  startSearxngFake,
  startTavilyFake,
} from "../../test/fakes/search-servers.ts";
import { createBraveSearch } from "./brave-search.ts";
import { SearchError } from "./search-error.ts";
import type { SearchFunction } from "./search-function.ts";
import { createSearxngSearch } from "./searxng-search.ts";
import { createTavilySearch } from "./tavily-search.ts";

const KEY = "key-that-must-not-leak-9999";

/** The failure modes every backend shares, run against each backend's own fake. */
const backends: {
  name: string;
  start: () => Promise<FakeSearchServer>;
  create: (baseUrl: string, timeoutMs?: number) => SearchFunction;
}[] = [
  {
    name: "SearXNG",
    start: () => startSearxngFake(),
    create: (baseUrl, timeoutMs) => createSearxngSearch({ baseUrl, timeoutMs }),
  },
  {
    name: "Tavily",
    start: () => startTavilyFake(KEY),
    create: (baseUrl, timeoutMs) => createTavilySearch({ apiKey: KEY, baseUrl, timeoutMs }),
  },
  {
    name: "Brave",
    start: () => startBraveFake(KEY),
    create: (baseUrl, timeoutMs) => createBraveSearch({ apiKey: KEY, baseUrl, timeoutMs }),
  },
];

async function failure(promise: Promise<unknown>): Promise<SearchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SearchError);
  const searchError = error as SearchError;
  expect(searchError.message).not.toContain(KEY);
  expect(searchError.message).not.toContain("\n");
  return searchError;
}

describe.each(backends)("$name failures", ({ name, start, create }) => {
  let fake: FakeSearchServer;
  afterEach(async () => {
    await fake.close();
  });

  it("429: rate limited, with the server's Retry-After", async () => {
    fake = await start();
    fake.replyOnce({ status: 429, headers: { "retry-after": "30" }, body: { error: "slow down" } });
    const error = await failure(create(fake.url)("q", {}));
    expect(error.kind).toBe("rate_limit");
    expect(error.message).toBe(`${name} rate limit reached (HTTP 429); try again in 30 s.`);
  });

  it("5xx: the backend is failing", async () => {
    fake = await start();
    fake.replyOnce({ status: 503, rawBody: `<html>upstream down ${KEY}</html>` });
    const error = await failure(create(fake.url)("q", {}));
    expect(error.kind).toBe("server");
    expect(error.message).toBe(`${name} is failing (HTTP 503); try again later.`);
  });

  it("a 200 that is not JSON", async () => {
    fake = await start();
    fake.replyOnce({ status: 200, rawBody: "<!doctype html><p>captive portal</p>" });
    const error = await failure(create(fake.url)("q", {}));
    expect(error.kind).toBe("bad_response");
    expect(error.message).toContain("not JSON (content-type text/html)");
  });

  it("a response too large to be search results", async () => {
    fake = await start();
    fake.replyOnce({ status: 200, rawBody: "x".repeat(5 * 1024 * 1024) });
    const error = await failure(create(fake.url)("q", {}));
    expect(error.kind).toBe("bad_response");
    expect(error.message).toBe(`${name} sent a response larger than 4 MiB.`);
  });

  it.skipIf(name === "SearXNG")("a redirect is not followed, so the key stays home", async () => {
    fake = await start();
    const elsewhere = await start();
    try {
      fake.replyOnce({ status: 307, headers: { location: `${elsewhere.url}/search` } });
      const error = await failure(create(fake.url)("q", {}));
      expect(error.message).toBe(
        `${name} answered with a redirect (HTTP 307), which is not followed; check its base URL.`,
      );
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it("no answer within the timeout", async () => {
    fake = await start();
    fake.replyOnce("hang");
    const error = await failure(create(fake.url, 50)("q", {}));
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe(`${name} did not answer within 50 ms.`);
  });

  it("the caller aborts", async () => {
    fake = await start();
    fake.replyOnce("hang");
    const controller = new AbortController();
    const pending = create(fake.url)("q", { signal: controller.signal });
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe("aborted");
  });

  it("nothing listening at the address", async () => {
    fake = await start();
    const url = fake.url;
    await fake.close();
    const error = await failure(create(url)("q", {}));
    expect(error.kind).toBe("network");
    expect(error.message).toMatch(
      new RegExp(`^Could not reach ${name} at http://127\\.0\\.0\\.1:\\d+ \\(ECONNREFUSED\\)\\.$`),
    );
  });
});
