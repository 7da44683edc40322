import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import {
  type CappedDatabase,
  cappedJobDatabase,
  PAGES_OF_TEXT,
} from "../../test/helpers/capped-database.ts";
import { openJobDatabase } from "./job-database.ts";
import {
  createJobRunner,
  defineWorkflow,
  type JobRunner,
  type JobRunnerOptions,
} from "./job-runner.ts";

/** Short waits so a test sees several retries; the shape (doubling, capped) is the real one. */
const BACKOFF = { initialMs: 20, maxMs: 160 };
/** How long a test lets the database stay full: at least a dozen of the capped waits. */
const FULL_FOR_MS = 1_200;
/** A retry loop logs once per wait at most: over FULL_FOR_MS that is about a dozen lines, not thousands. */
const MAX_LOG_LINES = 15;

const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

/** Every logger call, to count them and to check that none carries a stack. */
function recordingLogger() {
  const calls: Array<{ message: string; error: unknown }> = [];
  return {
    calls,
    logger: { error: (message: string, error?: unknown) => calls.push({ message, error }) },
  };
}

/** Every wait the runner asks for, in order: the backoff it follows. */
let waits: number[] = [];

function runner(
  capped: CappedDatabase,
  options: Partial<JobRunnerOptions> & Pick<JobRunnerOptions, "workflows">,
) {
  waits = [];
  const r = createJobRunner({
    db: capped.db,
    sleep: (ms, signal) => {
      waits.push(ms);
      return sleep(ms, undefined, { signal });
    },
    retryDelayMs: () => 10,
    storageBackoff: BACKOFF,
    ...options,
  });
  runners.push(r);
  return r;
}

/** The job as another connection sees it: what survives a restart. */
function storedStatus(file: string, id: string): string | undefined {
  const db = openJobDatabase({ file });
  try {
    const row = db.prepare("SELECT status FROM jobs WHERE id = ?").get(id) as
      | { status: string }
      | undefined;
    return row?.status;
  } finally {
    db.close();
  }
}

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await sleep(10);
  }
}

/** Doubling waits, capped: a few tries while the disk is full, not a busy loop. */
function expectBackoff() {
  expect(waits.slice(0, 6)).toEqual([20, 40, 80, 160, 160, 160]);
  expect(waits.length).toBeLessThanOrEqual(FULL_FOR_MS / BACKOFF.maxMs + 5);
}

function expectBoundedOneLineLog(
  calls: Array<{ message: string; error: unknown }>,
  pattern: RegExp,
) {
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.length).toBeLessThanOrEqual(MAX_LOG_LINES);
  for (const call of calls) {
    expect(call.message).toMatch(pattern);
    expect(call.message).not.toContain("\n");
    expect(call.error).toBeUndefined(); // no error object: the serve log prints no stack
  }
}

describe("job runner on a full disk (a database capped with max_page_count)", () => {
  it("waits with a growing backoff while claims fail, logs a few lines, and runs the job once there is room", async () => {
    const capped = cappedJobDatabase();
    // Each claim writes a page-sized row beside the job, so a full database refuses the claim.
    capped.db.exec("CREATE TABLE claim_ballast (data TEXT)");
    capped.db.exec(`CREATE TEMP TRIGGER claim_needs_a_page AFTER UPDATE OF status ON main.jobs
      WHEN NEW.status = 'running' BEGIN INSERT INTO claim_ballast VALUES (randomblob(20000)); END`);
    const { calls, logger } = recordingLogger();
    let runs = 0;
    const r = runner(capped, {
      logger,
      workflows: { x: defineWorkflow({ run: async () => ++runs }) },
    });
    const { job } = r.enqueue({ kind: "x", payload: null });
    capped.fill();
    r.start();
    await sleep(FULL_FOR_MS);

    expect(storedStatus(capped.file, job.id)).toBe("pending");
    expect(runs).toBe(0);
    expectBackoff();
    expectBoundedOneLineLog(
      calls,
      /^job queue: cannot claim the next job: database or disk is full/,
    );

    capped.free();
    await until(() => r.get(job.id)?.status === "completed");
    expect(runs).toBe(1);
  });

  it("keeps running when progress cannot be stored, logging it a few times, not once per report", async () => {
    const capped = cappedJobDatabase();
    const { calls, logger } = recordingLogger();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const r = runner(capped, {
      logger,
      progressIntervalMs: 0,
      workflows: {
        x: defineWorkflow({
          run: async ({ step, reportProgress }) =>
            step.do("research", async () => {
              capped.fill();
              // An agent reports often; with the disk full none of these can be stored.
              for (let i = 0; i < 200; i++) {
                reportProgress({ agentStep: i, message: PAGES_OF_TEXT });
                await sleep(5);
              }
              await gate;
              return "report";
            }),
        }),
      },
    });
    r.start();
    const { job } = r.enqueue({ kind: "x", payload: null });
    await until(() => r.get(job.id)?.progress?.agentStep === 199);
    expect(r.get(job.id)?.status).toBe("running");
    expectBoundedOneLineLog(calls, /^job \S+: progress not stored: database or disk is full/);

    capped.free();
    release();
    await until(() => r.get(job.id)?.status === "completed");
    expect(r.get(job.id)?.result).toBe("report");
  });

  it("retries a step that could not be stored once there is room, with the real error (not a failed ROLLBACK)", async () => {
    const capped = cappedJobDatabase();
    const { calls, logger } = recordingLogger();
    let researchRuns = 0;
    const r = runner(capped, {
      logger,
      workflows: {
        x: defineWorkflow({
          run: async ({ step }) => {
            const text = await step.do("research", async () => {
              researchRuns += 1;
              if (researchRuns === 1) capped.fill();
              return PAGES_OF_TEXT;
            });
            return text.length;
          },
        }),
      },
    });
    r.start();
    const { job } = r.enqueue({ kind: "x", payload: null });
    await until(() => calls.length > 0);
    capped.free();
    await until(() => r.get(job.id)?.status === "completed");

    expect(r.get(job.id)).toMatchObject({ result: PAGES_OF_TEXT.length, attempts: 2 });
    expect(calls.map((c) => c.message).join("\n")).not.toMatch(/rollback/i);
    expectBoundedOneLineLog(calls, /database or disk is full/);
  });

  it("keeps a finished job's outcome and records it once there is room, never leaving it running", async () => {
    const capped = cappedJobDatabase();
    const { calls, logger } = recordingLogger();
    const r = runner(capped, {
      logger,
      workflows: {
        x: defineWorkflow({
          run: async () => {
            capped.fill();
            return PAGES_OF_TEXT; // the result itself needs pages the database no longer has
          },
        }),
      },
    });
    r.start();
    const { job } = r.enqueue({ kind: "x", payload: null });
    await sleep(FULL_FOR_MS);
    expect(storedStatus(capped.file, job.id)).toBe("running");
    expectBackoff();
    expectBoundedOneLineLog(calls, /^job \S+: completion not recorded: database or disk is full/);

    capped.free();
    await until(() => storedStatus(capped.file, job.id) === "completed");
    expect(r.get(job.id)?.result).toBe(PAGES_OF_TEXT);
  });

  it("a runner stopped while the outcome could not be recorded leaves the job to resume on the next start", async () => {
    const capped = cappedJobDatabase();
    let runs = 0;
    const workflows = {
      x: defineWorkflow({
        run: async () => {
          runs += 1;
          if (runs === 1) capped.fill();
          return PAGES_OF_TEXT;
        },
      }),
    };
    const first = runner(capped, { logger: recordingLogger().logger, workflows });
    first.start();
    const { job } = first.enqueue({ kind: "x", payload: null });
    await until(() => runs === 1);
    await sleep(100);
    await first.stop();
    expect(storedStatus(capped.file, job.id)).toBe("running");

    capped.free();
    const second = runner(capped, { workflows });
    second.start();
    await second.whenIdle();
    expect(second.get(job.id)).toMatchObject({ status: "completed", result: PAGES_OF_TEXT });
  });
});
