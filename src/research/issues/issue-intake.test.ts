import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { changedFiles } from "../../../test/fakes/github-server.ts";
import {
  DUPLICATE_IDEA,
  formBody,
  INTAKE_LABEL,
  type IntakeWorld,
  intakeComments,
  startIntakeWorld,
} from "../../../test/helpers/issue-intake-world.ts";
import { claimIssue } from "./claim-issue.ts";
import { runIssueIntake } from "./issue-intake.ts";
import type { IssueResult } from "./issue-workflow.ts";

let world: IntakeWorld;
beforeEach(async () => {
  world = await startIntakeWorld();
});
afterEach(() => world.close());

const run = (deps = world.deps()) =>
  runIssueIntake(deps, {
    signal: new AbortController().signal,
    newRunId: randomUUID,
    announce: () => {},
  });

const labelsOf = (n: number) => world.repo.issues.issue(n).labels;
const stateOf = (n: number) => world.repo.issues.issue(n).state;
const byIssue = (results: IssueResult[]) =>
  Object.fromEntries(results.map((r) => [r.issue, r.status]));

function fileBatch() {
  const { issues } = world.repo;
  issues.add({
    title: "Idea: Solar dryers",
    body: formBody({ idea: "Solar-powered food dryer kits for market stalls" }),
    labels: [INTAKE_LABEL],
  });
  issues.add({ title: "Refill stations in corner shops", body: "", labels: [INTAKE_LABEL] });
  issues.add({
    title: "Idea: couriers",
    body: formBody({ idea: DUPLICATE_IDEA }),
    labels: [INTAKE_LABEL],
  });
  issues.add({
    title: "Idea: taken",
    body: formBody({ idea: "Someone else has this one" }),
    labels: [INTAKE_LABEL, `${INTAKE_LABEL}-processing`],
  });
  issues.add({
    title: "Idea: broken",
    body: formBody({ idea: "This idea FAILS at the model" }),
    labels: [INTAKE_LABEL],
  });
  // Not for intake: another label, a pull request with the label, a closed issue with it.
  issues.add({ title: "A bug", labels: ["bug"] });
  issues.add({ title: "A pull request", labels: [INTAKE_LABEL], pullRequest: true });
  issues.add({ title: "Idea: done long ago", labels: [INTAKE_LABEL], state: "closed" });
}

describe("idea-explorer issues: a batch (fake GitHub REST API, fake Anthropic API)", () => {
  it("answers each issue with the right comment, labels and state", async () => {
    fileBatch();
    const head = world.repo.head();
    const results = await run();

    expect(byIssue(results)).toEqual({
      1: "completed",
      2: "completed",
      3: "duplicate",
      4: "skipped",
      5: "failed",
    });
    // A valid form: explored, answered with the link, the verdict, cited sources and cost; closed.
    expect(stateOf(1)).toBe("closed");
    expect(labelsOf(1)).toEqual([`${INTAKE_LABEL}-completed`]);
    const [claim1, answer1] = intakeComments(world.repo, 1);
    expect(claim1?.body).toMatch(/Exploring this idea: run `[\w-]+`/);
    expect(answer1?.body).toMatch(
      /^✅ Explored: \[ideas\/\d{4}-\d{2}-\d{2}-solar-powered-food-dryer-kits-for-market-stalls\/research\.md\]\(http:\/\/127\.0\.0\.1:\d+\/me\/ideas\/blob\/main\/ideas\/.+\/research\.md\)/,
    );
    expect(answer1?.body).toContain("> Pursue with changes");
    expect(answer1?.body).toContain("> Demand is real and rising.");
    expect(answer1?.body).toMatch(/Cites 1 of 1 sources · \$\d/);
    expect(answer1?.author.login).toBe("github-actions[bot]");

    // Title only: the title is the idea.
    expect(stateOf(2)).toBe("closed");
    expect(labelsOf(2)).toEqual([`${INTAKE_LABEL}-completed`]);

    // A duplicate: a link to the earlier research, closed, nothing committed for it.
    expect(stateOf(3)).toBe("closed");
    expect(labelsOf(3)).toEqual([`${INTAKE_LABEL}-completed`]);
    expect(intakeComments(world.repo, 3)[1]?.body).toMatch(
      /^♻️ Already explored: \[ideas\/2026-01-10-bicycle-courier-co-ops-for-small-towns\/research\.md\]\(http:.*\/blob\/main\/ideas\/2026-01-10-/,
    );

    // Claimed by another run: not touched at all.
    expect(labelsOf(4)).toEqual([INTAKE_LABEL, `${INTAKE_LABEL}-processing`]);
    expect(world.repo.issues.commentsOn(4)).toEqual([]);
    expect(stateOf(4)).toBe("open");

    // The model refused: labelled failed with the one line, left open for a retry.
    expect(stateOf(5)).toBe("open");
    expect(labelsOf(5)).toEqual([`${INTAKE_LABEL}-failed`]);
    const failed = intakeComments(world.repo, 5)[1]?.body ?? "";
    expect(failed).toMatch(/^⚠️ The exploration failed: .*prompt is too long/);
    expect(failed).toContain(`Put the \`${INTAKE_LABEL}\` label back on this issue to try again.`);

    // Two commits, one per explored idea, each naming its issue.
    const log = world.repo.log();
    expect(log.slice(0, 2).map((c) => c.message)).toEqual([
      "Explore: Refill stations in corner shops (#2)",
      "Explore: Solar dryers (#1)",
    ]);
    expect(log[2]?.sha).toBe(head);
    const files = changedFiles(world.repo, log[1]!.sha);
    const research = world.repo.readFile(files.find((f) => f.endsWith("research.md"))!)!;
    expect(parseYaml(research.split("---")[1]!)).toMatchObject({ issue: 1, mode: "business" });
    const entries = JSON.parse(world.repo.readFile(files.find((f) => f.endsWith(".json"))!)!);
    expect(entries).toEqual([expect.objectContaining({ issue: 1 })]);
    // The one model request each explored idea needed; none for the duplicate or the taken one.
    expect(world.fake.requests).toHaveLength(3);
  });

  it("follows pages, sends label names encoded, and sits out the secondary rate limit", async () => {
    fileBatch();
    await run();
    // Lists came two to a page: the listing and long comment threads took several pages.
    expect(world.github.requestsTo("GET", /\/issues$/).length).toBeGreaterThan(2);
    expect(world.github.requests.some((r) => r.query.get("page") === "2")).toBe(true);
    const listing = world.github.requestsTo("GET", /\/issues$/)[0]!;
    expect(listing.query.get("labels")).toBe(INTAKE_LABEL);
    const removals = world.github.requests.filter((r) => r.method === "PATCH");
    expect(removals.length).toBeGreaterThan(0);
    // Every third new comment was refused once and sent again: none is missing or doubled.
    const posts = world.github.requestsTo("POST", /\/comments$/).length;
    const kept = [1, 2, 3, 5].map((n) => intakeComments(world.repo, n).length);
    expect(kept).toEqual([2, 2, 2, 2]);
    expect(posts).toBeGreaterThan(8);
  });

  it("is retried by putting the intake label back on a failed issue", async () => {
    world.repo.issues.add({
      title: "Idea: flaky",
      body: formBody({ idea: "Refills that FAILS once" }),
      labels: [INTAKE_LABEL],
    });
    await run();
    expect(labelsOf(1)).toEqual([`${INTAKE_LABEL}-failed`]);

    world.repo.issues.issue(1).body = formBody({ idea: "Refill stations in corner shops" });
    world.repo.issues.addLabels(1, [INTAKE_LABEL]);
    expect(byIssue(await run())).toEqual({ 1: "completed" });
    expect(stateOf(1)).toBe("closed");
    expect(labelsOf(1)).toEqual([`${INTAKE_LABEL}-completed`]);
    // Claim and failure, then the new claim and the answer.
    expect(intakeComments(world.repo, 1)).toHaveLength(4);
  });
});

describe("idea-explorer issues: two runners at once", () => {
  it("explores each issue once", async () => {
    for (const idea of ["Solar dryer kits", "Refill stations in corner shops", "Solar lamps"]) {
      world.repo.issues.add({ title: idea, labels: [INTAKE_LABEL] });
    }
    const [a, b] = await Promise.all([run(world.deps()), run(world.deps())]);
    const all = [...a, ...b];
    for (const n of [1, 2, 3]) {
      const mine = all.filter((r) => r.issue === n).map((r) => r.status);
      expect(mine.filter((s) => s === "completed")).toHaveLength(1);
      expect(mine.filter((s) => s !== "completed").every((s) => s === "skipped")).toBe(true);
      // One claim left standing (the loser took its own back), one answer.
      const comments = intakeComments(world.repo, n).map((c) => c.body);
      expect(comments).toEqual([
        expect.stringMatching(/^🔎 Exploring this idea/),
        expect.stringMatching(/^✅ Explored: /),
      ]);
      expect(labelsOf(n)).toEqual([`${INTAKE_LABEL}-completed`]);
    }
    expect(world.repo.log()).toHaveLength(4);
    expect(world.fake.requests).toHaveLength(3);
  });

  it("lets exactly one of two simultaneous claims win, and the loser leaves no trace", async () => {
    world.repo.issues.add({ title: "Solar dryer kits", labels: [INTAKE_LABEL] });
    const claim = (runId: string) =>
      claimIssue(world.deps().issues, 1, runId, { labels: world.labels });
    const outcomes = await Promise.all([claim("run-a"), claim("run-b"), claim("run-c")]);
    expect(outcomes.filter((o) => o.claimed)).toHaveLength(1);
    expect(intakeComments(world.repo, 1)).toHaveLength(1);
    expect(labelsOf(1)).toEqual([INTAKE_LABEL, `${INTAKE_LABEL}-processing`]);
  });

  it("takes an issue whose stale claim was cleared by hand", async () => {
    world.repo.issues.add({ title: "Solar dryer kits", labels: [INTAKE_LABEL] });
    const first = await claimIssue(world.deps().issues, 1, "run-crashed", { labels: world.labels });
    expect(first.claimed).toBe(true);
    // That run died; someone takes the processing label off to free the issue.
    world.repo.issues.removeLabel(1, `${INTAKE_LABEL}-processing`);
    expect(byIssue(await run())).toEqual({ 1: "completed" });
    expect(stateOf(1)).toBe("closed");
  });

  it("does not count a claim written by a passer-by", async () => {
    world.repo.issues.add({ title: "Solar dryer kits", labels: [INTAKE_LABEL] });
    const stranger = { login: "mallory", type: "User" as const, association: "NONE" };
    const issue = world.repo.issues;
    // Planted between a runner's baseline and its claim: the runner must still win.
    world.github.intercept({
      method: "POST",
      path: /\/labels$/,
      before: () => {
        issue.comment(1, "<!-- idea-explorer:claim run=evil after=0 -->", stranger);
      },
    });
    expect(byIssue(await run())).toEqual({ 1: "completed" });
  });
});
