import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import type { Json, WorkflowStep } from "../../jobs/workflow.ts";
import type { PaidResearchStash } from "../../store/paid-research.ts";
import { isPaidStep, stashedSteps } from "./paid-research-reuse.ts";

/** A stash in memory whose saves take a while, each less than the one before (as a network may). */
function memoryStash(initial?: { key: string; steps: Record<string, unknown> }) {
  let kept = initial;
  let sent = 0;
  const stash: PaidResearchStash = {
    where: (issue) => `stash-${issue}`,
    load: async (_issue, key) => (kept?.key === key ? kept.steps : undefined),
    save: async (_issue, key, steps) => {
      await sleep(Math.max(0, 40 - 10 * sent++));
      kept = { key, steps };
    },
    drop: async () => {
      kept = undefined;
    },
  };
  return { stash, kept: () => kept };
}

const direct: WorkflowStep = { do: (_name, fn) => fn() };

describe("stashedSteps", () => {
  it("names the steps that pay the model, and only those", () => {
    for (const name of ["research", "plan", "sub-question-3", "synthesis", "check-claims"]) {
      expect(isPaidStep(name)).toBe(true);
    }
    for (const name of ["prepare", "commit", "claim", "reply", "sub-question-x"]) {
      expect(isPaidStep(name)).toBe(false);
    }
  });

  it("keeps every parallel sub-question: saves go one at a time, each with all results so far", async () => {
    const memory = memoryStash();
    const step = await stashedSteps(direct, {
      stash: memory.stash,
      issue: 1,
      key: "k",
      note: () => {},
    });
    await step.do("plan", async () => "plan");
    await Promise.all(
      [1, 2, 3].map((n) => step.do(`sub-question-${n}`, async () => `answer ${n}` as Json)),
    );
    await step.do("prepare", async () => "not paid");
    expect(Object.keys(memory.kept()!.steps).sort()).toEqual([
      "plan",
      "sub-question-1",
      "sub-question-2",
      "sub-question-3",
    ]);
  });

  it("returns a saved step's result without running it, and says so once", async () => {
    const memory = memoryStash({ key: "k", steps: { plan: "saved plan", synthesis: "saved" } });
    const notes: string[] = [];
    const step = await stashedSteps(direct, {
      stash: memory.stash,
      issue: 4,
      key: "k",
      note: (line) => notes.push(line),
    });
    let ran = 0;
    const run = (value: string) => async () => {
      ran += 1;
      return value;
    };
    expect(await step.do("plan", run("new plan"))).toBe("saved plan");
    expect(await step.do("synthesis", run("new"))).toBe("saved");
    expect(await step.do("sub-question-1", run("fresh"))).toBe("fresh");
    expect(ran).toBe(1);
    expect(notes).toEqual(["reusing the research an earlier run paid for (stash-4)"]);
  });

  it("researches anyway when the stash cannot be read or written, saying why", async () => {
    const broken: PaidResearchStash = {
      where: () => "stash",
      load: async () => {
        throw new Error("GitHub is down");
      },
      save: async () => {
        throw new Error("still down");
      },
      drop: async () => {},
    };
    const notes: string[] = [];
    const step = await stashedSteps(direct, {
      stash: broken,
      issue: 2,
      key: "k",
      note: (line) => notes.push(line),
    });
    expect(await step.do("research", async () => "report")).toBe("report");
    expect(notes).toEqual([
      "could not read the research kept for #2 (GitHub is down); researching anew",
      "could not keep the research paid for #2 (still down)",
    ]);
  });
});
