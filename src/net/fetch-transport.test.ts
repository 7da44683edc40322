import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  endless,
  type LoopbackSite,
  redirect,
  serve,
  stall,
  startLoopbackSite,
} from "../../test/fakes/loopback-site.ts";
import { readCappedBody } from "./capped-body.ts";
import { fetchPublic } from "./fetch-public.ts";
import { fetchTransport } from "./fetch-transport.ts";
import type { HostLookup } from "./host-lookup.ts";
import { NetError } from "./net-error.ts";
import { parsePrivateAllowList } from "./private-allow-list.ts";

/**
 * fetchPublic over the runtime's fetch (what the Cloudflare Worker uses), run here under Node's
 * global fetch against loopback servers. The loopback site stands in for a public page: the
 * operator's private allow list opens 127.0.0.1 and nothing else, as a deployment would.
 */
let sites: LoopbackSite[] = [];
afterEach(async () => {
  await Promise.all(sites.map((s) => s.close()));
  sites = [];
});

async function site(...args: Parameters<typeof startLoopbackSite>) {
  const started = await startLoopbackSite(...args);
  sites.push(started);
  return started;
}

/** The fetch transport resolves nothing itself: a lookup that is called is a bug. */
const noLookup: HostLookup = async (hostname) => {
  throw new Error(`the fetch transport looked up ${hostname}`);
};

const options = (signal: AbortSignal = AbortSignal.timeout(10_000)) => ({
  lookup: noLookup,
  allowPrivate: parsePrivateAllowList("127.0.0.1"),
  transport: fetchTransport,
  signal,
});

describe("fetchPublic over the fetch transport", () => {
  it("reads a page, following a redirect on the allowed host", async () => {
    const page = await site({ "/final": serve("text/plain", "arrived") });
    page.route("/a", redirect("/final", 301));
    const answer = await fetchPublic(`${page.origin}/a`, options());
    expect(answer).toMatchObject({ status: 200, redirects: 1 });
    expect(answer.url.href).toBe(`${page.origin}/final`);
    expect(answer.headers["content-type"]).toBe("text/plain");
    expect((await readCappedBody(answer.response, 100)).body.toString()).toBe("arrived");
  });

  it("refuses a redirect to a local name before any request reaches it", async () => {
    const attacker = await site({ "/": serve("text/plain", "the intranet's secret") });
    const page = await site({ "/go": redirect(`http://localhost:${attacker.port}/`) });
    const error = await fetchPublic(`${page.origin}/go`, options()).catch((e) => e);
    expect(error).toBeInstanceOf(NetError);
    expect(error.kind).toBe("private_address");
    expect(error.message).toBe(
      "a redirect from 127.0.0.1 was refused: localhost names a local or private network host, which is not fetched here",
    );
    expect(page.requests).toHaveLength(1);
    expect(attacker.requests).toHaveLength(0);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", "metadata_address"],
    ["http://metadata.google.internal/", "metadata_address"],
    ["http://[::1]/", "private_address"],
    ["http://10.0.0.5/", "private_address"],
    ["http://intranet/", "private_address"],
    ["http://wiki.corp.internal/", "private_address"],
  ])("refuses a redirect to %s before requesting it", async (location, kind) => {
    const page = await site({ "/go": redirect(location) });
    const error = await fetchPublic(`${page.origin}/go`, options()).catch((e) => e);
    expect(error).toMatchObject({ kind });
    expect(error.message).toMatch(/^a redirect from 127\.0\.0\.1 was refused: /);
  });

  it("stops after the redirect limit", async () => {
    const page = await site({ "/loop": redirect("/loop") });
    const error = await fetchPublic(`${page.origin}/loop`, { ...options(), maxRedirects: 3 }).catch(
      (e) => e,
    );
    expect(error).toMatchObject({ kind: "too_many_redirects" });
    expect(error.message).toBe("more than 3 redirects from 127.0.0.1");
    expect(page.requests).toHaveLength(4);
  });

  it("stops reading an endless body at the cap and closes the connection", async () => {
    const sent = { bytes: 0 };
    const page = await site({
      "/big": endless("text/plain", Buffer.alloc(64 * 1024, "a"), sent),
    });
    const answer = await fetchPublic(`${page.origin}/big`, options());
    const { body, truncated } = await readCappedBody(answer.response, 100_000);
    expect(truncated).toBe(true);
    expect(body.length).toBe(100_000);
    expect(answer.response.destroyed).toBe(true);
  });

  it("caps the decompressed size (the runtime undoes gzip; a gzip bomb stays small)", async () => {
    const page = await site({
      "/page": serve("text/plain", gzipSync("squeezed text"), { "content-encoding": "gzip" }),
      "/bomb": serve("text/plain", gzipSync(Buffer.alloc(50_000_000)), {
        "content-encoding": "gzip",
      }),
    });
    const small = await fetchPublic(`${page.origin}/page`, options());
    expect((await readCappedBody(small.response, 1000)).body.toString()).toBe("squeezed text");
    const bomb = await fetchPublic(`${page.origin}/bomb`, options());
    const exploded = await readCappedBody(bomb.response, 1_000_000);
    expect(exploded).toMatchObject({ truncated: true });
    expect(exploded.body.length).toBe(1_000_000);
  });

  it("refuses an encoding the runtime does not undo", async () => {
    const page = await site({
      "/x": serve("text/plain", "zzz", { "content-encoding": "zstd-custom" }),
    });
    const answer = await fetchPublic(`${page.origin}/x`, options());
    await expect(readCappedBody(answer.response, 100)).rejects.toThrow(
      'unsupported content encoding "zstd-custom"',
    );
  });

  it("reports a refused connection by host and code", async () => {
    const gone = await site();
    await gone.close();
    const error = await fetchPublic(`${gone.origin}/`, options()).catch((e) => e);
    expect(error.message).toBe("127.0.0.1 could not be reached (ECONNREFUSED)");
  });

  it("rejects with the signal's reason when the server never answers or the body stalls", async () => {
    const page = await site({ "/hang": stall(), "/slow": stall("text/plain", "first part") });
    const hung = await fetchPublic(`${page.origin}/hang`, options(AbortSignal.timeout(200))).catch(
      (e) => e,
    );
    expect(hung.name).toBe("TimeoutError");
    const answer = await fetchPublic(`${page.origin}/slow`, options(AbortSignal.timeout(300)));
    const stalled = await readCappedBody(answer.response, 1000).catch((e) => e);
    expect(stalled.name).toBe("TimeoutError");
  });
});
