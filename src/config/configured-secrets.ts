import { createRedactor, type KnownSecrets, type Redact } from "./redactor.ts";

/** Variables whose whole value is a secret (comma lists, such as the API tokens, split too). */
const SECRET_VARIABLES = [
  "ANTHROPIC_API_KEY",
  "OPENAI_COMPATIBLE_API_KEY",
  "GITHUB_TOKEN",
  "IDEA_EXPLORER_API_TOKEN",
  "GITHUB_WEBHOOK_SECRET",
  "TAVILY_API_KEY",
  "BRAVE_API_KEY",
];

/** Any other variable named like a credential is treated as one (an MCP server's key, say). */
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)$/;

/** Addresses whose user:password@ and query are secret. */
const URL_VARIABLES = [
  "ANTHROPIC_BASE_URL",
  "SEARXNG_URL",
  "GITHUB_API_URL",
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
];

/** OpenTelemetry's `key=value,key=value` headers: each value is a credential (URL-encoded). */
const HEADER_VARIABLES = ["OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS"];

/** Secrets given on the command line rather than in the environment. */
export interface SecretFlags {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
}

/** What counts as secret in this process: read from the raw environment and the flags. */
export function configuredSecrets(
  env: Readonly<Record<string, string | undefined>>,
  flags: SecretFlags = {},
): KnownSecrets {
  const values: string[] = [];
  const urls: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (SECRET_VARIABLES.includes(name) || SECRET_NAME.test(name)) {
      values.push(value.trim(), ...value.split(",").map((part) => part.trim()));
    } else if (URL_VARIABLES.includes(name)) {
      urls.push(value);
    } else if (HEADER_VARIABLES.includes(name)) {
      values.push(...headerValues(value));
    }
  }
  if (flags.apiKey) values.push(flags.apiKey.trim());
  if (flags.baseUrl) urls.push(flags.baseUrl);
  return { values, urls };
}

/** The redactor for this environment and these flags: what each surface builds at its edge. */
export function redactorFor(
  env: Readonly<Record<string, string | undefined>>,
  flags: SecretFlags = {},
): Redact {
  return createRedactor(configuredSecrets(env, flags));
}

function headerValues(list: string): string[] {
  return list.split(",").flatMap((pair) => {
    const at = pair.indexOf("=");
    return at < 0 ? [] : [pair.slice(at + 1).trim()];
  });
}
