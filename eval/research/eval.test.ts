import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  block,
  type FakeAnthropicServer,
  reply,
  type ScriptedReply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import { REPO_ROOT } from "../../test/helpers/run-cli.ts";
import type { EvalResult } from "./run.ts";
import { loadTasks } from "./tasks.ts";

/**
 * `npm run eval:research` end to end: the eval runs the CLI on the first tasks against the fake
 * Messages API, whose scripted answers fix what each report cites and what each run costs.
 */
const [invoices, shifts] = loadTasks();
const survey = { url: "https://survey.example/collections-2026", title: "Collections survey 2026" };
const rival = { url: "https://rival.example/chaser", title: "Chaser raises $4M" };
const tips = { url: "https://blog.example/late-payment-tips", title: "Late payment tips" };
const rota = { url: "https://rota.example/pricing", title: "Rota app pricing" };

/**
 * Three paragraphs, two of them cited: 4 markers over 2 cited pages; 1 page only consulted.
 */
const citedReport = reply.webSearch("invoice chasing software market", [tips, rival, survey], {
  answer: [
    block.text("# Invoice chasing\n\n## Market\n\n"),
    block.text("62% of small firms chase invoices by hand", [block.cite(survey, "62%")]),
    block.text(" and Chaser raised $4M in 2026.", [
      block.cite(rival, "raised $4M"),
      block.cite(survey, "2026"),
    ]),
    block.text("\n\n## Verdict\n\nCompetition is thin.\n\n"),
    // 40% is not in the passage cited: research.md lists it under ## Checks.
    block.text("Chaser is the leader with 40% of the market.", [block.cite(rival, "the leader")]),
  ],
  usage: { input_tokens: 10_000, output_tokens: 1_000 },
});
const uncitedReport = reply.text(
  "# Shift swaps\n\n1. Swaps approved by the team.\n2. Swaps priced as bonuses.\n\nStart with retail.",
  { usage: { input_tokens: 2_000, output_tokens: 500 } },
);

/** The second time, shift swaps cite one page once: 1 of 2 paragraphs. */
const citedShifts = reply.webSearch("shift swap apps", [rota], {
  answer: [
    block.text("# Shift swaps\n\n"),
    block.text("Rota apps charge $3 per worker a month.", [block.cite(rota, "$3 per worker")]),
    block.text("\n\nStart with retail."),
  ],
  usage: { input_tokens: 4_000, output_tokens: 600 },
});

let fake: FakeAnthropicServer;
let scratch: string;
/** The ideas folders --keep left, each inside its own temporary folder: removed at the end. */
const kept: string[] = [];
/** What the fake answers, per idea; an idea missing here is answered 400. */
let answers: Map<string, ScriptedReply>;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  fake.setHandler((request) => {
    const asked = JSON.stringify(request.body.messages);
    const answer = [...answers].find(([idea]) => asked.includes(idea))?.[1];
    return answer ?? reply.badRequest("no scripted answer for this idea");
  });
  scratch = await mkdtemp(path.join(tmpdir(), "idea-explorer-eval-test-"));
});
afterAll(async () => {
  await fake.close();
  await rm(scratch, { recursive: true, force: true });
  for (const folder of kept)
    await rm(path.dirname(path.dirname(folder)), { recursive: true, force: true });
});

function evalResearch(...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["eval/research/run.ts", ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: scratch, ...fake.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const logOf = async (folder: string | undefined) =>
  JSON.parse(await readFile(path.join(folder ?? "", "exploration-log.json"), "utf8")).at(-1);

describe("npm run eval:research (fake Messages API)", () => {
  const first = () => path.join(scratch, "first.json");

  it("--tasks 2 --json: both tasks' citations, cost, time and steps, as their logs hold them", async () => {
    answers = new Map([
      [invoices!.idea, citedReport],
      [shifts!.idea, uncitedReport],
    ]);
    const run = await evalResearch("--tasks", "2", "--json", "--keep", "--out", first());
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as EvalResult;
    for (const task of result.tasks) if (task.folder) kept.push(task.folder);
    expect(JSON.parse(await readFile(first(), "utf8"))).toEqual(result);
    expect(result.model).toBe("claude-sonnet-5-5");
    expect(result.tasks.map((t) => [t.id, t.mode, t.status])).toEqual([
      ["saas-invoice-chasing", "business", "ok"],
      ["saas-shift-swaps", "exploration", "ok"],
    ]);
    const [cited, uncited] = result.tasks;
    expect(cited).toMatchObject({
      markers: 4,
      paragraphs: 3,
      paragraphsWithCitation: 2,
      citedShare: 2 / 3,
      citedSources: 2,
      consultedSources: 1,
      steps: 1,
      error: null,
    });
    expect(uncited).toMatchObject({ markers: 0, paragraphs: 3, citedShare: 0, citedSources: 0 });
    for (const task of result.tasks) {
      const log = await logOf(task.folder);
      expect(task.cost).toEqual({ priced: true, usd: log.cost.usd });
      expect(task.durationMs).toBe(log.durationMs);
      // The figure checks as the log counts them; none for a report that cites nothing.
      const nothingChecked = { citations: 0, supported: 0, notFound: 0, nothingToCheck: 0 };
      expect(task.checks).toEqual(task.markers ? (log.checks ?? null) : nothingChecked);
      // research.md lists each citation whose figures its passage does not hold.
      expect(task.checksListed).toBe(log.checks?.notFound ?? 0);
      expect(task.modelChecks).toBeNull();
    }
    expect(cited?.cost?.priced && cited.cost.usd).toBeGreaterThan(0);
    expect(result.totals).toMatchObject({
      tasks: 2,
      completed: 2,
      failed: 0,
      sum: { markers: 4, paragraphs: 6, paragraphsWithCitation: 2, steps: 2, unpriced: 0 },
      citedShare: 2 / 6,
      mean: { markers: 2, citedShare: 1 / 3, steps: 1 },
    });
  }, 60_000);

  it("a task whose run fails is reported and the others run; --compare prints the deltas", async () => {
    answers = new Map([[shifts!.idea, citedShifts]]);
    const out = path.join(scratch, "second.json");
    const run = await evalResearch("--tasks", "2", "--compare", first(), "--out", out);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split("\n");
    const row = (id: string) => lines.find((line) => line.startsWith(`${id} `))?.split(/\s{2,}/);
    expect(row("saas-invoice-chasing")).toEqual(["saas-invoice-chasing", "business", "failed"]);
    expect(row("saas-shift-swaps")).toEqual([
      "saas-shift-swaps",
      "exploration",
      "ok",
      "1",
      "1/2 50%",
      "1/1",
      expect.stringMatching(/^(\d+\/\d+\/\d+|n\/a)$/),
      "-",
      expect.stringMatching(/^\$\d/),
      expect.stringMatching(/^\d+\.\d$/),
      "1",
    ]);
    expect(row("total")?.slice(0, 4)).toEqual(["total", "1/2", "1", "1/2 50%"]);
    expect(run.stdout).toMatch(
      /^failed: saas-invoice-chasing \(exit 1\): .*no scripted answer for this idea/m,
    );

    const compared = lines.slice(lines.findIndex((line) => line.startsWith("compared with")));
    expect(compared[0]).toBe(`compared with ${first()} (now minus before)`);
    const delta = (id: string) =>
      compared.find((line) => line.startsWith(`${id} `))?.split(/\s{2,}/);
    expect(delta("saas-invoice-chasing")).toEqual(["saas-invoice-chasing", "failed now"]);
    // 1 marker instead of none, 1 of 2 paragraphs cited instead of 0 of 3, 1 cited page.
    expect(delta("saas-shift-swaps")?.slice(0, 4)).toEqual([
      "saas-shift-swaps",
      "+1",
      "+50pt",
      "+1",
    ]);
    expect(delta("saas-shift-swaps")?.[6]).toMatch(/^\+\$0\.\d{4}$/);

    const saved = JSON.parse(await readFile(out, "utf8")) as EvalResult;
    expect(saved.tasks[0]).toMatchObject({
      id: "saas-invoice-chasing",
      status: "failed",
      error: { code: "model_error", exitCode: 1 },
      markers: null,
      cost: null,
    });
    expect(saved.totals).toMatchObject({ tasks: 2, completed: 1, failed: 1 });
    expect(saved.comparison?.tasks[1]).toMatchObject({
      id: "saas-shift-swaps",
      status: "compared",
      deltas: { markers: 1, citedShare: 0.5, citedSources: 1, steps: 0 },
    });
  }, 60_000);
});
