const encoder = new TextEncoder();

/**
 * Checks GitHub's X-Hub-Signature-256 header ("sha256=" and the hex HMAC-SHA256 of the raw body
 * under the webhook secret). Web Crypto's HMAC verify compares in constant time, and it runs the
 * same in Node and in workerd. A header of the wrong shape is refused before any comparison: its
 * shape is public, only the digest is secret.
 */
export async function verifyGitHubSignature(
  secret: string,
  body: Uint8Array<ArrayBuffer>,
  header: string | undefined,
): Promise<boolean> {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "")?.[1];
  if (!hex || secret === "") return false;
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  return crypto.subtle.verify("HMAC", key, hexBytes(hex), body);
}

/** The signature GitHub would send for `body` (for tests, and for anyone checking a set-up). */
export async function signGitHubBody(
  secret: string,
  body: Uint8Array<ArrayBuffer> | string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, bytes));
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** SHA-256 of the body, hex: what tells a redelivery from another body under the same id. */
export async function bodyHash(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
