import { ConfigError } from "../config/config-error.ts";

/**
 * Parses an address the user configured (an env var, a flag, a factory option). `name` is what the
 * user set, so the message says exactly what to fix. The raw value is never echoed: a malformed
 * URL may still hold a password or a key in its query.
 */
export function parseHttpUrl(value: string, name: string, example: string): URL {
  const trimmed = value.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    throw new ConfigError(`${name} must start with http:// or https://, for example ${example}.`);
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ConfigError(
      `${name} is not a valid URL; set it to an http(s) address such as ${example}.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(
      `${name} must use http or https (got ${url.protocol.replace(":", "")}); for example ${example}.`,
    );
  }
  return url;
}

/**
 * A model server's address must not carry credentials: a password in a URL ends up in logs and
 * process lists, and the providers would not send it anyway; keys have their own settings.
 */
export function withoutCredentials(url: URL, name: string, keySetting: string): URL {
  if (url.username || url.password) {
    throw new ConfigError(
      `${name} must not hold a user name or password; remove "user:password@" and pass the key with ${keySetting}.`,
    );
  }
  return url;
}
