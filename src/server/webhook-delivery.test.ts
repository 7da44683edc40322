import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/fakes/webhook-receiver.ts";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import { createWebhookNotifier } from "../jobs/webhook/webhook-notifier.ts";
import { verifyWebhookSignature } from "../jobs/webhook/webhook-signature.ts";
import type { HostLookup } from "../net/host-lookup.ts";

let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.close());

function fixture(allowPrivate: boolean, lookup?: HostLookup) {
  return createServiceFixture({
    allowPrivateWebhooks: allowPrivate,
    notifier: createWebhookNotifier({
      allowPrivate,
      sleep: async () => {},
      ...(lookup ? { lookup } : {}),
    }),
  });
}

async function explore(app: ReturnType<typeof fixture>["app"], body: Record<string, unknown>) {
  const response = await app.request("/api/explore", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { job_id: string }).job_id;
}

describe("webhooks end to end (API → job → receiver)", () => {
  it("delivers a signed idea_explored the receiver can verify, and records delivered", async () => {
    const { app, jobs } = fixture(true);
    const id = await explore(app, {
      idea: "Dog bakery",
      webhook_url: `${receiver.origin}/hooks/explored`,
      callback_secret: "receiver-secret",
    });
    jobs.start();
    await jobs.whenIdle();
    const [delivery] = await receiver.waitForRequests(1);
    expect(
      verifyWebhookSignature(
        delivery?.body ?? "",
        String(delivery?.headers["x-signature"]),
        "receiver-secret",
      ),
    ).toBe(true);
    expect(JSON.parse(delivery?.body ?? "")).toEqual({
      event: "idea_explored",
      job_id: id,
      status: "completed",
      idea: "Dog bakery",
      mode: "business",
      path: expect.stringMatching(/research\.md$/),
      stats: { toolCalls: 3 },
    });
    expect(await (await app.request(`/api/jobs/${id}`)).json()).toMatchObject({
      status: "completed",
      webhook: { status: "delivered", detail: null, origin: receiver.origin },
    });
    await jobs.stop();
  });

  it("a receiver that keeps failing leaves the job completed, with webhook failed and why", async () => {
    const { app, jobs } = fixture(true);
    receiver.reply({ status: 500 }, { status: 502 }, { status: 503 });
    const id = await explore(app, { idea: "x", webhook_url: receiver.origin });
    jobs.start();
    await jobs.whenIdle();
    expect(receiver.received).toHaveLength(3);
    expect(await (await app.request(`/api/jobs/${id}`)).json()).toMatchObject({
      status: "completed",
      webhook: {
        status: "failed",
        detail: `127.0.0.1:${receiver.port} answered HTTP 503 (after 3 attempts)`,
      },
    });
    await jobs.stop();
  });

  it("sends idea_failed when the job fails on configuration", async () => {
    const { app, jobs } = fixture(true);
    await explore(app, { idea: "misconfigured", webhook_url: receiver.origin });
    jobs.start();
    await jobs.whenIdle();
    const [delivery] = await receiver.waitForRequests(1);
    expect(JSON.parse(delivery?.body ?? "")).toMatchObject({
      event: "idea_failed",
      status: "failed",
      error: { code: "configuration_error", message: "ANTHROPIC_API_KEY is not set" },
    });
  });

  it("without --allow-private-webhooks, a host name resolving to loopback is refused at delivery", async () => {
    // A public-looking name whose DNS answer is loopback (localhost itself is refused at submit).
    const { app, jobs } = fixture(false, async () => [{ address: "127.0.0.1", family: 4 }]);
    const id = await explore(app, {
      idea: "x",
      webhook_url: `http://hooks.example.test:${receiver.port}/`,
    });
    jobs.start();
    await jobs.whenIdle();
    expect(receiver.received).toHaveLength(0);
    const job = (await (await app.request(`/api/jobs/${id}`)).json()) as {
      status: string;
      webhook: { detail: string };
    };
    expect(job.status).toBe("completed");
    expect(job.webhook.detail).toContain("private, loopback or link-local");
  });
});
