/**
 * A configuration or input problem the user must fix. Surfaces print its message as one line and
 * exit (CLI) or answer 4xx (service); it never carries a stack trace, a host path or a secret.
 */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}
