import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import {
  GIT_IDENTITY,
  getJson,
  initIdeasRepo,
  postJson,
  readEvents,
  type ServeProcess,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";
import { DEFAULT_LIMITS } from "../agent/agent-limits.ts";
import { DEFAULT_MAX_STEPS, DEFAULT_TOKEN_BUDGET } from "../config/explore-request.ts";
import { DEFAULT_WEB_SEARCH_MAX_USES } from "../models/anthropic-web-search.ts";
import { priceFor } from "../models/price-source.ts";
import { estimateCost } from "../research/explore/cost-estimate.ts";

/** POST /api/explore/estimate on `serve`: the cost before paying, with no job and no model call. */

const TOKEN = "estimate-test-token-0123456789";
const auth = { Authorization: `Bearer ${TOKEN}` };

let fake: FakeAnthropicServer;
let dir: string;
let server: ServeProcess;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  dir = mkdtempSync(join(tmpdir(), "serve-estimate-"));
  server = await startServeProcess(
    ["--repo", initIdeasRepo(join(dir, "ideas")), "--data-dir", join(dir, "data")],
    {
      cwd: dir,
      env: {
        ANTHROPIC_BASE_URL: fake.url,
        ANTHROPIC_API_KEY: "sk-ant-test",
        IDEA_EXPLORER_API_TOKEN: TOKEN,
        ...GIT_IDENTITY,
      },
    },
  );
});
afterAll(async () => {
  await server?.stop();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const estimate = (body: unknown) => postJson(`${server.url}/api/explore/estimate`, body, auth);

describe("POST /api/explore/estimate", () => {
  it("answers what the request's model and limits let the run cost, and pays for nothing", async () => {
    const body = { idea: "Solar dryers", depth: "deep" };
    const answer = await estimate(body);
    expect(answer).toEqual({
      status: 200,
      body: {
        estimate: estimateCost(priceFor("anthropic", "claude-sonnet-5-5"), "claude-sonnet-5-5", {
          depth: "deep",
          maxSteps: DEFAULT_MAX_STEPS,
          tokenBudget: DEFAULT_TOKEN_BUDGET,
          maxOutputTokens: DEFAULT_LIMITS.maxOutputTokens,
          searchesPerStep: DEFAULT_WEB_SEARCH_MAX_USES,
        }),
      },
    });
    const capped = await estimate({ ...body, max_cost_usd: 0.5 });
    expect(capped.body).toMatchObject({ estimate: { priced: true, maxUsd: 0.5, capUsd: 0.5 } });

    expect(fake.requests).toHaveLength(0);
    const jobs = await getJson(`${server.url}/api/jobs`, auth);
    expect(jobs.body.jobs).toEqual([]);
  });

  it("says a model without a price has no estimate, never a guess", async () => {
    const answer = await estimate({ idea: "Solar dryers", model: "claude-sonnet-9" });
    expect(answer).toEqual({
      status: 200,
      body: { estimate: { priced: false, reason: "no price for claude-sonnet-9" } },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses a body POST /api/explore would refuse, with the same answer", async () => {
    for (const body of [
      { idea: "" },
      { idea: "x", continueFrom: "y" },
      { idea: "x", max_cost_usd: 0 },
    ]) {
      const [refused, explore] = [
        await estimate(body),
        await postJson(`${server.url}/api/explore`, body, auth),
      ];
      expect(refused.status).toBe(400);
      expect(refused).toEqual(explore);
    }
    expect((await postJson(`${server.url}/api/explore/estimate`, { idea: "x" })).status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("a job on a model the price list does not know", () => {
  it("reports its cost as unknown in the job's result, never an older model's price", async () => {
    fake.enqueue(reply.text("# Solar dryers\n\nWorth a pilot."));
    const queued = await postJson(
      `${server.url}/api/explore`,
      { idea: "Solar dryers for mango farmers", model: "claude-sonnet-9" },
      auth,
    );
    expect(queued.status).toBe(202);
    const events = await readEvents(
      `${server.url}/api/jobs/${queued.body.job_id}/events`,
      undefined,
      auth,
    );
    expect(events.at(-1)?.data).toMatchObject({ status: "completed" });
    const job = await getJson(`${server.url}/api/jobs/${queued.body.job_id}`, auth);
    expect(job.body).toMatchObject({
      result: { stats: { cost: { priced: false, reason: "no price for claude-sonnet-9" } } },
    });
    expect(fake.requests.map((r) => r.body.model)).toEqual(["claude-sonnet-9"]);
  });
});
