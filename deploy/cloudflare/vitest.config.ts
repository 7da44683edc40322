import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { GITHUB_TOKEN } from "./test/workers/global-setup.ts";

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
  test: {
    name: "workers",
    include: ["test/workers/**/*.test.ts"],
    globalSetup: ["test/workers/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
