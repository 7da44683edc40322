import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  deliverIssueEvent,
  INTAKE_LABEL,
  type IntakeWorld,
  intakeComments,
  labelledEvent,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { ENGINES, type RunningEngine } from "./engines.ts";

const SECRET = "whsec-contract-test";

const labelled = labelledEvent(1, "Refill stations in corner shops");

/**
 * Ideas filed as GitHub issues reach either engine the same way: a signed delivery to
 * POST /api/github/webhook becomes a durable job that claims, explores, answers and closes the
 * issue; a redelivery queues nothing; a forged signature is refused.
 */
describe.each(ENGINES)("GitHub webhooks on $name", (engine) => {
  let world: IntakeWorld;
  let service: RunningEngine;

  beforeAll(async () => {
    world = await startIntakeWorld({ secondaryRateLimit: false });
    service = await engine.start({ ...world.env(), GITHUB_WEBHOOK_SECRET: SECRET });
  }, 90_000);

  afterAll(async () => {
    await service?.stop();
    await world?.close();
  });

  const deliver = (payload: unknown, id: string, secret = SECRET) =>
    deliverIssueEvent(service.url, payload, { id, secret });

  it("answers a signed delivery's issue once, ignores its redelivery, refuses a forged one", async () => {
    world.repo.issues.add({ title: "Refill stations in corner shops", labels: [INTAKE_LABEL] });

    const forged = await deliver(labelled, "d-forged", "not-the-secret");
    expect(forged.status).toBe(401);
    const first = await deliver(labelled, "d-1");
    expect(first).toEqual({ status: 202, body: { status: "queued", job_id: expect.any(String) } });
    await vi.waitFor(() => expect(world.repo.issues.issue(1).state).toBe("closed"), {
      timeout: 60_000,
      interval: 200,
    });

    const again = await deliver(labelled, "d-1");
    expect(again).toEqual({
      status: 200,
      body: { status: "redelivery", job_id: first.body.job_id },
    });
    expect(intakeComments(world.repo, 1)).toHaveLength(2);
    expect(world.repo.issues.issue(1).labels).toEqual([`${INTAKE_LABEL}-completed`]);
    expect(world.repo.log()[0]?.message).toBe("Explore: Refill stations in corner shops (#1)");
    expect(world.fake.requests).toHaveLength(1);
  }, 120_000);
});
