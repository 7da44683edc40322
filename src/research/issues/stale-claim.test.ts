import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  INTAKE_LABEL,
  type IntakeWorld,
  intakeComments,
  startIntakeWorld,
} from "../../../test/helpers/issue-intake-world.ts";
import { claimIssue } from "./claim-issue.ts";
import { staleAfterMs } from "./stale-claim.ts";

// Claims through Octokit against the fake GitHub, each runner on its own client, with the
// runners' clocks injected: the stale period passes without waiting for it.
let world: IntakeWorld;
beforeEach(async () => {
  world = await startIntakeWorld({ secondaryRateLimit: false });
  world.repo.issues.add({ title: "Refill stations in corner shops", labels: [INTAKE_LABEL] });
});
afterEach(() => world.close());

const HOUR = 3_600_000;
const claim = (runId: string, at: number) =>
  claimIssue(world.deps().issues, 1, runId, { labels: world.labels, now: () => new Date(at) });

describe("a stale claim", () => {
  it("is left alone within the stale period, then taken over by exactly one of two runs", async () => {
    const start = Date.now();
    expect(await claim("run-a", start)).toMatchObject({ claimed: true });

    expect(await claim("run-b", start + 30 * 60_000)).toEqual({
      claimed: false,
      reason: "already claimed by another run",
    });

    const later = start + 2 * HOUR;
    const [c, d] = await Promise.all([claim("run-c", later), claim("run-d", later)]);
    expect([c.claimed, d.claimed].sort()).toEqual([false, true]);
    const winner = c.claimed ? "run-c" : "run-d";
    const comments = intakeComments(world.repo, 1).map((x) => x.body);
    expect(comments).toEqual([
      expect.stringContaining("run `run-a`"),
      expect.stringMatching(
        new RegExp(
          `^🔎 Exploring this idea: run \`${winner}\`\\. It takes over the stale claim of run \`run-a\` \\(1[12]\\d minutes old, never answered\\)`,
        ),
      ),
    ]);
    // Never relabelled: the processing label stood throughout.
    expect(world.repo.issues.eventsOn(1).map((e) => `${e.event} ${e.label}`)).toEqual([
      `labeled ${INTAKE_LABEL}`,
      `labeled ${INTAKE_LABEL}-processing`,
    ]);

    // The stale run comes back (a resumed job): its claim was taken over, so it stands down.
    expect(await claim("run-a", later)).toEqual({
      claimed: false,
      reason: `claimed first by run ${winner}`,
    });
    expect(world.repo.issues.issue(1).labels).toContain(`${INTAKE_LABEL}-processing`);
  });

  it("is not taken over once its run has answered", async () => {
    const start = Date.now();
    expect(await claim("run-a", start)).toMatchObject({ claimed: true });
    world.repo.issues.comment(
      1,
      "✅ Explored\n\n<!-- idea-explorer:outcome run=run-a kind=completed -->",
    );
    expect(await claim("run-b", start + 2 * HOUR)).toMatchObject({ claimed: false });
  });

  it("reads its period as a duration, refusing anything else in one line", () => {
    expect(staleAfterMs(undefined)).toBe(HOUR);
    expect(staleAfterMs("90s")).toBe(90_000);
    expect(staleAfterMs("2h", "IDEA_EXPLORER_STALE_AFTER")).toBe(2 * HOUR);
    expect(() => staleAfterMs("soon", "IDEA_EXPLORER_STALE_AFTER")).toThrow(
      'IDEA_EXPLORER_STALE_AFTER must be a duration from 1s to 168h, such as 90s, 60m or 2h; got "soon"',
    );
  });
});
