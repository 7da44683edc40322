import { BlockList, isIP } from "node:net";

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** localhost, 127.0.0.0/8 or ::1 (brackets allowed, as in URL host names). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  const family = isIP(bare);
  if (family === 0) return false;
  return loopback.check(bare, family === 4 ? "ipv4" : "ipv6");
}
