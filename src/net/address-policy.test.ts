import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-policy.ts";

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback range"],
    ["10.1.2.3", "RFC 1918"],
    ["172.16.0.1", "RFC 1918"],
    ["192.168.1.1", "RFC 1918"],
    ["100.64.0.1", "CGNAT"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["0.0.0.0", "this network"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::1", "IPv6 loopback"],
    ["::", "unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fd12:3456::1", "unique-local"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped metadata address"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    ["2002:0a00:0001::", "6to4 of 10.0.0.1"],
    ["2001:db8::1", "documentation"],
    ["::ffff:0:7f00:1", "IPv4-translated loopback"],
    ["64:ff9b:1::a00:1", "local-use NAT64"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["0:0:0:0:0:ffff:7f00:1", "IPv4-mapped loopback, long form"],
    ["fe80::1%eth0", "link-local with a zone"],
    ["ff02::1", "IPv6 multicast"],
    ["198.18.0.1", "benchmarking"],
    ["0177.0.0.1", "octal text (not an address to connect to)"],
    ["[::1]", "bracketed text"],
    ["", "empty"],
    ["not-an-ip", "not an address"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("allows public %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
