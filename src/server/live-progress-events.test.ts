import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { reply, startFakeAnthropic } from "../../test/fakes/anthropic-server.ts";
import {
  GIT_IDENTITY,
  getJson,
  initIdeasRepo,
  postJson,
  readEvents,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";

const market = { url: "https://market.example/refills", title: "Refill market 2026" };

it("a running job's progress carries its searches, pages, tokens, cost and start, over SSE and GET", async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fake = await startFakeAnthropic({
    handler: async (request) => {
      if (request.body.messages.length === 1) {
        return reply.webSearch("refill station market", [market], {
          usage: { input_tokens: 2_000, output_tokens: 100 },
        });
      }
      await held;
      return reply.text(`# Refills\n\nA market.[${market.title}](${market.url})`);
    },
  });
  const dir = mkdtempSync(join(tmpdir(), "live-progress-"));
  const repo = initIdeasRepo(join(dir, "ideas"));
  const server = await startServeProcess(["--repo", repo, "--data-dir", join(dir, "data")], {
    cwd: dir,
    env: { ...fake.env, ...GIT_IDENTITY },
  });
  try {
    const queued = await postJson(`${server.url}/api/explore`, { idea: "Refill stations" });
    const events = await readEvents(
      `${server.url}/api/jobs/${queued.body.job_id}/events`,
      (event) => ((event.data.progress as { page_count?: number })?.page_count ?? 0) > 0,
    );
    const progress = events.at(-1)?.data.progress as Record<string, unknown>;
    expect(progress).toMatchObject({
      step: "research",
      input_tokens: 2_000,
      output_tokens: 100,
      queries: [{ query: "refill station market", results: 1, ok: true }],
      query_count: 1,
      pages: [market],
      page_count: 1,
      plan: null,
      lines: [],
    });
    // Sonnet 5.5: $2 per million input, $10 per million output, one search at $10 per 1,000.
    expect(progress.cost_usd).toBeCloseTo(0.004 + 0.001 + 0.01, 6);
    expect(Date.parse(progress.started_at as string)).toBeGreaterThan(Date.now() - 60_000);

    const job = await getJson(`${server.url}/api/jobs/${queued.body.job_id}`);
    expect(job.body.progress).toMatchObject({ queries: progress.queries, pages: [market] });
  } finally {
    release();
    await server.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
