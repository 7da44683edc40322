import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { EchoingGateway } from "../fakes/echoing-gateway.ts";

/**
 * Secrets for the "secrets never echo" tests. None has a vendor's shape or a digit, so only the
 * redactor's knowledge of the configured values can mask them: a redactor that fell back to
 * recognising shapes alone fails these tests.
 */
export const SECRETS = {
  apiKey: "gateway-key-never-echo-abcdefghij",
  baseUrlQuery: "query-secret-never-echo",
  githubToken: "github-token-never-echo-abcdefgh",
  tavilyKey: "tavily-key-never-echo-abcdefgh",
  apiToken: "serve-api-token-never-echo-abcdef",
  webhookSecret: "webhook-secret-never-echo-abcdef",
  flagKey: "flag-api-key-never-echo-abcdefgh",
  flagQuery: "flag-query-never-echo-abcdefgh",
};

/** What an upstream that repeats every credential it ever saw would add to its 401. */
export const OTHER_SECRETS_ECHO = `seen ${SECRETS.githubToken} ${SECRETS.tavilyKey} ${SECRETS.apiToken} ${SECRETS.webhookSecret}`;

/**
 * The environment that points the Anthropic provider at the gateway, its key and a query in the
 * base URL, with every other secret the product reads set too (serve then requires the token).
 */
export function echoEnv(gateway: EchoingGateway): Record<string, string> {
  return {
    ANTHROPIC_API_KEY: SECRETS.apiKey,
    ANTHROPIC_BASE_URL: `${gateway.origin}/v1?token=${SECRETS.baseUrlQuery}`,
    GITHUB_TOKEN: SECRETS.githubToken,
    TAVILY_API_KEY: SECRETS.tavilyKey,
    IDEA_EXPLORER_API_TOKEN: SECRETS.apiToken,
    GITHUB_WEBHOOK_SECRET: SECRETS.webhookSecret,
  };
}

/** Fails naming the secret and where it showed; passes for text that holds none. */
export function expectNoSecret(text: string, where: string): void {
  for (const [name, value] of Object.entries(SECRETS)) {
    expect(text.includes(value), `${where} holds ${name}: ${text.slice(0, 2000)}`).toBe(false);
  }
}

/**
 * Every file under `dir`, as text. Git's objects are compressed, so what was committed is
 * checked through git itself (see commitsText).
 */
export function filesUnder(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, text: readFileSync(file).toString("latin1") };
    });
}

/** No file under `dir` holds a secret. */
export function expectNoSecretInFiles(dir: string): void {
  for (const { file, text } of filesUnder(dir)) expectNoSecret(text, file);
}

/** Every commit of the repository at `dir` with its patch and message, as text. */
export function commitsText(dir: string): string {
  return execFileSync("git", ["log", "--all", "-p", "--format=%H %B"], { cwd: dir }).toString();
}
