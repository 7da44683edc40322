import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "./api-error.ts";

export type AuthVariables = { tokenId: string | undefined };

/** Splits IDEA_EXPLORER_API_TOKEN ("a,b") into tokens, ignoring blanks. */
export function parseApiTokens(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((token) => token.trim())
    .filter((token) => token !== "");
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/**
 * Bearer-token check. Both sides are hashed first so every comparison is over 32 bytes (no length
 * leak) and timingSafeEqual runs against every configured token (no early exit). The request's
 * token id is a short hash fingerprint, never the token, so it can be stored with a job.
 * With no tokens configured every request passes (startServer allows that only on loopback).
 */
export function bearerAuth(tokens: string[]): MiddlewareHandler<{ Variables: AuthVariables }> {
  const known = tokens.map((token) => ({ hash: digest(token), id: tokenId(token) }));
  return async (c, next) => {
    if (known.length === 0) {
      c.set("tokenId", undefined);
      return next();
    }
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header);
    const challenge = { "WWW-Authenticate": 'Bearer realm="idea-explorer"' };
    if (!match?.[1]) {
      throw new ApiError(
        401,
        "unauthorized",
        "send an API token as Authorization: Bearer <token>",
        {
          headers: challenge,
        },
      );
    }
    const given = digest(match[1]);
    let found: string | undefined;
    for (const entry of known) {
      if (timingSafeEqual(given, entry.hash)) found = entry.id;
    }
    if (found === undefined) {
      throw new ApiError(401, "unauthorized", "the API token is not valid", { headers: challenge });
    }
    c.set("tokenId", found);
    return next();
  };
}

export function tokenId(token: string): string {
  return `tok_${digest(token).toString("hex").slice(0, 12)}`;
}
