import { ConfigError } from "../config/config-error.ts";
import { MIN_SECRET_LENGTH } from "../config/redactor.ts";
import { parseApiTokens } from "./bearer-auth.ts";

/**
 * IDEA_EXPLORER_API_TOKEN as a service starting up must take it. Unset (or blank) means no
 * token: a localhost-only server. A value that holds no token (",", " , ") is a mistake that
 * would silently turn authentication off, so it stops the start instead, as does a token that
 * can never be sent (a space or control character inside: `Bearer <token>` ends at a space) or
 * one too short to guess at and to mask in output. The tokens are never echoed.
 */
export function checkedApiTokens(value: string | undefined): string[] {
  if (value === undefined || value.trim() === "") return [];
  const tokens = parseApiTokens(value);
  const name = "IDEA_EXPLORER_API_TOKEN";
  if (tokens.length === 0) {
    throw new ConfigError(
      `${name} holds no token: set it to one or more tokens separated by commas, or unset it to serve on localhost without one`,
    );
  }
  tokens.forEach((token, index) => {
    const which = tokens.length === 1 ? "its token" : `token ${index + 1} of ${tokens.length}`;
    if (/[\s\u0000-\u001f\u007f-\u009f]/.test(token)) {
      throw new ConfigError(
        `${name}: ${which} contains a space or control character, which an Authorization header cannot carry`,
      );
    }
    if (token.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(
        `${name}: ${which} is shorter than ${MIN_SECRET_LENGTH} characters; use long random tokens (e.g. openssl rand -hex 32)`,
      );
    }
  });
  return tokens;
}
