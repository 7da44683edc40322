/**
 * Name suffixes that only a local or private resolver answers: special-use names (RFC 6761
 * `localhost`, RFC 6762 `local`, RFC 8375 `home.arpa`), `internal` (reserved by ICANN for
 * private use) and names networks commonly use inside (never delegated in the public DNS).
 */
const PRIVATE_SUFFIXES = [
  "localhost",
  "localdomain",
  "local",
  "internal",
  "intranet",
  "private",
  "corp",
  "home",
  "lan",
  "home.arpa",
];

/**
 * Whether a host name can only name something in a private network: one of the suffixes above,
 * or a single label (`intranet`, `printer`), which a resolver completes with its search domains.
 * Used where a name cannot be resolved before the request (the fetch transport).
 */
export function isPrivateName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (!name.includes(".")) return true;
  return PRIVATE_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}
