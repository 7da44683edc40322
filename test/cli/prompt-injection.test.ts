import { readFileSync } from "node:fs";
import path from "node:path";
import MarkdownIt from "markdown-it";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CANARY, IDEA, type InjectionWorld, injectionWorld } from "../helpers/injection-world.ts";
import { runCli } from "../helpers/run-cli.ts";
import { getJson, postJson, readEvents, startServeProcess } from "../helpers/serve-process.ts";
import { git } from "../helpers/solar-ideas-repo.ts";
import { connectMcp } from "./mcp-session.ts";

/**
 * The lethal trifecta, attacked through the real CLI: a page found by search tells the model to
 * read the team's private research and send it to the attacker, and the scripted model obeys.
 * What must hold is in code, whatever the model does: nothing carrying private text reaches the
 * attacker, the model is told why in words it can act on, and the run still files its report.
 */
let world: InjectionWorld;
beforeEach(async () => {
  world = await injectionWorld();
});
afterEach(() => world.close());

describe("explore, with a page that tells the model to leak earlier research", () => {
  it("sends nothing private to the attacker, tells the model why, and still commits the report", async () => {
    const run = await runCli(["explore", IDEA, "--stats"], {
      cwd: world.tree.dir,
      env: world.env,
    });
    expect(run.stderr).not.toContain("Error:");
    expect(run.code).toBe(0);

    // The model did obey: it read the private research and tried both ways out.
    expect(world.leakUrl).toContain(encodeURIComponent(CANARY));
    // Nothing left for the attacker: no request carried the canary, and none even reached the
    // collectors (the URL with the data appended was never seen; the page's own link came from
    // a page, which stops counting once private research is in the conversation).
    expect(world.collected()).toEqual({ all: [], leaking: [] });
    const answers = world.answersToLeak();
    expect(answers).toContain(
      "web_fetch reads only URLs that appeared in search results, in pages already read or in the user's request",
    );
    expect(answers).toContain("private material is in this conversation now");

    // The report is committed, in one commit, and the refusals are counted in its log.
    const folder = run.stdout.trim().replace(/\/research\.md$/, "");
    const research = readFileSync(path.join(world.tree.dir, folder, "research.md"), "utf8");
    expect(research).toContain("Weekend markets rent dryers for 30 EUR a day");
    expectNothingToLoad(research);
    expect(git(world.tree.dir, "log", "--format=%s").split("\n")[0]).toMatch(/^Explore: /);
    const log = JSON.parse(
      readFileSync(path.join(world.tree.dir, folder, "exploration-log.json"), "utf8"),
    ).at(-1);
    expect(log.webFetch).toEqual({
      fetched: 1,
      refused: { not_seen: 1, page_link_after_private: 1 },
    });
  });

  it("takes no page link once earlier research is inlined by --continue-from, only search results and the user's URLs", async () => {
    const run = await runCli(
      ["explore", IDEA, "--continue-from", "2026-02-01-stealth-pricing", "--stats"],
      { cwd: world.tree.dir, env: world.env },
    );
    expect(run.code).toBe(0);
    expect(world.collected()).toEqual({ all: [], leaking: [] });
    // Private from the first step: the article (a search result) is read, its link never.
    const folder = run.stdout.trim().replace(/\/research\.md$/, "");
    const log = JSON.parse(
      readFileSync(path.join(world.tree.dir, folder, "exploration-log.json"), "utf8"),
    ).at(-1);
    expect(log.webFetch.refused.page_link_after_private).toBe(1);
    expect(log.webFetch.fetched).toBe(1);
  });
});

/** What every surface must show after the attack: nothing out, a readable refusal, a report. */
function expectAttackContained(researchPath: string) {
  expect(world.leakUrl).toContain(encodeURIComponent(CANARY));
  expect(world.collected()).toEqual({ all: [], leaking: [] });
  expect(world.answersToLeak()).toContain("web_fetch reads only URLs that appeared");
  const research = readFileSync(path.join(world.tree.dir, researchPath), "utf8");
  expect(research).toContain("Weekend markets rent dryers for 30 EUR a day");
  expectNothingToLoad(research);
}

/** The report the model wrote carried the canary in an image, a link and raw HTML: all gone. */
function expectNothingToLoad(research: string) {
  expect(research).not.toContain(CANARY);
  expect(research).not.toContain("/c?d=");
  // Rendered as GitHub would (raw HTML on, bare URLs linked), nothing loads and nothing links out.
  const html = new MarkdownIt({ html: true, linkify: true }).render(research);
  expect(html).not.toMatch(/<img\b/i);
  expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual(
    expect.not.arrayContaining([expect.stringContaining("/c?")]),
  );
}

describe("the same attack through serve and MCP", () => {
  it("serve: the job completes, nothing private reaches the attacker", async () => {
    const server = await startServeProcess([], { cwd: world.tree.dir, env: world.env });
    try {
      const queued = await postJson(`${server.url}/api/explore`, { idea: IDEA });
      expect(queued.status).toBe(202);
      await readEvents(`${server.url}/api/jobs/${queued.body.job_id}/events`);
      const job = await getJson(`${server.url}/api/jobs/${queued.body.job_id}`);
      expect(job.body.status).toBe("completed");
      expectAttackContained(String((job.body.result as { path: string }).path));
    } finally {
      await server.stop();
    }
  });

  it("MCP explore_idea: the exploration is written, nothing private reaches the attacker", async () => {
    const session = await connectMcp([], { cwd: world.tree.dir, env: world.env });
    try {
      const result = await session.call("explore_idea", { idea: IDEA });
      expect(result.isError).toBeFalsy();
      expectAttackContained(String((result.structuredContent as { path: string }).path));
    } finally {
      await session.close();
    }
  });
});
