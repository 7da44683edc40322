import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/fakes/webhook-receiver.ts";
import {
  GIT_IDENTITY,
  getJson,
  initIdeasRepo,
  postJson,
  readEvents,
  runServeToExit,
  type ServeProcess,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";
import { verifyWebhookSignature } from "../jobs/webhook/webhook-signature.ts";

const TOKEN = "serve-test-token-0123456789";
const SECRET = "whsec-serve-test";
const auth = { Authorization: `Bearer ${TOKEN}` };
const HIT = { url: "https://news.example/mango-dryers", title: "Mango dryers sell out" };
const REPORT =
  "# Solar dryers\n\n## Verdict\n\nPromising: see [the study](https://news.example/mango-dryers).\n";

let fake: FakeAnthropicServer;
let receiver: WebhookReceiver;
let dir: string;
let server: ServeProcess | undefined;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  receiver = await startWebhookReceiver();
  dir = mkdtempSync(join(tmpdir(), "serve-cli-"));
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

const gitRepo = (name: string) => initIdeasRepo(join(dir, name));

const baseEnv = () => ({ ANTHROPIC_BASE_URL: fake.url, ...GIT_IDENTITY });

async function failedJob(url: string, idea: string) {
  const queued = await postJson(`${url}/api/explore`, {
    idea,
    webhook_url: `${receiver.origin}/hook`,
  });
  expect(queued.status).toBe(202);
  const events = await readEvents(`${url}/api/jobs/${queued.body.job_id}/events`);
  return { id: String(queued.body.job_id), result: events.at(-1) };
}

describe("idea-explorer serve, end to end over the real explore workflow", () => {
  it("explores a POSTed idea: live events, the research, the job list and a signed webhook", async () => {
    const repo = gitRepo("happy");
    fake.setHandler((request) =>
      request.body.messages.length === 1
        ? reply.webSearch("mango dryer market", [HIT], {
            answer: REPORT,
            usage: { input_tokens: 100_000, output_tokens: 2_000 },
          })
        : reply.text("unexpected second call"),
    );
    const before = fake.requests.length;
    server = await startServeProcess(
      ["--repo", repo, "--data-dir", join(dir, "happy-data"), "--allow-private-webhooks"],
      {
        cwd: dir,
        env: { ...baseEnv(), ANTHROPIC_API_KEY: "sk-ant-test", IDEA_EXPLORER_API_TOKEN: TOKEN },
      },
    );
    const idea = "Solar dryers for mango farmers";
    expect((await postJson(`${server.url}/api/explore`, { idea })).status).toBe(401);
    const queued = await postJson(
      `${server.url}/api/explore`,
      {
        idea,
        mode: "business",
        webhook_url: `${receiver.origin}/hook?t=1`,
        callback_secret: SECRET,
      },
      auth,
    );
    expect(queued).toEqual({
      status: 202,
      body: {
        job_id: expect.any(String),
        status: "pending",
        status_url: `/api/jobs/${queued.body.job_id}`,
      },
    });

    const events = await readEvents(
      `${server.url}/api/jobs/${queued.body.job_id}/events`,
      undefined,
      auth,
    );
    const steps = events.map((e) => (e.data.progress as { step?: string } | null)?.step);
    expect(steps).toContain("research");
    expect(events.some((e) => (e.data.progress as { tool_calls?: number })?.tool_calls === 1)).toBe(
      true,
    );
    const result = events.at(-1);
    expect(result).toMatchObject({
      event: "result",
      data: {
        status: "completed",
        error: null,
        result: {
          status: "created",
          path: expect.stringMatching(
            /^ideas\/\d{4}-\d{2}-\d{2}-solar-dryers-for-mango-farmers\/research\.md$/,
          ),
          stats: { toolCalls: 1, sources: 1 },
        },
      },
    });
    expect(fake.requests.length - before).toBe(1);

    // What it cost, in the job: 100k input and 2k output tokens of Sonnet 5.5 at $2 / $10 per
    // million, and one search at $10 per 1,000.
    const job = await getJson(`${server.url}/api/jobs/${queued.body.job_id}`, auth);
    const [inputUsd, outputUsd, searchUsd] = [(100_000 * 2) / 1e6, (2_000 * 10) / 1e6, 10 / 1000];
    expect(job.body).toMatchObject({
      status: "completed",
      result: {
        stats: {
          cost: {
            priced: true,
            usd: expect.closeTo(inputUsd + outputUsd + searchUsd, 9),
            inputUsd: expect.closeTo(inputUsd, 9),
            outputUsd: expect.closeTo(outputUsd, 9),
            cacheUsd: 0,
            searchUsd: expect.closeTo(searchUsd, 9),
            source: expect.stringContaining("@pydantic/genai-prices"),
          },
        },
      },
    });

    const research = await fetch(`${server.url}/api/jobs/${queued.body.job_id}/research`, {
      headers: auth,
    });
    const markdown = await research.text();
    expect(markdown).toContain("fingerprint:");
    expect(markdown).toContain("## Sources");
    expect(markdown).toContain(HIT.url);

    const listed = await fetch(`${server.url}/api/jobs?mode=business&limit=5`, { headers: auth });
    const listText = await listed.text();
    expect(JSON.parse(listText).jobs.map((j: { job_id: string }) => j.job_id)).toEqual([
      queued.body.job_id,
    ]);
    for (const secret of [SECRET, TOKEN, "callback_secret", "?t=1", "/hook"]) {
      expect(listText).not.toContain(secret);
    }

    const [webhook] = await receiver.waitForRequests(1);
    expect(
      verifyWebhookSignature(webhook!.body, String(webhook!.headers["x-signature"]), SECRET),
    ).toBe(true);
    expect(JSON.parse(webhook!.body)).toMatchObject({
      event: "idea_explored",
      job_id: queued.body.job_id,
      status: "completed",
      idea,
      mode: "business",
      path: (result?.data.result as { path?: string } | undefined)?.path,
      stats: { toolCalls: 1 },
    });

    // The same idea again is answered from the repository, without a job or a model call.
    const again = await postJson(`${server.url}/api/explore`, { idea }, auth);
    expect(again).toMatchObject({ status: 200, body: { status: "exists" } });
    expect(fake.requests.length - before).toBe(1);
  }, 60_000);

  it("stops cleanly on SIGTERM mid-research and resumes the job on the next start", async () => {
    const repo = gitRepo("sigterm");
    const args = ["--repo", repo, "--data-dir", join(dir, "sigterm-data")];
    const env = { ...baseEnv(), ANTHROPIC_API_KEY: "sk-ant-test" };
    const before = fake.requests.length;
    fake.setHandler(() => reply.hang());
    server = await startServeProcess(args, { cwd: dir, env });
    const queued = await postJson(`${server.url}/api/explore`, {
      idea: "Repair cafés in libraries",
    });
    while (fake.requests.length === before) await sleep(20);
    expect(await server.stop()).toBe(0);
    expect(server.stderr()).toContain("stopping: running jobs will resume on the next start");

    fake.setHandler(() => reply.text("# Verdict\n\nPilot it in two branches."));
    server = await startServeProcess(args, { cwd: dir, env });
    const events = await readEvents(`${server.url}/api/jobs/${queued.body.job_id}/events`);
    expect(events.at(-1)).toMatchObject({ event: "result", data: { status: "completed" } });
    expect(fake.requests.length - before).toBe(2);
  }, 60_000);

  it("a rejected API key fails the job at once with the model API's one-line reason", async () => {
    const repo = gitRepo("bad-key");
    const before = fake.requests.length;
    fake.setHandler(() => reply.unauthorized());
    server = await startServeProcess(
      ["--repo", repo, "--data-dir", join(dir, "bad-key-data"), "--allow-private-webhooks"],
      { cwd: dir, env: { ...baseEnv(), ANTHROPIC_API_KEY: "sk-ant-revoked" } },
    );
    const { result } = await failedJob(server.url, "An idea with a revoked key");
    expect(result).toMatchObject({
      event: "result",
      data: {
        status: "failed",
        attempts: 1,
        error: {
          code: "model_error",
          message: expect.stringMatching(
            /^Anthropic API rejected the API key \(401\).*check the key$/,
          ),
        },
      },
    });
    expect(JSON.stringify(result)).not.toContain("sk-ant-revoked");
    expect(fake.requests.length - before).toBe(1);
  }, 60_000);

  it("without an API key, a job fails at once with a clear error and its idea_failed webhook", async () => {
    const repo = gitRepo("no-key");
    const before = fake.requests.length;
    const seen = receiver.received.length;
    server = await startServeProcess(
      ["--repo", repo, "--data-dir", join(dir, "no-key-data"), "--allow-private-webhooks"],
      { cwd: dir, env: baseEnv() },
    );
    expect(server.stderr()).toContain("ANTHROPIC_API_KEY");
    const { id, result } = await failedJob(server.url, "An idea with no key configured");
    expect(result).toMatchObject({
      event: "result",
      data: { status: "failed", error: { code: "configuration_error" } },
    });
    expect((result?.data.error as { message?: string } | undefined)?.message).toMatch(
      /ANTHROPIC_API_KEY/,
    );
    const [webhook] = (await receiver.waitForRequests(seen + 1)).slice(seen);
    expect(JSON.parse(webhook!.body)).toMatchObject({
      event: "idea_failed",
      job_id: id,
      error: { code: "configuration_error" },
    });
    expect((await getJson(`${server.url}/api/jobs/${id}`)).body).toMatchObject({
      status: "failed",
      webhook: { status: "delivered" },
    });
    expect(fake.requests.length).toBe(before);
  }, 60_000);

  it("with an ideas folder that does not exist, a job fails at once and says so", async () => {
    server = await startServeProcess(
      [
        "--repo",
        join(dir, "missing"),
        "--data-dir",
        join(dir, "bad-repo-data"),
        "--allow-private-webhooks",
      ],
      { cwd: dir, env: { ...baseEnv(), ANTHROPIC_API_KEY: "sk-ant-test" } },
    );
    // A full stop ends the store's sentence, then the next one follows.
    expect(server.stderr().split("\n")).toContain(
      "warning: The ideas folder does not exist. Explorations will fail until it is fixed.",
    );
    const seen = receiver.received.length;
    const { id, result } = await failedJob(server.url, "An idea for a missing folder");
    expect(result).toMatchObject({
      event: "result",
      data: { status: "failed", error: { code: "store_error", message: expect.any(String) } },
    });
    const message = (result?.data.error as { message?: string } | undefined)?.message;
    expect(message).not.toContain(dir);
    const received = (await receiver.waitForRequests(seen + 1)).slice(seen);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: "idea_failed", job_id: id });
  }, 60_000);

  it("--rate-limit N caps POST /api/explore per token per minute", async () => {
    server = await startServeProcess(
      ["--repo", gitRepo("limited"), "--data-dir", join(dir, "limited-data"), "--rate-limit", "1"],
      { cwd: dir, env: { ...baseEnv(), IDEA_EXPLORER_API_TOKEN: `${TOKEN},second-token-0000` } },
    );
    const ask = (token: string) =>
      fetch(`${server!.url}/api/explore`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ idea: `An idea from ${token}` }),
      });
    expect((await ask(TOKEN)).status).toBe(202);
    const limited = await ask(TOKEN);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limited" } });
    // The limit is per token: another token still gets through.
    expect((await ask("second-token-0000")).status).toBe(202);
  }, 30_000);

  it.each([
    [["--port", "70000"], "--port must be from 0 to 65535, got 70000"],
    [["--concurrency", "0"], "--concurrency must be from 1 to 64, got 0"],
    [["--data-dir", "a-file"], "--data-dir cannot be used: a file is in the way of that folder"],
  ])(
    "refuses %j at start-up with one line and exit 2",
    async (args, message) => {
      writeFileSync(join(dir, "a-file"), "");
      const run = await runServeToExit(args, { cwd: dir, env: baseEnv() });
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split("\n").at(-1)).toBe(`idea-explorer serve: ${message}`);
    },
    30_000,
  );

  it("refuses a second server on the same --data-dir while the first runs", async () => {
    const args = ["--repo", gitRepo("shared"), "--data-dir", join(dir, "shared-data")];
    server = await startServeProcess(args, { cwd: dir, env: baseEnv() });
    const second = await runServeToExit([...args, "--port", "0"], { cwd: dir, env: baseEnv() });
    expect(second.code).toBe(2);
    expect(second.stderr.trim().split("\n").at(-1)).toBe(
      `idea-explorer serve: another idea-explorer serve (pid ${server.child.pid}) is using this --data-dir: stop it or choose another --data-dir`,
    );
  }, 30_000);

  it("refuses to listen beyond loopback without an API token", async () => {
    const run = await runServeToExit(["--host", "0.0.0.0", "--data-dir", join(dir, "open-data")], {
      cwd: dir,
      env: { ...baseEnv(), ANTHROPIC_API_KEY: "sk-ant-test" },
    });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(
      /refusing to listen on 0\.0\.0\.0 without an API token: set IDEA_EXPLORER_API_TOKEN/,
    );
  }, 30_000);
});
