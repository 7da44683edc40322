import { describe, expect, it } from "vitest";
import { buildBundle, FREE_PLAN_LIMIT_BYTES } from "../scripts/build-bundle.ts";

describe("the Worker's bundle", () => {
  it("builds offline with wrangler deploy --dry-run, within the free plan's 3 MiB gzipped", async () => {
    const bundle = await buildBundle();
    expect(bundle.output).toMatch(/--dry-run: exiting now/);
    expect(bundle.output).toMatch(/env\.JOB_WORKFLOW \(JobWorkflow\)/);
    expect(bundle.output).toMatch(/env\.DB \(idea-explorer-jobs\)/);
    expect(bundle.gzipBytes).toBeGreaterThan(0);
    expect(bundle.gzipBytes).toBeLessThan(FREE_PLAN_LIMIT_BYTES);
  }, 120_000);
});
