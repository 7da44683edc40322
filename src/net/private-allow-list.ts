import { BlockList, isIP } from "node:net";
import { matches } from "./address-policy.ts";

/**
 * The private hosts and networks an operator lets outbound requests reach, named one by one
 * ("wiki.internal", "10.20.0.0/16", "fd12::/48", "192.168.1.5"): a narrower opening than allowing
 * every private address. Link-local and metadata addresses stay refused whatever it lists.
 */
export interface PrivateAllowList {
  /** Host names, lower case, matched exactly (a listed host's subdomains are not listed). */
  hosts: ReadonlySet<string>;
  ranges: BlockList;
  /** The list as given, for messages. */
  entries: readonly string[];
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * Parses a comma-separated list. Throws an Error whose message names the entry that is neither
 * a host name, an IP address nor a CIDR range.
 */
export function parsePrivateAllowList(text: string): PrivateAllowList {
  const entries = text
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("lists no host or network");
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix, extra] = entry.split("/");
    const family = isIP(address);
    if (extra !== undefined) throw badEntry(entry);
    if (family === 0) {
      if (prefix !== undefined || !HOST_NAME.test(entry)) throw badEntry(entry);
      hosts.add(entry);
      continue;
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      ranges.addAddress(address, type);
      continue;
    }
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
    if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) throw badEntry(entry);
    ranges.addSubnet(address, bits, type);
  }
  return { hosts, ranges, entries };
}

/** Whether a private target is on the list, by the host name the URL gave or by its address. */
export function isListedPrivate(list: PrivateAllowList, host: string, address: string): boolean {
  return list.hosts.has(host.toLowerCase()) || matches(list.ranges, address, false);
}

function badEntry(entry: string): Error {
  return new Error(
    `"${entry.slice(0, 60)}" is not a host name, an IP address or a CIDR range such as 10.0.0.0/8`,
  );
}
