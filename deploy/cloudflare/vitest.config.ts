import { readFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { GITHUB_TOKEN } from "./test/workers/global-setup.ts";

/**
 * wrangler.jsonc's `alias` (unpdf → src/no-pdf.ts), which the pool reads but does not apply:
 * the tests resolve modules as the deployed bundle does.
 */
const wranglerAliases = (): Record<string, string> => {
  const text = readFileSync(path.join(import.meta.dirname, "wrangler.jsonc"), "utf8");
  const block = /"alias"\s*:\s*(\{[^}]*\})/.exec(text)?.[1];
  const aliases = block ? (JSON.parse(block) as Record<string, string>) : {};
  return Object.fromEntries(
    Object.entries(aliases).map(([name, target]) => [
      name,
      path.resolve(import.meta.dirname, target),
    ]),
  );
};

/**
 * The Workflow tests run inside workerd (Cloudflare's runtime) with the Worker's own bindings
 * from wrangler.jsonc, pointed at the loopback fakes global-setup.ts starts in Node.
 */
export default defineConfig({
  plugins: [
    cloudflareTest(({ inject }) => {
      const fakes = inject("fakes");
      return {
        wrangler: { configPath: "./wrangler.jsonc" },
        miniflare: {
          bindings: {
            ANTHROPIC_API_KEY: fakes.anthropicKey,
            ANTHROPIC_BASE_URL: fakes.anthropicUrl,
            GITHUB_API_URL: fakes.githubUrl,
            GITHUB_TOKEN,
            GITHUB_REPO: "team/ideas",
            IDEA_EXPLORER_ALLOW_PRIVATE_WEBHOOKS: "true",
            TEST_WEBHOOK_URL: fakes.webhookUrl,
            TEST_COUNT_URL: fakes.countUrl,
          },
        },
      };
    }),
  ],
  resolve: { alias: wranglerAliases() },
  test: {
    name: "workers",
    include: ["test/workers/**/*.test.ts"],
    globalSetup: ["test/workers/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
