import { z } from "zod";

const MAX_HOSTS = 100;
// A host name (any case; a leading "*." or "." reads as the same thing: the host and its
// subdomains) or an IP address literal.
const HOST_ENTRY =
  /^(?:\*?\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\[?[0-9a-f:.]+\]?$/i;

/**
 * A list of host names for web_fetch's allow and deny lists. Each entry stands for the host and
 * all its subdomains ("example.com" also covers "docs.example.com").
 */
export const hostListSchema = z
  .array(
    z
      .string({ error: "must be a list of host names" })
      .trim()
      .max(253, "holds a host name longer than 253 characters")
      .refine((host) => HOST_ENTRY.test(host), {
        error: (issue) =>
          `holds ${JSON.stringify(String(issue.input).slice(0, 60))}, which is not a host name such as "example.com" (no scheme, no path)`,
      }),
    { error: "must be a list of host names" },
  )
  .max(MAX_HOSTS, `must hold at most ${MAX_HOSTS} host names`);

/** "a.com, b.org" as a flag or an environment variable gives it. */
export function splitHostList(text: string): string[] {
  return text
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
}
