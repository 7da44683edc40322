import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests serve the web page from src: its script is bundled from the client code as it is now.
    globalSetup: ["scripts/build-page-script.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: [
            "src/**/*.test.ts",
            "test/**/*.test.ts",
            "eval/**/*.test.ts",
            "bench/**/*.test.ts",
            "deploy/cloudflare/test/*.test.ts",
          ],
        },
      },
      // The Cloudflare Worker's Workflow tests, inside workerd (@cloudflare/vitest-plugin).
      "deploy/cloudflare/vitest.config.ts",
    ],
  },
});
