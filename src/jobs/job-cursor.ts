/**
 * Cursors are opaque to clients: the base64url of the last listed job's position. Decoding rejects
 * anything we did not produce, so a tampered cursor is a 400, not a strange page.
 */
export function encodeCursor(seq: number): string {
  return Buffer.from(`job:${seq}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return undefined;
  const match = /^job:(\d{1,15})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match?.[1]) return undefined;
  const seq = Number(match[1]);
  return Number.isSafeInteger(seq) && seq > 0 ? seq : undefined;
}
