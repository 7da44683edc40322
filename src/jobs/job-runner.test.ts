import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AgentError } from "../agent/agent-error.ts";
import { ConfigError } from "../config/config-error.ts";
import { StoreError } from "../store/research-reader.ts";
import { openJobDatabase } from "./job-database.ts";
import { JobError } from "./job-error.ts";
import type { JobEvent } from "./job-events.ts";
import {
  createJobRunner,
  defineWorkflow,
  type JobRunner,
  type JobRunnerOptions,
} from "./job-runner.ts";
import type { WebhookNotifier } from "./webhook/webhook-notifier.ts";
import type { Json } from "./workflow.ts";

const silent = { error: () => {} };
const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

function runner(options: Partial<JobRunnerOptions> & Pick<JobRunnerOptions, "workflows">) {
  const r = createJobRunner({
    db: openJobDatabase({ file: ":memory:" }),
    logger: silent,
    sleep: async () => {},
    ...options,
  });
  runners.push(r);
  return r;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("job runner", () => {
  it("runs a workflow's steps in order, stores each output and completes with the result", async () => {
    const calls: string[] = [];
    const r = runner({
      workflows: {
        explore: defineWorkflow<{ idea: string }, { path: string; words: number }>({
          run: async ({ payload, step }) => {
            const slug = await step.do("prepare", async () => {
              calls.push("prepare");
              return payload.idea.toLowerCase().replaceAll(" ", "-");
            });
            const words = await step.do("research", async () => {
              calls.push("research");
              return { words: 42 };
            });
            return { path: `ideas/${slug}/research.md`, words: words.words };
          },
        }),
      },
    });
    r.start();
    const job = r.enqueue({
      kind: "explore",
      payload: { idea: "Dog Bakery" },
      mode: "business",
    }).job;
    expect(job.status).toBe("pending");
    await r.whenIdle();
    const done = r.get(job.id);
    expect(done?.status).toBe("completed");
    expect(done?.result).toEqual({ path: "ideas/dog-bakery/research.md", words: 42 });
    expect(done?.error).toBeUndefined();
    expect(done?.attempts).toBe(1);
    expect(calls).toEqual(["prepare", "research"]);
  });

  it("returns a step's stored JSON copy, so a first run sees what a replay would", async () => {
    let seen: unknown;
    const r = runner({
      workflows: {
        dates: defineWorkflow({
          run: async ({ step }) => {
            seen = await step.do("when", async () => ({ at: new Date(0) }) as never);
            return null;
          },
        }),
      },
    });
    r.start();
    r.enqueue({ kind: "dates", payload: null });
    await r.whenIdle();
    expect(seen).toEqual({ at: "1970-01-01T00:00:00.000Z" });
  });

  it("fails a job of an unknown kind at once instead of leaving it pending", async () => {
    const r = runner({ workflows: {} });
    r.start();
    const job = r.enqueue({ kind: "nope", payload: null }).job;
    await r.whenIdle();
    expect(r.get(job.id)).toMatchObject({
      status: "failed",
      error: {
        code: "unknown_workflow",
        message: 'no workflow is registered for jobs of kind "nope"',
      },
    });
  });

  it("fails at once on a configuration error, with its one-line message", async () => {
    let runs = 0;
    const r = runner({
      workflows: {
        x: defineWorkflow({
          run: async () => {
            runs += 1;
            throw new ConfigError("ANTHROPIC_API_KEY is not set: set it or pass --provider");
          },
        }),
      },
    });
    r.start();
    const job = r.enqueue({ kind: "x", payload: null }).job;
    await r.whenIdle();
    expect(r.get(job.id)?.error).toEqual({
      code: "configuration_error",
      message: "ANTHROPIC_API_KEY is not set: set it or pass --provider",
    });
    expect(runs).toBe(1);
  });

  it("retries a transient model failure and fails a permanent one at once, with its message", async () => {
    const runs = { overloaded: 0, authentication: 0 };
    const r = runner({
      workflows: {
        x: defineWorkflow<"overloaded" | "authentication", string>({
          run: async ({ payload }) => {
            runs[payload] += 1;
            if (payload === "overloaded" && runs.overloaded < 3) {
              throw new AgentError("overloaded", "Anthropic API overloaded (529) after 3 attempts");
            }
            if (payload === "authentication") {
              throw new AgentError("authentication", "Anthropic API rejected the API key (401)");
            }
            return "done";
          },
        }),
      },
    });
    r.start();
    const transient = r.enqueue({ kind: "x", payload: "overloaded" }).job;
    const permanent = r.enqueue({ kind: "x", payload: "authentication" }).job;
    await r.whenIdle();
    expect(r.get(transient.id)).toMatchObject({ status: "completed", attempts: 3 });
    expect(r.get(permanent.id)).toMatchObject({
      status: "failed",
      error: { code: "model_error", message: "Anthropic API rejected the API key (401)" },
    });
    expect(runs).toEqual({ overloaded: 3, authentication: 1 });
  });

  it.each([
    ["out of reach", { unreachable: true }, true],
    ["answering 502", { status: 502 }, true],
    ["rate limited", { status: 403, rateLimited: true }, true],
    ["refusing the token", { status: 401 }, false],
  ])("retries a repository %s only if it may pass by itself", async (_label, options, retried) => {
    let runs = 0;
    const r = runner({
      maxAttempts: 2,
      workflows: {
        x: defineWorkflow({
          run: async () => {
            runs += 1;
            throw new StoreError("GitHub failed", options);
          },
        }),
      },
    });
    r.start();
    const job = r.enqueue({ kind: "x", payload: null }).job;
    await r.whenIdle();
    expect(runs).toBe(retried ? 2 : 1);
    expect(r.get(job.id)?.error).toEqual({ code: "store_error", message: "GitHub failed" });
  });

  it.each([
    ["a plain error", new Error("ENOENT /home/alice/secret-key.pem")],
    [
      "a bug the agent wrapped",
      new AgentError("unexpected", "the run failed on an unexpected error", {
        cause: new Error("ENOENT /home/alice/secret-key.pem"),
      }),
    ],
  ])("hides the text of %s (it may hold paths or secrets) and logs it", async (_label, thrown) => {
    const logged: unknown[] = [];
    const r = runner({
      logger: { error: (_message, error) => logged.push(error) },
      workflows: {
        x: defineWorkflow({
          run: async () => {
            throw thrown;
          },
        }),
      },
    });
    r.start();
    const job = r.enqueue({ kind: "x", payload: null }).job;
    await r.whenIdle();
    const error = r.get(job.id)?.error;
    expect(error?.code).toBe("internal_error");
    expect(error?.message).not.toContain("/home");
    expect(logged).toEqual([thrown]);
  });

  it("retries a retryable failure, resuming after the steps that finished", async () => {
    const calls: string[] = [];
    const waits: number[] = [];
    let failures = 1;
    const r = runner({
      sleep: async (ms) => {
        waits.push(ms);
      },
      workflows: {
        x: defineWorkflow({
          run: async ({ step }) => {
            await step.do("one", async () => calls.push("one"));
            await step.do("two", async () => {
              calls.push("two");
              if (failures-- > 0)
                throw new JobError("model_overloaded", "busy", { retryable: true });
              return "ok";
            });
            return "done";
          },
        }),
      },
    });
    r.start();
    const job = r.enqueue({ kind: "x", payload: null }).job;
    await r.whenIdle();
    expect(r.get(job.id)).toMatchObject({ status: "completed", result: "done", attempts: 2 });
    expect(calls).toEqual(["one", "two", "two"]);
    expect(waits).toEqual([2_000]);
  });

  it("fails a retryable error once the attempts are used up", async () => {
    let runs = 0;
    const r = runner({
      maxAttempts: 3,
      workflows: {
        x: defineWorkflow({
          run: async () => {
            runs += 1;
            throw new JobError("model_overloaded", "the model is overloaded", { retryable: true });
          },
        }),
      },
    });
    r.start();
    const job = r.enqueue({ kind: "x", payload: null }).job;
    await r.whenIdle();
    expect(runs).toBe(3);
    expect(r.get(job.id)).toMatchObject({
      status: "failed",
      error: { code: "model_overloaded", message: "the model is overloaded" },
    });
  });

  it.each([["a value that is not JSON", async () => 10n as never, "not JSON"]])(
    "fails a step returning %s",
    async (_label, fn, message) => {
      const r = runner({
        workflows: { x: defineWorkflow({ run: async ({ step }) => step.do("s", fn) }) },
      });
      r.start();
      const job = r.enqueue({ kind: "x", payload: null }).job;
      await r.whenIdle();
      expect(r.get(job.id)?.error).toMatchObject({ code: "invalid_workflow" });
      expect(r.get(job.id)?.error?.message).toContain(message);
    },
  );

  it("reserves the notify step name for the runner's webhook", async () => {
    const r = runner({
      workflows: {
        x: defineWorkflow({ run: async ({ step }) => step.do("notify", async () => 1) }),
      },
    });
    r.start();
    const job = r.enqueue({ kind: "x", payload: null }).job;
    await r.whenIdle();
    expect(r.get(job.id)?.error?.message).toBe('step name "notify" is reserved by the job runner');
  });

  it("runs at most `concurrency` jobs at once, oldest first", async () => {
    const gate = deferred();
    const order: string[] = [];
    let active = 0;
    let peak = 0;
    const r = runner({
      concurrency: 2,
      workflows: {
        x: defineWorkflow<string, null>({
          run: async ({ payload }) => {
            order.push(payload);
            active += 1;
            peak = Math.max(peak, active);
            await gate.promise;
            active -= 1;
            return null;
          },
        }),
      },
    });
    const ids = ["a", "b", "c", "d"].map((p) => r.enqueue({ kind: "x", payload: p }).job.id);
    r.start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids.map((id) => r.get(id)?.status)).toEqual([
      "running",
      "running",
      "pending",
      "pending",
    ]);
    gate.resolve();
    await r.whenIdle();
    expect(peak).toBe(2);
    expect(order).toEqual(["a", "b", "c", "d"]);
  });

  it("publishes progress with the current step, then the finished job", async () => {
    const events: JobEvent[] = [];
    const r = runner({
      workflows: {
        x: defineWorkflow({
          run: async ({ step, reportProgress }) => {
            await step.do("research", async () => {
              reportProgress({ agentStep: 1, toolCalls: 2, inputTokens: 100 });
              return 1;
            });
            return "r";
          },
        }),
      },
    });
    const job = r.enqueue({ kind: "x", payload: null }).job;
    r.subscribe(job.id, (event) => events.push(event));
    r.start();
    await r.whenIdle();
    expect(events.map((e) => e.type)).toEqual(["progress", "progress", "finished"]);
    expect(events[1]).toMatchObject({
      currentStep: "research",
      progress: { step: "research", agentStep: 1, toolCalls: 2, inputTokens: 100 },
    });
    expect(events[2]).toMatchObject({ job: { status: "completed", result: "r" } });
    expect(r.get(job.id)?.progress).toMatchObject({ toolCalls: 2 });
  });

  it("keeps the step a message names when steps run in parallel", async () => {
    const events: JobEvent[] = [];
    const bothStarted = deferred();
    let started = 0;
    const r = runner({
      workflows: {
        x: defineWorkflow({
          run: async ({ step, reportProgress }) => {
            const sub = (name: string) =>
              step.do(name, async () => {
                started += 1;
                if (started === 2) bothStarted.resolve();
                await bothStarted.promise;
                // sub-question-2 started last, yet this message is sub-question-1's.
                reportProgress({ step: name, message: `${name} searched` });
                return name;
              });
            await Promise.all([sub("sub-question-1"), sub("sub-question-2")]);
            return "r";
          },
        }),
      },
    });
    const job = r.enqueue({ kind: "x", payload: null }).job;
    r.subscribe(job.id, (event) => events.push(event));
    r.start();
    await r.whenIdle();
    const messages = events.flatMap((e) =>
      e.type === "progress" && e.progress.message ? [e] : [],
    );
    expect(messages).toHaveLength(2);
    for (const name of ["sub-question-1", "sub-question-2"]) {
      expect(messages).toContainEqual(
        expect.objectContaining({
          currentStep: name,
          progress: expect.objectContaining({ step: name, message: `${name} searched` }),
        }),
      );
    }
  });

  it("persists progress at most once per interval while a step runs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "jobs-"));
    const file = join(dir, "jobs.sqlite");
    let now = 0;
    const gate = deferred();
    const reported = deferred<string>();
    const r = runner({
      db: openJobDatabase({ file }),
      clock: () => new Date(now),
      progressIntervalMs: 1_000,
      workflows: {
        x: defineWorkflow({
          run: async ({ jobId, step, reportProgress }) =>
            step.do("research", async () => {
              now = 5_000;
              reportProgress({ toolCalls: 1 });
              now = 5_500;
              reportProgress({ toolCalls: 2 });
              reported.resolve(jobId);
              await gate.promise;
              return 1;
            }),
        }),
      },
    });
    r.start();
    r.enqueue({ kind: "x", payload: null });
    const jobId = await reported.promise;
    const other = openJobDatabase({ file });
    const row = other.prepare("SELECT progress, current_step FROM jobs WHERE id = ?").get(jobId);
    expect(JSON.parse(String(row?.progress))).toMatchObject({ toolCalls: 1, step: "research" });
    expect(row?.current_step).toBe("research");
    expect(r.get(jobId)?.progress).toMatchObject({ toolCalls: 2 });
    gate.resolve();
    await r.whenIdle();
    other.close();
  });

  it("stop() interrupts a running job without failing it", async () => {
    const started = deferred();
    const r = runner({
      workflows: {
        x: defineWorkflow({
          run: async ({ step, signal }) =>
            step.do("wait", async () => {
              started.resolve();
              await new Promise((_, reject) => signal.addEventListener("abort", reject));
              return 1;
            }),
        }),
      },
    });
    r.start();
    const job = r.enqueue({ kind: "x", payload: null }).job;
    await started.promise;
    await r.stop();
    expect(r.get(job.id)?.status).toBe("running");
  });

  it("lists newest first with an opaque cursor, and rejects a forged one", async () => {
    const r = runner({ workflows: {} });
    const ids = Array.from({ length: 5 }, (_, i) => r.enqueue({ kind: "k", payload: i }).job.id);
    const first = r.list({ limit: 2 });
    expect(first.jobs.map((j) => j.id)).toEqual([ids[4], ids[3]]);
    const second = r.list({ limit: 2, cursor: first.nextCursor });
    expect(second.jobs.map((j) => j.id)).toEqual([ids[2], ids[1]]);
    const third = r.list({ limit: 2, cursor: second.nextCursor });
    expect(third.jobs.map((j) => j.id)).toEqual([ids[0]]);
    expect(third.nextCursor).toBeUndefined();
    expect(() => r.list({ limit: 2, cursor: "bm9wZQ" })).toThrow(JobError);
  });
});

describe("webhooks from the runner", () => {
  function recordingNotifier(reply: "delivered" | "failed" = "delivered") {
    const sent: unknown[] = [];
    const notifier: WebhookNotifier = {
      deliver: async (target, body) => {
        sent.push({ target, body });
        return reply === "delivered"
          ? { status: "delivered", attempts: 1 }
          : { status: "failed", attempts: 3, reason: "hooks.example answered HTTP 500" };
      },
    };
    return { sent, notifier };
  }

  it("reports a completed job with its url/path and stats", async () => {
    const { sent, notifier } = recordingNotifier();
    const r = runner({
      notifier,
      workflows: {
        x: defineWorkflow({
          run: async () => ({ path: "ideas/x/research.md", stats: { steps: 2 } }),
        }),
      },
    });
    r.start();
    const job = r.enqueue({
      kind: "x",
      payload: null,
      mode: "business",
      title: "An idea",
      webhook: { url: "https://hooks.example/h?key=k", secret: "s" },
    }).job;
    await r.whenIdle();
    expect(sent).toEqual([
      {
        target: { url: "https://hooks.example/h?key=k", secret: "s" },
        body: {
          event: "idea_explored",
          job_id: job.id,
          status: "completed",
          idea: "An idea",
          mode: "business",
          path: "ideas/x/research.md",
          stats: { steps: 2 },
        },
      },
    ]);
    expect(r.get(job.id)?.webhook).toEqual({
      status: "delivered",
      detail: undefined,
      origin: "https://hooks.example",
    });
  });

  it("fails a job the service died on at each of its starts instead of resuming it forever", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "jobs-crash-loop-")), "jobs.sqlite");
    const { sent, notifier } = recordingNotifier();
    let runs = 0;
    let running = deferred();
    // Each run hangs until its runner is abandoned: to the database, the process died mid-job.
    const hangs = defineWorkflow({
      run: ({ signal }) =>
        new Promise<Json>((_resolve, reject) => {
          runs += 1;
          running.resolve();
          signal.addEventListener("abort", () => reject(signal.reason));
        }),
    });
    const startService = () =>
      runner({ db: openJobDatabase({ file }), maxStarts: 3, notifier, workflows: { x: hangs } });

    const first = startService();
    const job = first.enqueue({
      kind: "x",
      payload: null,
      webhook: { url: "https://h.example/", secret: undefined },
    }).job;
    first.start();
    for (let start = 1; start <= 3; start++) {
      await running.promise;
      running = deferred();
      if (start < 3) startService().start();
    }
    expect(runs).toBe(3);
    expect(first.get(job.id)).toMatchObject({ status: "running", attempts: 3 });

    const last = startService();
    last.start();
    await last.whenIdle();
    expect(runs).toBe(3);
    expect(last.get(job.id)).toMatchObject({
      status: "failed",
      attempts: 3,
      error: {
        code: "interrupted",
        message: "the service stopped while running this job 3 times, so it was not resumed again",
      },
    });
    expect(sent).toMatchObject([{ body: { event: "idea_failed", job_id: job.id } }]);
  });

  it("reports a failed job as idea_failed with its error", async () => {
    const { sent, notifier } = recordingNotifier();
    const r = runner({
      notifier,
      workflows: {
        x: defineWorkflow({
          run: async () => {
            throw new ConfigError("GITHUB_REPO must look like owner/repo");
          },
        }),
      },
    });
    r.start();
    r.enqueue({
      kind: "x",
      payload: null,
      webhook: { url: "https://h.example/", secret: undefined },
    });
    await r.whenIdle();
    expect(sent[0]).toMatchObject({
      body: {
        event: "idea_failed",
        status: "failed",
        error: { code: "configuration_error", message: "GITHUB_REPO must look like owner/repo" },
      },
    });
  });

  it("never fails a completed job because its webhook failed", async () => {
    const { notifier } = recordingNotifier("failed");
    const r = runner({ notifier, workflows: { x: defineWorkflow({ run: async () => 1 }) } });
    r.start();
    const job = r.enqueue({
      kind: "x",
      payload: null,
      webhook: { url: "https://h.example/", secret: undefined },
    }).job;
    await r.whenIdle();
    expect(r.get(job.id)).toMatchObject({
      status: "completed",
      webhook: { status: "failed", detail: "hooks.example answered HTTP 500" },
    });
  });

  it("records skipped when there is no webhook", async () => {
    const { sent, notifier } = recordingNotifier();
    const r = runner({ notifier, workflows: { x: defineWorkflow({ run: async () => 1 }) } });
    r.start();
    const job = r.enqueue({ kind: "x", payload: null }).job;
    await r.whenIdle();
    expect(sent).toHaveLength(0);
    expect(r.get(job.id)?.webhook.status).toBe("skipped");
  });
});

describe("webhook deliveries and the job slots", () => {
  it("a slow receiver does not hold a job slot: the next job runs while the webhook waits", async () => {
    const receiverAnswers = deferred();
    const delivered: string[] = [];
    const notifier: WebhookNotifier = {
      deliver: async (_target, body) => {
        await receiverAnswers.promise;
        delivered.push(body.job_id);
        return { status: "delivered", attempts: 1 };
      },
    };
    const secondDone = deferred();
    const r = runner({
      concurrency: 1,
      notifier,
      workflows: {
        x: defineWorkflow<string, string>({
          run: async ({ payload }) => {
            if (payload === "second") secondDone.resolve();
            return payload;
          },
        }),
      },
    });
    const first = r.enqueue({
      kind: "x",
      payload: "first",
      webhook: { url: "https://slow.example/", secret: undefined },
    }).job;
    const second = r.enqueue({ kind: "x", payload: "second" }).job;
    r.start();
    await secondDone.promise;
    expect(r.get(first.id)).toMatchObject({ status: "completed", webhook: { status: "pending" } });
    expect(delivered).toEqual([]);

    receiverAnswers.resolve();
    await r.whenIdle();
    expect(delivered).toEqual([first.id]);
    expect(r.get(first.id)?.webhook.status).toBe("delivered");
    expect(r.get(second.id)?.status).toBe("completed");
  });
});
