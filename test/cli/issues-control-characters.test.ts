import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  formBody,
  INTAKE_LABEL,
  type IntakeWorld,
  intakeComments,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

/**
 * An issue is written by anyone, and the job that answers it has nobody to ask for a fixed copy:
 * escape sequences and other control characters in its title and body (pasted terminal output,
 * a Windows line break, a carriage return that rewrites the line) are cleaned away, not
 * refused. Through the installed command against fake GitHub and Anthropic: the issue is
 * explored, and neither the model, the commit nor the answer sees a control character.
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let world: IntakeWorld;
let cwd: TempTree;
beforeEach(async () => {
  world = await startIntakeWorld({ secondaryRateLimit: false });
  cwd = await makeTempTree({});
});
afterEach(async () => {
  await world.close();
  await cwd.cleanup();
});

/** Every string in a value, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

describe("idea-explorer issues: control characters in an issue", () => {
  it("cleans them from the title and the form, explores the issue and answers it", async () => {
    world.repo.issues.add({
      title: "Idea: \u001b]0;pwned\u0007Refill stations\u001b[2K",
      body: formBody({
        idea: "\u001b[31mRefill stations\u001b[0m in corner shops",
        context: "pasted\u0000 from a log\u009b2J\nsecond line\rthird",
        // As a browser submits a form: every line break a CRLF.
      }).replace(/\n/g, "\r\n"),
      labels: [INTAKE_LABEL],
    });
    const run = await runCli(["issues"], { cwd: cwd.dir, env: world.env() });

    expect(run.stderr).not.toMatch(CONTROL);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^#1 completed /);
    expect(world.fake.requests.length).toBeGreaterThan(0);
    const sent = strings(world.fake.requests.map((r) => r.body.messages));
    expect(sent.join("\n")).toContain("Refill stations in corner shops");
    expect(sent.join("\n")).toContain("pasted from a log\nsecond line\nthird");
    for (const text of sent) expect(text).not.toMatch(CONTROL);
    expect(world.repo.log()[0]?.message).not.toMatch(CONTROL);
    for (const comment of intakeComments(world.repo, 1)) expect(comment.body).not.toMatch(CONTROL);
  });
});
