import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reply } from "../fakes/anthropic-server.ts";
import {
  deliverIssueEvent,
  INTAKE_LABEL,
  type IntakeWorld,
  intakeComments,
  labelledEvent,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { type ServeProcess, startServeProcess } from "../helpers/serve-process.ts";
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

const deliver = (url: string, payload: unknown, id = "d-1", secret = SECRET) =>
  deliverIssueEvent(url, payload, { id, secret });

const labelled = labelledEvent(1, "Refill stations in corner shops");

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

  it("asks a stranger's issue for a maintainer, calling no model; explores it once a collaborator labels it", async () => {
    world.repo.isPrivate = false;
    world.repo.collaborators.set("alice", "write");
    const stranger = { login: "drive-by", type: "User" as const, association: "NONE" };
    world.repo.issues.add({ title: "Free GPUs for me", labels: [INTAKE_LABEL], author: stranger });
    const event = (sender: string) => ({
      ...labelledEvent(1, "Free GPUs for me"),
      issue: {
        ...labelledEvent(1, "").issue,
        title: "Free GPUs for me",
        author_association: "NONE",
      },
      sender: { login: sender, type: "User" },
    });
    const { url } = await start();

    expect((await deliver(url, event("drive-by"))).status).toBe(202);
    const untrusted = () =>
      intakeComments(world.repo, 1).filter((c) => c.body.includes("idea-explorer:untrusted"));
    await vi.waitFor(() => expect(world.repo.issues.issue(1).labels).toEqual([]), {
      timeout: 30_000,
      interval: 200,
    });
    expect(untrusted()).toHaveLength(1);
    expect(untrusted()[0]?.body).toMatch(/^🔒 This idea waits for a maintainer/);
    expect(world.fake.requests).toEqual([]);
    expect((await deliver(url, event("drive-by"))).body.status).toBe("redelivery");

    world.repo.issues.addLabels(1, [INTAKE_LABEL], { ...stranger, login: "alice" });
    expect((await deliver(url, event("alice"), "d-2")).status).toBe(202);
    await closed();
    expect(untrusted()).toHaveLength(1);
    expect(intakeComments(world.repo, 1).map((c) => c.body)).toEqual([
      expect.stringMatching(/^🔒/),
      expect.stringMatching(/^🔎 Exploring this idea/),
      expect.stringMatching(/^✅ Explored: /),
    ]);
    expect(world.fake.requests).toHaveLength(1);
  }, 90_000);
});
