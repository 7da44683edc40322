import { z } from "zod";

/**
 * Where the next page of a listing starts, and for which query. Opaque to clients (base64url of
 * a small JSON); `scope` ties it to the q and mode it was issued for.
 */
export type LibraryCursor =
  | { scope: string; after: string } // date order: the folders after this one
  | { scope: string; at: number } // search: the ranked matches from this position
  // stalest first: the explorations after this one in (lastResearched, folder) order
  | { scope: string; past: { researched: string; folder: string } };

const cursorSchema = z.union([
  z.strictObject({ s: z.string().max(16), a: z.string().min(1).max(200) }),
  z.strictObject({
    s: z.string().max(16),
    r: z.string().max(10),
    a: z.string().min(1).max(200),
  }),
  z.strictObject({ s: z.string().max(16), i: z.number().int().nonnegative().max(1_000_000) }),
]);

export function encodeCursor(cursor: LibraryCursor): string {
  const wire =
    "after" in cursor
      ? { s: cursor.scope, a: cursor.after }
      : "past" in cursor
        ? { s: cursor.scope, r: cursor.past.researched, a: cursor.past.folder }
        : { s: cursor.scope, i: cursor.at };
  // Folder names are ASCII (the read_research allowlist), so btoa takes the JSON as it is.
  return btoa(JSON.stringify(wire)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor, or undefined for one this server did not issue. */
export function decodeCursor(text: string): LibraryCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(text)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/")));
  } catch {
    return undefined;
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const data = parsed.data;
  if ("r" in data) return { scope: data.s, past: { researched: data.r, folder: data.a } };
  return "a" in data ? { scope: data.s, after: data.a } : { scope: data.s, at: data.i };
}

/**
 * A short fingerprint of what a listing was asked (FNV-1a, 32 bits): not a secret, a check. The
 * order and the age filter count only when given, so a plain listing's cursors stay as they were.
 */
export function listingScope(
  terms: readonly string[],
  mode: string | undefined,
  order?: { sort?: string | undefined; olderThanDays?: number | undefined },
): string {
  const asked: unknown[] = [terms, mode ?? null];
  if (order?.sort !== undefined || order?.olderThanDays !== undefined) {
    asked.push(order.sort ?? null, order.olderThanDays ?? null);
  }
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(asked)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
