import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Addresses an outbound request (a webhook, web_fetch) must never reach unless private targets
 * are allowed: loopback, private (RFC 1918), CGNAT, link-local (cloud metadata at
 * 169.254.169.254), unique-local, multicast, documentation and reserved ranges. Node's BlockList also matches IPv4-mapped IPv6 addresses
 * (::ffff:127.0.0.1) against the IPv4 rules; NAT64 and 6to4 embed an IPv4 address that is checked
 * the same way.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::", 96], // IPv4-compatible (deprecated)
  ["100::", 64], // discard-only
  ["::ffff:0:0:0", 96], // IPv4-translated (SIIT); not ::ffff:0:0/96, which is IPv4-mapped
  ["64:ff9b:1::", 48], // local-use NAT64: translated inside the operator's own network
  ["2001::", 32], // Teredo
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/**
 * Addresses no outbound request may reach, whatever the operator allows: link-local (where every
 * major cloud answers its instance-metadata service, credentials included) and the metadata
 * services that live elsewhere: Alibaba's 100.100.100.200, Azure's wire server 168.63.129.16
 * (a public address reachable only from inside Azure) and AWS's IPv6 fd00:ec2::254.
 */
const never = new BlockList();
never.addSubnet("169.254.0.0", 16, "ipv4");
never.addAddress("100.100.100.200", "ipv4");
never.addAddress("168.63.129.16", "ipv4");
never.addSubnet("fe80::", 10, "ipv6");
never.addAddress("fd00:ec2::254", "ipv6");

/** True only for an IP address outside every range above; anything unparsable is not public. */
export function isPublicAddress(address: string): boolean {
  return !matches(blocked, address, true);
}

/**
 * Link-local and cloud metadata addresses (see `never`): refused even when private targets are
 * allowed. Anything unparsable counts as one of them.
 */
export function isMetadataOrLinkLocal(address: string): boolean {
  return matches(never, address, true);
}

/**
 * Whether the address is in `list`, an IPv4 address embedded in IPv6 (mapped, NAT64, 6to4)
 * judged as itself. `unparsable` is the answer for text that is not an IP address.
 */
export function matches(list: BlockList, address: string, unparsable: boolean): boolean {
  if (isIPv4(address)) return list.check(address, "ipv4");
  if (!isIPv6(address)) return unparsable;
  const words = ipv6Words(address);
  if (!words) return unparsable;
  const embedded = embeddedIPv4(words);
  if (embedded !== undefined) return matches(list, embedded, unparsable);
  return list.check(address.replace(/%.*$/, ""), "ipv6");
}

/** NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address that decides the target. */
function embeddedIPv4(words: number[]): string | undefined {
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0, w5 = 0, w6 = 0, w7 = 0] = words;
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) {
    return dotted(w6, w7);
  }
  if (w0 === 0x2002) return dotted(w1, w2);
  return undefined;
}

function dotted(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** The eight 16-bit words of an IPv6 address (WHATWG URL parsing normalises the text first). */
function ipv6Words(address: string): number[] | undefined {
  let host: string;
  try {
    host = new URL(`http://[${address.replace(/%.*$/, "")}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = "", tail] = host.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((w) => parseInt(w, 16)));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - start.length - end.length).fill(0);
  return [...start, ...zeros, ...end];
}
