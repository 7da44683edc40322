import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type FakeAnthropicServer,
  type RecordedRequest,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import { deepRequests } from "../../test/helpers/deep-requests.ts";
import {
  GIT_IDENTITY,
  git,
  initIdeasRepo,
  postJson,
  readEvents,
  type ServeProcess,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";

/** Deep research in the service: each sub-question is its own step, so a crash re-pays only those running. */

const IDEA = "Refill stations for household cleaners";
const QUESTIONS = ["Who buys refills?", "What do stations cost?", "Who runs them already?"];

const { plan: PLAN, isPlan, isSynthesis, subQuestionOf } = deepRequests(QUESTIONS);

let fake: FakeAnthropicServer;
let dir: string;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  dir = mkdtempSync(join(tmpdir(), "serve-deep-crash-"));
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

it("a restart after kill -9 re-pays only the sub-questions that were running, and commits once", async () => {
  const repo = initIdeasRepo(join(dir, "ideas-repo"));
  const args = ["--repo", repo, "--data-dir", join(dir, "data")];
  const serve = () => startServeProcess(args, { cwd: dir, env: { ...fake.env, ...GIT_IDENTITY } });
  const count = (match: (r: RecordedRequest) => boolean) => fake.requests.filter(match).length;
  let server: ServeProcess | undefined;
  try {
    // 1. Two at a time: the first sub-question finishes, the second and third hang.
    fake.setHandler((request) => {
      if (isPlan(request)) return reply.text(PLAN);
      return subQuestionOf(request) === 1
        ? reply.text("# Finding 1\n\nBuyers exist.")
        : reply.hang();
    });
    server = await serve();
    const answer = await postJson(`${server.url}/api/explore`, {
      idea: IDEA,
      depth: "deep",
      parallel: 2,
    });
    expect(answer.status).toBe(202);
    // The third starts only once the first one's step is stored.
    while (count((r) => subQuestionOf(r) === 3) === 0) await sleep(20);
    await server.kill9();

    // 2. Restarted: the plan and the first sub-question come from the step journal.
    fake.setHandler((request) =>
      isSynthesis(request)
        ? reply.text("# Refill stations\n\nWorth a pilot.")
        : reply.text(`# Finding ${subQuestionOf(request)}\n\nSomething found.`),
    );
    server = await serve();
    const events = await readEvents(`${server.url}/api/jobs/${answer.body.job_id}/events`);
    expect(events.at(-1)).toMatchObject({ event: "result", data: { status: "completed" } });

    expect(count(isPlan)).toBe(1);
    expect([1, 2, 3].map((n) => count((r) => subQuestionOf(r) === n))).toEqual([1, 2, 2]);
    expect(count(isSynthesis)).toBe(1);
    const subjects = git(repo, "log", "--format=%s").trim().split("\n");
    expect(subjects.filter((s) => s !== "start")).toEqual([`Explore: ${IDEA}`]);
    const folder = git(repo, "ls-files", "ideas")
      .split("\n")
      .find((f) => f.endsWith(".json"));
    const log = JSON.parse(readFileSync(join(repo, folder as string), "utf8"));
    expect(log[0].deep.subQuestions.map((q: { outcome: string }) => q.outcome)).toEqual([
      "covered",
      "covered",
      "covered",
    ]);
  } finally {
    await server?.stop();
  }
}, 60_000);
