import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EchoingGateway, startEchoingGateway } from "../../test/fakes/echoing-gateway.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/fakes/webhook-receiver.ts";
import {
  echoEnv,
  expectNoSecret,
  expectNoSecretInFiles,
  filesUnder,
  OTHER_SECRETS_ECHO,
  SECRETS,
} from "../../test/helpers/echoed-secrets.ts";
import {
  GIT_IDENTITY,
  getJson,
  initIdeasRepo,
  postJson,
  readEvents,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";

/**
 * serve with a model gateway that answers 401 echoing the key, its URL's query and other
 * credentials: the job's error (GET and the event stream), its webhook body, the server's log and
 * the job database on disk show the failure with every secret masked.
 */

let dir: string;
let gateway: EchoingGateway;
let receiver: WebhookReceiver;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "serve-secrets-"));
  gateway = await startEchoingGateway({ alsoEcho: OTHER_SECRETS_ECHO });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await gateway.close();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

const auth = { Authorization: `Bearer ${SECRETS.apiToken}` };
const REJECTED = "Anthropic API rejected the API key (401): invalid x-api-key: [redacted]";

describe("serve: an upstream error that echoes the secrets", () => {
  it("reaches the job, its webhook, the log and the database masked", async () => {
    const repo = initIdeasRepo(join(dir, "repo"));
    const data = join(dir, "data");
    const server = await startServeProcess(
      ["--repo", repo, "--data-dir", data, "--allow-private-webhooks"],
      { cwd: dir, env: { ...echoEnv(gateway), ...GIT_IDENTITY } },
    );
    let id: string;
    try {
      const queued = await postJson(
        `${server.url}/api/explore`,
        { idea: "Solar dryers for market stalls", webhook_url: `${receiver.origin}/hook` },
        auth,
      );
      expect(queued.status).toBe(202);
      id = queued.body.job_id as string;
      const [delivery] = await receiver.waitForRequests(1);
      expect(gateway.requests).toBeGreaterThan(0);

      const webhook = JSON.parse(delivery?.body ?? "{}") as { error?: { message: string } };
      expect(webhook).toMatchObject({ event: "idea_failed", error: { code: "model_error" } });
      expect(webhook.error?.message).toContain(REJECTED);
      expectNoSecret(delivery?.body ?? "", "the webhook body");

      const job = await getJson(`${server.url}/api/jobs/${id}`, auth);
      expect(job.body).toMatchObject({ status: "failed", error: { code: "model_error" } });
      const { message } = (job.body as { error: { message: string } }).error;
      expect(message).toContain(`at ${gateway.origin}/v1?[redacted]`);
      expect(message).toContain("seen [redacted] [redacted] [redacted] [redacted]");
      expectNoSecret(JSON.stringify(job.body), "GET /api/jobs/:id");

      const events = await readEvents(`${server.url}/api/jobs/${id}/events`, undefined, auth);
      expect(events.length).toBeGreaterThan(0);
      expectNoSecret(JSON.stringify(events), "the job's event stream");
      const list = await getJson(`${server.url}/api/jobs`, auth);
      expectNoSecret(JSON.stringify(list.body), "GET /api/jobs");
    } finally {
      await server.stop();
    }
    expectNoSecret(server.stderr(), "serve's stderr");
    // jobs.sqlite and anything beside it, with the server stopped: the error is stored there.
    const stored = filesUnder(data).filter((f) => f.text.includes("rejected the API key (401)"));
    expect(stored.length).toBeGreaterThan(0);
    expectNoSecretInFiles(data);
  }, 60_000);
});
