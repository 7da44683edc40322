import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EchoingGateway, startEchoingGateway } from "../fakes/echoing-gateway.ts";
import { echoEnv, expectNoSecret, SECRETS } from "../helpers/echoed-secrets.ts";
import {
  INTAKE_LABEL,
  INTAKE_TOKEN,
  type IntakeWorld,
  startIntakeWorld,
} from "../helpers/issue-intake-world.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

/**
 * `idea-explorer issues` with a model gateway that answers 401 echoing the key, its URL's query
 * and the GitHub token: the answer on the (public) issue says the exploration failed and why,
 * with every secret masked, and so do the command's own lines.
 */

let world: IntakeWorld;
let gateway: EchoingGateway;
let cwd: TempTree;
beforeAll(async () => {
  world = await startIntakeWorld({ secondaryRateLimit: false });
  gateway = await startEchoingGateway({
    alsoEcho: `seen ${INTAKE_TOKEN} ${SECRETS.tavilyKey} ${SECRETS.webhookSecret}`,
  });
  cwd = await makeTempTree({});
});
afterAll(async () => {
  await Promise.all([world.close(), gateway.close(), cwd.cleanup()]);
});

describe("issues: an upstream error that echoes the secrets", () => {
  it("is answered on the issue with every secret masked", async () => {
    world.repo.issues.add({ title: "Solar dryers for market stalls", labels: [INTAKE_LABEL] });
    const run = await runCli(["issues"], {
      cwd: cwd.dir,
      // The gateway's secrets, with the token the fake GitHub knows.
      env: { ...world.env(), ...echoEnv(gateway), GITHUB_TOKEN: INTAKE_TOKEN },
    });
    expect(gateway.requests).toBeGreaterThan(0);
    expect(run.code).toBe(1);

    const comments = world.repo.issues.commentsOn(1).map((c) => c.body);
    const answer = comments.find((body) => body.includes("The exploration failed"));
    // Published as plain text: the brackets are escaped, and the gateway's URL is not a link.
    expect(answer).toContain(
      "Anthropic API rejected the API key (401): invalid x-api-key: \\[redacted\\]",
    );
    expect(answer).toContain("seen \\[redacted\\] \\[redacted\\] \\[redacted\\]");
    for (const body of comments) {
      expectNoSecret(body, "an issue comment");
      expect(body).not.toContain(INTAKE_TOKEN);
    }
    for (const [where, text] of [
      ["stdout", run.stdout],
      ["stderr", run.stderr],
    ] as const) {
      expectNoSecret(text, where);
      expect(text).not.toContain(INTAKE_TOKEN);
    }
    expect(run.stdout).toMatch(/^#1 failed: .*\[redacted\]/);
  });
});
