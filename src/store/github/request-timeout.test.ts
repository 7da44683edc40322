import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { fetchWithTimeout, GitHubTimeoutError } from "./request-timeout.ts";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server that sends its status line, headers and part of a JSON body, then stalls. */
async function stallingMidBody(): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    res.write('{"sha": "abc');
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe("fetchWithTimeout", () => {
  it("times out an answer whose body stalls, instead of handing Octokit half a body", async () => {
    const url = await stallingMidBody();
    const started = Date.now();
    const error = await fetchWithTimeout(200)(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubTimeoutError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("hands back the whole answer when it comes in time", async () => {
    server = createServer((_req, res) => {
      res.writeHead(201, { "content-type": "application/json", "x-github-request-id": "1" });
      res.end('{"sha":"abc"}');
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const response = await fetchWithTimeout(1000)(url);
    expect(response.status).toBe(201);
    expect(response.url).toBe(url);
    expect(response.headers.get("x-github-request-id")).toBe("1");
    expect(await response.json()).toEqual({ sha: "abc" });
  });
});
