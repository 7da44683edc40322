import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeAnthropicServer,
  type RecordedRequest,
  reply,
  startFakeAnthropic,
} from "../../../test/fakes/anthropic-server.ts";
import {
  type FakeGitHub,
  type FakeRepo,
  startFakeGitHub,
} from "../../../test/fakes/github-server.ts";
import { deepRequests } from "../../../test/helpers/deep-requests.ts";
import { getJson, postJson } from "../../../test/helpers/serve-process.ts";
import { startWorkerProcess, type WorkerProcess } from "./worker-process.ts";

const GITHUB_TOKEN = "ghp_crashTest0000000000000000000000000000";
const REPORT = "# Findings\n\n## Verdict\n\nA narrow market, but a loyal one.";

/**
 * kill -9 of the local runtime (wrangler and workerd together) in the middle of a job, then a
 * restart on the same persisted state, as `npm run cloudflare:dev` does it: the job completes,
 * a finished step is not paid again, and the research lands in one commit.
 */
describe("the Worker killed mid-job", () => {
  let fake: FakeAnthropicServer;
  let github: FakeGitHub;
  let repo: FakeRepo;
  let state: string;
  let running: WorkerProcess | undefined;
  let answer = false;

  beforeEach(async () => {
    answer = false;
    // Until `answer` is set, the model never replies: the research step is in flight for good.
    fake = await startFakeAnthropic({
      handler: () => (answer ? reply.text(REPORT) : reply.hang()),
    });
    github = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: {} } });
    repo = github.addRepo("team/ideas", { files: { "README.md": "ideas\n" } });
    state = mkdtempSync(path.join(tmpdir(), "worker-crash-"));
  });

  afterEach(async () => {
    await running?.close();
    await Promise.all([fake.close(), github.close()]);
    rmSync(state, { recursive: true, force: true });
  });

  const start = async () => {
    running = await startWorkerProcess({
      env: { ...fake.env, GITHUB_API_URL: github.url, GITHUB_TOKEN, GITHUB_REPO: "team/ideas" },
      persistTo: state,
    });
    return running.url;
  };

  async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    for (let tries = 0; tries < 300; tries += 1) {
      const value = await probe();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`timed out waiting for ${what}\n${running?.output() ?? ""}`);
  }

  const completed = (url: string, jobId: string) =>
    until("the job to complete", async () => {
      const { body } = await getJson(`${url}/api/jobs/${jobId}`);
      if (body.status === "failed")
        throw new Error(`the job failed: ${JSON.stringify(body.error)}`);
      return body.status === "completed" ? body : undefined;
    });

  it("during the research step: completes after the restart, research paid once more, one commit", async () => {
    const commitsBefore = repo.log().length;
    let url = await start();
    const submitted = await postJson(`${url}/api/explore`, { idea: "Bakery subscriptions" });
    expect(submitted.status).toBe(202);
    const jobId = String(submitted.body.job_id);
    await until("the model request", async () => (fake.requests.length > 0 ? true : undefined));

    await running?.kill();
    answer = true;
    url = await start();

    const job = await completed(url, jobId);
    expect(job).toMatchObject({ status: "completed", result: { status: "created" } });
    expect(fake.requests).toHaveLength(2);
    expect(repo.log()).toHaveLength(commitsBefore + 1);
    const researchPath = (job.result as { path: string }).path;
    expect(repo.readFile(researchPath)).toContain("A narrow market, but a loyal one.");
  }, 120_000);

  it("during the commit: the finished research is not paid again, and one commit lands", async () => {
    const commitsBefore = repo.log().length;
    answer = true;
    // The commit's tree is never answered (and never made): the commit step is in flight.
    github.intercept({
      method: "POST",
      path: "/git/trees",
      delayMs: Infinity,
      reply: { status: 502 },
    });
    let url = await start();
    const submitted = await postJson(`${url}/api/explore`, { idea: "Repair cafés for e-bikes" });
    const jobId = String(submitted.body.job_id);
    await until("the commit to start", async () =>
      github.requests.some(
        (request) => request.method === "POST" && request.path.includes("/git/trees"),
      )
        ? true
        : undefined,
    );

    await running?.kill();
    url = await start();

    await completed(url, jobId);
    expect(fake.requests).toHaveLength(1);
    expect(repo.log()).toHaveLength(commitsBefore + 1);
  }, 120_000);

  it("in deep mode, while sub-questions run: only those in flight are paid again, one commit", async () => {
    const questions = ["Who buys?", "What does it cost?", "Who competes?"];
    const { plan, isPlan, isSynthesis, subQuestionOf } = deepRequests(questions);
    const count = (match: (r: RecordedRequest) => boolean) => fake.requests.filter(match).length;
    const commitsBefore = repo.log().length;
    // Two at a time: the first sub-question finishes, the second and third hang.
    fake.setHandler((request) => {
      if (isPlan(request)) return reply.text(plan);
      return subQuestionOf(request) === 1
        ? reply.text("# Finding 1\n\nBuyers exist.")
        : reply.hang();
    });
    let url = await start();
    const submitted = await postJson(`${url}/api/explore`, {
      idea: "Refill stations in corner shops",
      depth: "deep",
      parallel: 2,
    });
    const jobId = String(submitted.body.job_id);
    // The third starts only once the first one's step is stored.
    await until("the third sub-question", async () =>
      count((r) => subQuestionOf(r) === 3) > 0 ? true : undefined,
    );

    await running?.kill();
    fake.setHandler((request) =>
      isSynthesis(request)
        ? reply.text("# Refill stations\n\nWorth a pilot.")
        : reply.text(`# Finding ${subQuestionOf(request)}\n\nSomething found.`),
    );
    url = await start();

    await completed(url, jobId);
    expect(count(isPlan)).toBe(1);
    expect([1, 2, 3].map((n) => count((r) => subQuestionOf(r) === n))).toEqual([1, 2, 2]);
    expect(count(isSynthesis)).toBe(1);
    expect(repo.log()).toHaveLength(commitsBefore + 1);
  }, 120_000);
});
