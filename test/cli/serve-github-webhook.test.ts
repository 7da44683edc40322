import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signGitHubBody } from "../../src/server/github-webhook/verify-signature.ts";
import { type ServeProcess, startServeProcess } from "../../src/server/testing/serve-process.ts";
import { reply } from "../fakes/anthropic-server.ts";
import {
  INTAKE_LABEL,
  type IntakeWorld,
  intakeComments,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

// `serve` as a user starts it, taking GitHub webhooks, with the product's GitHub pacing.
const SECRET = "whsec-serve-test";
let world: IntakeWorld;
let cwd: TempTree;
let serve: ServeProcess | undefined;
beforeEach(async () => {
  world = await startIntakeWorld({ secondaryRateLimit: false });
  cwd = await makeTempTree({});
});
afterEach(async () => {
  await serve?.stop();
  serve = undefined;
  await world.close();
  await cwd.cleanup();
});

const start = async () => {
  serve = await startServeProcess([], {
    cwd: cwd.dir,
    env: { ...world.env(), GITHUB_WEBHOOK_SECRET: SECRET },
  });
  return serve;
};

async function deliver(url: string, payload: unknown, id = "d-1", secret = SECRET) {
  const body = JSON.stringify(payload);
  const response = await fetch(`${url}/api/github/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-GitHub-Event": "issues",
      "X-GitHub-Delivery": id,
      "X-Hub-Signature-256": await signGitHubBody(secret, body),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const labelled = {
  action: "labeled",
  label: { name: INTAKE_LABEL },
  issue: {
    number: 1,
    title: "Refill stations in corner shops",
    state: "open",
    labels: [{ name: INTAKE_LABEL }],
  },
  repository: { full_name: "me/ideas" },
};

const closed = () =>
  vi.waitFor(() => expect(world.repo.issues.issue(1).state).toBe("closed"), {
    timeout: 60_000,
    interval: 200,
  });

describe("idea-explorer serve: GitHub webhooks (child process)", () => {
  it("answers a signed delivery's issue, ignores its redelivery and refuses a forged one", async () => {
    world.repo.issues.add({ title: "Refill stations in corner shops", labels: [INTAKE_LABEL] });
    const { url } = await start();

    expect((await deliver(url, labelled, "d-forged", "wrong-secret")).status).toBe(401);
    const first = await deliver(url, labelled);
    expect(first).toEqual({ status: 202, body: { status: "queued", job_id: expect.any(String) } });
    await closed();
    expect(await deliver(url, labelled)).toEqual({
      status: 200,
      body: { status: "redelivery", job_id: first.body.job_id },
    });
    expect(intakeComments(world.repo, 1)).toHaveLength(2);
    expect(world.repo.issues.issue(1).labels).toEqual([`${INTAKE_LABEL}-completed`]);
    expect(world.repo.log()[0]?.message).toBe("Explore: Refill stations in corner shops (#1)");
  }, 90_000);

  it("resumes the issue's job after kill -9: claimed once, explored once, answered once", async () => {
    world.repo.issues.add({ title: "Refill stations in corner shops", labels: [INTAKE_LABEL] });
    // The first model request never answers: the process dies while researching.
    world.fake.enqueue(reply.hang());
    const first = await start();
    expect((await deliver(first.url, labelled)).status).toBe(202);
    await vi.waitFor(() => expect(world.fake.requests).toHaveLength(1), { timeout: 30_000 });
    await first.kill9();
    serve = undefined;

    await start();
    await closed();
    const comments = intakeComments(world.repo, 1).map((c) => c.body);
    expect(comments).toEqual([
      expect.stringMatching(/^🔎 Exploring this idea: run `[\w-]+` by idea-explorer serve/),
      expect.stringMatching(/^✅ Explored: /),
    ]);
    expect(world.repo.log()).toHaveLength(2);
    expect(world.fake.requests).toHaveLength(2);
  }, 120_000);
});
