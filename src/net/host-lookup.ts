import { lookup as dnsLookup } from "node:dns/promises";

export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Resolves a host name to EVERY address it has; injected so tests never touch real DNS. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = (hostname) =>
  dnsLookup(hostname, { all: true, order: "verbatim" });
