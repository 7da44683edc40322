import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reply, startFakeAnthropic } from "../../test/fakes/anthropic-server.ts";
import {
  type FakeOpenAiCompatible,
  startFakeOpenAiCompatible,
} from "../../test/fakes/openai-compatible-server.ts";
import { type FakeSearchServer, startSearxngFake } from "../../test/fakes/search-servers.ts";
import {
  GIT_IDENTITY,
  getJson,
  initIdeasRepo,
  postJson,
  readEvents,
  type ServeProcess,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";

/** An API job runs the preflight the CLI runs; what it warns about is in the job's result. */

let dir: string;
let server: ServeProcess | undefined;
let searxng: FakeSearchServer | undefined;
let local: FakeOpenAiCompatible | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "serve-warnings-"));
});
afterEach(async () => {
  await server?.stop();
  await searxng?.close();
  await local?.close();
  server = searxng = local = undefined;
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs one job to its end; returns its progress messages and the job as GET /api/jobs/:id shows it. */
async function runJob(url: string, body: Record<string, unknown>) {
  const queued = await postJson(`${url}/api/explore`, body);
  expect(queued.status).toBe(202);
  const events = await readEvents(`${url}/api/jobs/${queued.body.job_id}/events`);
  const messages = events.map(
    (e) => (e.data.progress as { message?: string | null } | null)?.message,
  );
  const job = await getJson(`${url}/api/jobs/${queued.body.job_id}`);
  return { messages, job: job.body as { status: string; result: { warnings?: string[] } } };
}

describe("serve: an API job's warnings", () => {
  it("a SearXNG that does not answer the probe, and a search that fails: in the progress and the result", async () => {
    searxng = await startSearxngFake({ jsonEnabled: false });
    searxng.replyOnce("hang"); // the preflight's probe
    local = await startFakeOpenAiCompatible([
      { toolCall: { name: "web_search", arguments: { query: "pharmacy couriers" } } },
      { text: "# Couriers\n\nNo data." },
    ]);
    const repo = initIdeasRepo(join(dir, "searxng"));
    server = await startServeProcess(
      [
        "--repo",
        repo,
        "--data-dir",
        join(dir, "searxng-data"),
        "--provider",
        "openai-compatible",
        "--base-url",
        local.url,
        "--model",
        "llama3.1:8b",
      ],
      { cwd: dir, env: { SEARXNG_URL: searxng.url, ...GIT_IDENTITY } },
    );
    const { messages, job } = await runJob(server.url, { idea: "Bicycle couriers for pharmacies" });
    expect(job.status).toBe("completed");
    const probe = `web search may fail: SearXNG at ${searxng.url} did not answer within 3 s; check that it is running and that SEARXNG_URL is right`;
    expect(messages).toContain(`warning: ${probe}`);
    expect(job.result.warnings).toEqual([
      probe,
      expect.stringMatching(
        /^1 of 1 web searches failed: .+; the report rests on no web search: check the search backend$/,
      ),
    ]);
    // The probe was the one request that hung; the search itself was sent.
    expect(searxng.requests.map((r) => r.path)).toEqual(["/", "/search"]);
  }, 60_000);

  it("an Anthropic model id that does not look like one", async () => {
    const fake = await startFakeAnthropic();
    try {
      fake.enqueue(reply.text("# Couriers\n\nA report."));
      const repo = initIdeasRepo(join(dir, "model"));
      server = await startServeProcess(["--repo", repo, "--data-dir", join(dir, "model-data")], {
        cwd: dir,
        env: { ...fake.env, ...GIT_IDENTITY },
      });
      const { messages, job } = await runJob(server.url, {
        idea: "Bicycle couriers for pharmacies",
        model: "gpt-4o",
      });
      expect(job.status).toBe("completed");
      const warning =
        '"gpt-4o" does not look like an Anthropic model id (they start with "claude-"); the API may refuse it. For another provider use --provider openai-compatible --base-url URL.';
      expect(messages).toContain(`warning: ${warning}`);
      expect(job.result.warnings).toEqual([warning]);
      expect(fake.requests[0]?.body.model).toBe("gpt-4o");
    } finally {
      await fake.close();
    }
  }, 60_000);
});
