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
import type { HostLookup } from "./host-lookup.ts";
import { NetError } from "./net-error.ts";

let site: LoopbackSite;
afterEach(() => site?.close());

/** Names that resolve to the loopback site; counts lookups per name. */
function loopbackDns(...names: string[]): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    if (!names.includes(hostname)) throw new Error("ENOTFOUND");
    return [{ address: "127.0.0.1", family: 4 }];
  };
  return Object.assign(lookup, { calls });
}

/** Treats the loopback site's address as public, to stand in for a public server. */
const loopbackIsPublic = (address: string) => address === "127.0.0.1";

const signal = () => AbortSignal.timeout(10_000);

describe("fetchPublic", () => {
  it("connects to the checked address of a name the system cannot resolve (the lookup is pinned)", async () => {
    site = await startLoopbackSite({ "/": serve("text/plain", "hello") });
    const lookup = loopbackDns("pinned.invalid");
    const answer = await fetchPublic(`http://pinned.invalid:${site.port}/`, {
      lookup,
      allowPrivate: true,
      signal: signal(),
    });
    const { body } = await readCappedBody(answer.response, 1000);
    expect(body.toString()).toBe("hello");
    expect(lookup.calls).toEqual(["pinned.invalid"]);
    expect(site.requests[0]?.headers.host).toBe(`pinned.invalid:${site.port}`);
  });

  it("follows redirects, checking and resolving each hop once", async () => {
    site = await startLoopbackSite({ "/final": serve("text/plain", "arrived") });
    site.route("/a", redirect(`http://second.test:${site.port}/b`, 301));
    site.route("/b", redirect("/final", 307));
    const lookup = loopbackDns("first.test", "second.test");
    const answer = await fetchPublic(`http://first.test:${site.port}/a`, {
      lookup,
      allowPrivate: false,
      isPublic: loopbackIsPublic,
      signal: signal(),
    });
    expect(answer.url.href).toBe(`http://second.test:${site.port}/final`);
    expect(answer.redirects).toBe(2);
    expect((await readCappedBody(answer.response, 100)).body.toString()).toBe("arrived");
    expect(lookup.calls).toEqual(["first.test", "second.test", "second.test"]);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", "metadata_address"],
    ["http://[::1]/", "private_address"],
    ["file:///etc/passwd", "bad_redirect"],
  ])("refuses a redirect to %s before connecting", async (location, kind) => {
    site = await startLoopbackSite({ "/go": redirect(location) });
    const error = await fetchPublic(`http://public.test:${site.port}/go`, {
      lookup: loopbackDns("public.test"),
      allowPrivate: false,
      isPublic: loopbackIsPublic,
      signal: signal(),
    }).catch((e) => e);
    expect(error).toBeInstanceOf(NetError);
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(
      /^a redirect from public\.test was refused|redirected to a refused URL/,
    );
    expect(site.requests).toHaveLength(1);
  });

  it("stops after the redirect limit", async () => {
    site = await startLoopbackSite({ "/loop": redirect("/loop") });
    const error = await fetchPublic(`${site.origin}/loop`, {
      lookup: loopbackDns(),
      allowPrivate: true,
      maxRedirects: 3,
      signal: signal(),
    }).catch((e) => e);
    expect(error.message).toBe("more than 3 redirects from 127.0.0.1");
    expect(site.requests).toHaveLength(4);
  });

  it("reports a refused connection by host and code", async () => {
    site = await startLoopbackSite();
    await site.close();
    const error = await fetchPublic(`${site.origin}/`, {
      lookup: loopbackDns(),
      allowPrivate: true,
      signal: signal(),
    }).catch((e) => e);
    expect(error.message).toBe("127.0.0.1 could not be reached (ECONNREFUSED)");
  });

  it("rejects with the signal's reason when a server never answers", async () => {
    site = await startLoopbackSite({ "/hang": stall() });
    const error = await fetchPublic(`${site.origin}/hang`, {
      lookup: loopbackDns(),
      allowPrivate: true,
      signal: AbortSignal.timeout(200),
    }).catch((e) => e);
    expect(error.name).toBe("TimeoutError");
  });
});

describe("readCappedBody", () => {
  it("stops reading an endless body at the cap and closes the connection", async () => {
    const sent = { bytes: 0 };
    site = await startLoopbackSite({
      "/big": endless("text/plain", Buffer.alloc(64 * 1024, "a"), sent),
    });
    const answer = await fetchPublic(`${site.origin}/big`, {
      lookup: loopbackDns(),
      allowPrivate: true,
      signal: signal(),
    });
    const { body, truncated } = await readCappedBody(answer.response, 100_000);
    expect(truncated).toBe(true);
    expect(body.length).toBe(100_000);
    expect(answer.response.destroyed).toBe(true);
  });

  it("decompresses gzip and caps the decompressed size (a gzip bomb stays small)", async () => {
    const bomb = gzipSync(Buffer.alloc(50_000_000));
    site = await startLoopbackSite({
      "/page": serve("text/plain", gzipSync("squeezed text"), { "content-encoding": "gzip" }),
      "/bomb": serve("text/plain", bomb, { "content-encoding": "gzip" }),
    });
    const options = { lookup: loopbackDns(), allowPrivate: true, signal: signal() };
    const page = await fetchPublic(`${site.origin}/page`, options);
    expect((await readCappedBody(page.response, 1000)).body.toString()).toBe("squeezed text");
    const exploded = await readCappedBody(
      (await fetchPublic(`${site.origin}/bomb`, options)).response,
      1_000_000,
    );
    expect(exploded).toMatchObject({ truncated: true });
    expect(exploded.body.length).toBe(1_000_000);
    expect(site.requests[0]?.headers["accept-encoding"]).toBe("gzip, deflate, br");
  });

  it("refuses an unknown content encoding", async () => {
    site = await startLoopbackSite({
      "/x": serve("text/plain", "zzz", { "content-encoding": "zstd-custom" }),
    });
    const answer = await fetchPublic(`${site.origin}/x`, {
      lookup: loopbackDns(),
      allowPrivate: true,
      signal: signal(),
    });
    await expect(readCappedBody(answer.response, 100)).rejects.toThrow(
      'unsupported content encoding "zstd-custom"',
    );
  });

  it("rejects with the abort reason when the body stalls", async () => {
    site = await startLoopbackSite({ "/slow": stall("text/plain", "first part") });
    const answer = await fetchPublic(`${site.origin}/slow`, {
      lookup: loopbackDns(),
      allowPrivate: true,
      signal: AbortSignal.timeout(300),
    });
    const error = await readCappedBody(answer.response, 1000).catch((e) => e);
    expect(error.name).toBe("TimeoutError");
  });
});
