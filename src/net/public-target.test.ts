import { describe, expect, it } from "vitest";
import type { HostLookup } from "./host-lookup.ts";
import { NetError } from "./net-error.ts";
import { parsePrivateAllowList } from "./private-allow-list.ts";
import { checkPublicTarget, parseHttpUrl } from "./public-target.ts";

/** A DNS stand-in: each name answers the listed addresses; unknown names fail to resolve. */
function dns(table: Record<string, string[]>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const found = table[hostname];
    if (!found)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

async function refusal(url: string, lookup: HostLookup = dns({})): Promise<NetError> {
  const error = await checkPublicTarget(url, { lookup, allowPrivate: false }).catch((e) => e);
  expect(error).toBeInstanceOf(NetError);
  return error as NetError;
}

describe("parseHttpUrl", () => {
  it.each([
    "file:///etc/passwd",
    "ftp://example.com/x",
    "data:text/plain,hi",
    "javascript:alert(1)",
    "gopher://x",
  ])("refuses %s by scheme", (url) => {
    expect(() => parseHttpUrl(url)).toThrow(/only http and https/);
  });

  it("refuses relative and malformed URLs, and credentials without echoing them", () => {
    expect(() => parseHttpUrl("/just/a/path")).toThrow("not a valid absolute URL");
    expect(() => parseHttpUrl("http://")).toThrow("not a valid absolute URL");
    const error = (() => {
      try {
        parseHttpUrl("https://admin:hunter2@example.com/");
      } catch (e) {
        return e as NetError;
      }
    })();
    expect(error?.kind).toBe("credentials_in_url");
    expect(error?.message).not.toContain("hunter2");
  });
});

describe("checkPublicTarget", () => {
  it.each([
    "http://127.0.0.1/",
    "http://[::1]/",
    "http://10.0.0.8/",
    "http://2130706433/",
    "http://0x7f.0.0.1/",
    "http://[::ffff:127.0.0.1]/",
  ])("refuses the address literal %s without a lookup", async (url) => {
    const lookup = dns({});
    expect((await refusal(url, lookup)).kind).toBe("private_address");
    expect(lookup.calls).toEqual([]);
  });

  it("refuses a name that resolves to loopback", async () => {
    const error = await refusal(
      "https://innocent.example/a?token=s3cret",
      dns({ "innocent.example": ["127.0.0.1"] }),
    );
    expect(error.message).toBe("innocent.example is or resolves to a private or loopback address");
  });

  it("refuses a name when ANY of its addresses is private", async () => {
    const lookup = dns({ "mixed.example": ["93.184.216.34", "10.1.2.3"] });
    expect((await refusal("http://mixed.example/", lookup)).kind).toBe("private_address");
  });

  it("returns every checked address of a public name", async () => {
    const lookup = dns({ "public.example": ["93.184.216.34", "2606:2800:220:1::1"] });
    const target = await checkPublicTarget("https://public.example/page", {
      lookup,
      allowPrivate: false,
    });
    expect(target.addresses).toEqual([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1::1", family: 6 },
    ]);
    expect(target.url.href).toBe("https://public.example/page");
  });

  it("allows private targets only when configured", async () => {
    const lookup = dns({ intranet: ["10.0.0.5"] });
    const target = await checkPublicTarget("http://intranet/", { lookup, allowPrivate: true });
    expect(target.addresses).toEqual([{ address: "10.0.0.5", family: 4 }]);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", {}],
    ["http://[::ffff:a9fe:a9fe]/", {}],
    ["http://[fe80::1]/", {}],
    ["http://[fd00:ec2::254]/", {}],
    ["http://100.100.100.200/latest/meta-data/", {}],
    ["http://168.63.129.16/machine", {}],
    ["http://metadata.google.internal/computeMetadata/v1/", {}],
    ["http://cloud.example/", { "cloud.example": ["169.254.169.254"] }],
    ["http://mixed.example/", { "mixed.example": ["93.184.216.34", "64:ff9b::a9fe:a9fe"] }],
  ])(
    "refuses the metadata or link-local target %s even with private targets allowed",
    async (url, table) => {
      const lookup = dns(table);
      for (const allowPrivate of [
        true,
        parsePrivateAllowList("169.254.0.0/16,fe80::/10,0.0.0.0/0,::/0,metadata.google.internal"),
      ]) {
        const error = await checkPublicTarget(url, { lookup, allowPrivate }).catch((e) => e);
        expect(error).toBeInstanceOf(NetError);
        expect(error.kind).toBe("metadata_address");
      }
    },
  );

  it("allows only the listed private hosts and networks", async () => {
    const lookup = dns({ wiki: ["10.0.0.5"], intranet: ["10.9.0.5"], lab: ["192.168.7.7"] });
    const allowPrivate = parsePrivateAllowList(" wiki , 192.168.0.0/16,fd12::/16");
    const check = (url: string) => checkPublicTarget(url, { lookup, allowPrivate });
    expect((await check("http://wiki/")).addresses).toEqual([{ address: "10.0.0.5", family: 4 }]);
    expect((await check("http://lab/x")).addresses).toEqual([
      { address: "192.168.7.7", family: 4 },
    ]);
    expect((await check("http://[fd12::9]/")).addresses).toHaveLength(1);
    expect((await check("http://intranet/").catch((e) => e)).kind).toBe("private_address");
    expect((await check("http://127.0.0.1/").catch((e) => e)).kind).toBe("private_address");
  });

  it("names the entry of a private allow-list that is not a host or network", () => {
    expect(() => parsePrivateAllowList("10.0.0.0/33")).toThrow('"10.0.0.0/33" is not a host name');
    expect(() => parsePrivateAllowList("wiki,http://x")).toThrow('"http://x" is not a host name');
    expect(() => parsePrivateAllowList(" , ")).toThrow("lists no host or network");
  });

  it("takes a single-address answer (dns.lookup's default shape) as a list of one", async () => {
    const single = (async () => ({ address: "10.0.0.9", family: 4 })) as unknown as HostLookup;
    const error = await checkPublicTarget("http://one.example/", {
      lookup: single,
      allowPrivate: false,
    }).catch((e) => e);
    expect(error.kind).toBe("private_address");
  });

  it("reports a name that does not resolve, or resolves to nothing usable", async () => {
    expect((await refusal("http://nowhere.example/")).message).toBe(
      "nowhere.example did not resolve",
    );
    const junk = dns({ "junk.example": ["not-an-address"] });
    expect((await refusal("http://junk.example/", junk)).message).toBe(
      "junk.example has no address",
    );
  });
});
