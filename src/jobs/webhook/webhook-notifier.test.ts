import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/fakes/webhook-receiver.ts";
import type { HostLookup } from "../../net/host-lookup.ts";
import type { WebhookBody } from "./webhook-body.ts";
import {
  createWebhookNotifier,
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  type WebhookNotifierOptions,
} from "./webhook-notifier.ts";
import { verifyWebhookSignature } from "./webhook-signature.ts";

const body: WebhookBody = {
  event: "idea_explored",
  job_id: "job-1",
  status: "completed",
  idea: "A bakery for dogs",
  mode: "business",
  path: "ideas/2026-01-01-a-bakery-for-dogs/research.md",
  stats: { steps: 3 },
};

const noDns: HostLookup = async (host) => {
  throw new Error(`unexpected lookup of ${host}`);
};

let receiver: WebhookReceiver;
let waits: number[];
beforeEach(async () => {
  receiver = await startWebhookReceiver();
  waits = [];
});
afterEach(() => receiver.close());

function notifier(options: WebhookNotifierOptions = {}) {
  return createWebhookNotifier({
    allowPrivate: true,
    lookup: noDns,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
}

describe("webhook delivery", () => {
  it("posts the JSON body signed as sha256=<hex HMAC of the raw body>", async () => {
    const outcome = await notifier().deliver(
      { url: `${receiver.origin}/hook?token=abc`, secret: "s3cret" },
      body,
    );
    expect(outcome).toEqual({ status: "delivered", attempts: 1 });
    const [request] = receiver.received;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/hook?token=abc");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual(body);
    const expected = createHmac("sha256", "s3cret")
      .update(request?.body ?? "")
      .digest("hex");
    expect(request?.headers["x-signature"]).toBe(`sha256=${expected}`);
    expect(verifyWebhookSignature(request?.body ?? "", `sha256=${expected}`, "s3cret")).toBe(true);
    expect(verifyWebhookSignature(`${request?.body} `, `sha256=${expected}`, "s3cret")).toBe(false);
    expect(verifyWebhookSignature(request?.body ?? "", `sha256=${expected}`, "other")).toBe(false);
    expect(request?.headers["x-idea-explorer-delivery"]).toBe("job-1:idea_explored");
  });

  it("sends no signature without a callback secret", async () => {
    await notifier().deliver({ url: receiver.origin, secret: undefined }, body);
    expect(receiver.received[0]?.headers["x-signature"]).toBeUndefined();
  });

  it("retries a 5xx with backoff and succeeds on the third attempt", async () => {
    receiver.reply({ status: 500 }, { status: 503 });
    const outcome = await notifier().deliver({ url: receiver.origin, secret: "k" }, body);
    expect(outcome).toEqual({ status: "delivered", attempts: 3 });
    expect(waits).toEqual([1_000, 5_000]);
    expect(new Set(receiver.received.map((r) => r.headers["x-signature"])).size).toBe(1);
  });

  it("gives up after three attempts and says why", async () => {
    receiver.reply({ status: 500 }, { status: 500 }, { status: 500 });
    const outcome = await notifier().deliver({ url: receiver.origin, secret: undefined }, body);
    expect(outcome).toEqual({
      status: "failed",
      attempts: 3,
      reason: `127.0.0.1:${receiver.port} answered HTTP 500 (after 3 attempts)`,
    });
  });

  it("does not retry a 4xx", async () => {
    receiver.reply({ status: 404 });
    const outcome = await notifier().deliver({ url: receiver.origin, secret: undefined }, body);
    expect(outcome).toMatchObject({ status: "failed", attempts: 1 });
    expect(receiver.received).toHaveLength(1);
  });

  it("does not follow a redirect", async () => {
    const other = await startWebhookReceiver();
    try {
      receiver.reply({ status: 302, headers: { location: `${other.origin}/elsewhere` } });
      const outcome = await notifier().deliver({ url: receiver.origin, secret: undefined }, body);
      expect(outcome).toMatchObject({ status: "failed", attempts: 1 });
      expect(outcome.status === "failed" && outcome.reason).toContain("redirect (HTTP 302)");
      expect(other.received).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it("times out a receiver that never answers, and retries", async () => {
    receiver.reply({ hang: true }, { hang: true }, { hang: true });
    const outcome = await notifier({ timeoutMs: 100 }).deliver(
      { url: receiver.origin, secret: undefined },
      body,
    );
    expect(outcome).toMatchObject({ status: "failed", attempts: 3 });
    expect(outcome.status === "failed" && outcome.reason).toContain("did not answer within 0.1 s");
    // The default a real server uses is the 10 s, with two waits (1 s, 5 s) between tries.
    expect([DEFAULT_WEBHOOK_TIMEOUT_MS, DEFAULT_WEBHOOK_RETRY_DELAYS_MS]).toEqual([
      10_000,
      [1_000, 5_000],
    ]);
  });

  it("connects to the address it checked, through the injected lookup, resolving once", async () => {
    const answers = [[{ address: "127.0.0.1", family: 4 }], [{ address: "10.9.9.9", family: 4 }]];
    const asked: string[] = [];
    const lookup: HostLookup = async (host) => {
      asked.push(host);
      return answers.shift() ?? [];
    };
    const url = `http://hooks.example.test:${receiver.port}/in`;
    const outcome = await notifier({ lookup }).deliver({ url, secret: undefined }, body);
    expect(outcome).toEqual({ status: "delivered", attempts: 1 });
    expect(asked).toEqual(["hooks.example.test"]);
    expect(receiver.received[0]?.headers.host).toBe(`hooks.example.test:${receiver.port}`);
  });

  it("retries a name that does not resolve", async () => {
    const lookup: HostLookup = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const outcome = await notifier({ lookup }).deliver(
      { url: "https://nowhere.example/", secret: undefined },
      body,
    );
    expect(outcome).toEqual({
      status: "failed",
      attempts: 3,
      reason: "nowhere.example did not resolve (after 3 attempts)",
    });
  });
});

describe("SSRF refusal (private targets not allowed)", () => {
  const refusing = (lookup: HostLookup = noDns) => notifier({ allowPrivate: false, lookup });

  it.each([
    () => `http://127.0.0.1:${receiver.port}/`,
    () => "http://10.0.0.7/hook",
    () => "http://169.254.169.254/latest/meta-data/",
    () => `http://[::1]:${receiver.port}/`,
    () => `http://[::ffff:127.0.0.1]:${receiver.port}/`,
    () => `http://0x7f.1:${receiver.port}/`,
    () => "http://100.64.1.1/",
    () => "http://[fd00::1]/",
  ])("refuses literal target %#, without retrying or connecting", async (target) => {
    const outcome = await refusing().deliver({ url: target(), secret: undefined }, body);
    expect(outcome).toMatchObject({ status: "failed", attempts: 1 });
    expect(outcome.status === "failed" && outcome.reason).toMatch(
      /private, loopback or link-local|link-local or cloud metadata address/,
    );
    expect(receiver.received).toHaveLength(0);
  });

  it("refuses a host name that resolves to loopback", async () => {
    const lookup: HostLookup = async () => [{ address: "127.0.0.1", family: 4 }];
    const outcome = await refusing(lookup).deliver(
      { url: `http://innocent.example:${receiver.port}/`, secret: undefined },
      body,
    );
    expect(outcome).toMatchObject({ status: "failed", attempts: 1 });
    expect(receiver.received).toHaveLength(0);
  });

  it("refuses a name when any one of its addresses is private", async () => {
    const lookup: HostLookup = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "::1", family: 6 },
    ];
    const outcome = await refusing(lookup).deliver(
      { url: "https://mixed.example/", secret: undefined },
      body,
    );
    expect(outcome).toMatchObject({ status: "failed", attempts: 1 });
  });

  it.each([
    ["ftp://files.example/x", "must use http or https"],
    ["http://user:pw@hooks.example/", "must not contain credentials"],
    ["not a url", "not a valid URL"],
  ])("refuses %s", async (url, reason) => {
    const outcome = await refusing().deliver({ url, secret: undefined }, body);
    expect(outcome.status === "failed" && outcome.reason).toContain(reason);
  });

  it("allowPrivate lets a local set-up reach loopback", async () => {
    const outcome = await notifier({ allowPrivate: true }).deliver(
      { url: `http://127.0.0.1:${receiver.port}/`, secret: undefined },
      body,
    );
    expect(outcome.status).toBe("delivered");
  });
});
