import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { openJobDatabase } from "./job-database.ts";
import { createJobRunner, defineWorkflow } from "./job-runner.ts";
import type { Json } from "./workflow.ts";

const childScript = join(import.meta.dirname, "../../test/job-runner-child.ts");

/** Starts the child runner and resolves once it printed `count` lines matching `prefix`. */
async function runChild(args: string[], prefix: string, count: number) {
  const child = spawn(process.execPath, [childScript, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const seen: string[] = [];
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    lines.on("line", (line) => {
      if (line.startsWith(prefix)) seen.push(line);
      if (seen.length === count) resolve();
    });
    child.on("exit", (code) => {
      if (seen.length < count) reject(new Error(`child exited ${code} early: ${stderr}`));
    });
  });
  return child;
}

async function kill9(child: ChildProcess) {
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

function countEffects(log: string) {
  const counts = new Map<string, number>();
  for (const line of readFileSync(log, "utf8").trim().split("\n")) {
    const [job, ...rest] = line.split(" ");
    const key = `${job}|${rest.join(" ")}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (job: string, what: string) => counts.get(`${job}|${what}`) ?? 0;
}

describe("runner durability across a SIGKILL", () => {
  it("resumes every job at its first unfinished step and never repeats a finished one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "jobs-crash-"));
    const file = join(dir, "jobs.sqlite");
    const log = join(dir, "effects.log");
    const setup = createJobRunner({ db: openJobDatabase({ file }), workflows: {} });
    const ids = ["alpha", "beta", "gamma"].map(
      (idea) => setup.enqueue({ kind: "explore", payload: { idea } }).job.id,
    );

    // Killed during research (prepare finished), then during commit (research finished).
    await kill9(await runChild([file, log, "research"], "blocked", ids.length));
    await kill9(await runChild([file, log, "commit"], "blocked", ids.length));
    const last = await runChild([file, log, "none"], "idle", 1);
    await new Promise((resolve) => last.on("exit", resolve));

    const count = countEffects(log);
    for (const id of ids) {
      expect([count(id, "prepare start"), count(id, "prepare done")]).toEqual([1, 1]);
      expect([count(id, "research start"), count(id, "research done")]).toEqual([2, 1]);
      expect([count(id, "commit start"), count(id, "commit done")]).toEqual([2, 1]);
    }
    const jobs = ids.map((id) => setup.get(id));
    expect(jobs.map((job) => job?.status)).toEqual(["completed", "completed", "completed"]);
    expect(jobs[0]?.result).toEqual({
      path: "ideas/alpha/research.md",
      research: "report on alpha",
    });
  });
});

describe("runner durability across an abandoned process (in-process crash)", () => {
  it("a new runner on the same database resumes where the old one stopped", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "jobs-abandon-")), "jobs.sqlite");
    const calls: string[] = [];
    let blocked!: () => void;
    const reachedCommit = new Promise<void>((resolve) => {
      blocked = resolve;
    });
    const record = (name: string, value: string) => async () => {
      calls.push(name);
      return value;
    };
    const workflow = (hangAtCommit: boolean) =>
      defineWorkflow<null, Json>({
        run: async ({ step }) => {
          const a = await step.do("prepare", record("prepare", "p"));
          const b = await step.do("research", record("research", "r"));
          return step.do("commit", async () => {
            calls.push("commit");
            if (hangAtCommit) {
              blocked();
              await new Promise(() => {});
            }
            return `${a}${b}c`;
          });
        },
      });
    const crashed = createJobRunner({
      db: openJobDatabase({ file }),
      workflows: { w: workflow(true) },
    });
    crashed.start();
    const { id } = crashed.enqueue({ kind: "w", payload: null }).job;
    await reachedCommit;
    expect(crashed.get(id)).toMatchObject({ status: "running", currentStep: "commit" });

    // The crashed runner is simply never used again: its pending promise never settles.
    const restarted = createJobRunner({
      db: openJobDatabase({ file }),
      workflows: { w: workflow(false) },
    });
    restarted.start();
    await restarted.whenIdle();
    expect(restarted.get(id)).toMatchObject({ status: "completed", result: "prc", attempts: 2 });
    expect(calls).toEqual(["prepare", "research", "commit", "commit"]);
    await restarted.stop();
  });

  it("does not send a delivered webhook again after a restart", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "jobs-notify-")), "jobs.sqlite");
    const deliveries: string[] = [];
    const notifier = {
      deliver: async (_target: unknown, body: { job_id: string }) => {
        deliveries.push(body.job_id);
        return { status: "delivered" as const, attempts: 1 };
      },
    };
    const workflows = { w: defineWorkflow({ run: async () => "ok" }) };
    const first = createJobRunner({ db: openJobDatabase({ file }), workflows, notifier });
    first.start();
    const { id } = first.enqueue({
      kind: "w",
      payload: null,
      webhook: { url: "https://h.example/", secret: undefined },
    }).job;
    await first.whenIdle();
    expect(deliveries).toEqual([id]);

    // Simulate a crash after the notify step was stored but before webhook_status was written.
    const db = openJobDatabase({ file });
    db.prepare("UPDATE jobs SET webhook_status = 'pending' WHERE id = ?").run(id);
    const second = createJobRunner({ db, workflows, notifier });
    second.start();
    await second.whenIdle();
    expect(deliveries).toEqual([id]);
    expect(second.get(id)?.webhook.status).toBe("delivered");
  });
});
