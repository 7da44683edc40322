import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnthropicServer, reply } from "../fakes/anthropic-server.ts";
import {
  changedFiles,
  type FakeGitHub,
  type FakeRepo,
  serverError,
} from "../fakes/github-server.ts";
import {
  GITHUB_TOKEN,
  REFILL_EARLIER,
  REFILL_IDEA,
  type RefillWorld,
  scriptRefillExploration,
  startRefillWorld,
} from "../helpers/refill-ideas-on-github.ts";
import { runCli } from "../helpers/run-cli.ts";

let world: RefillWorld;
let github: FakeGitHub;
let repo: FakeRepo;
let fake: FakeAnthropicServer;

beforeEach(async () => {
  world = await startRefillWorld();
  ({ github, repo, fake } = world);
});

afterEach(() => world.close());

const explore = (args: string[], env: Record<string, string> = {}) =>
  runCli(["explore", REFILL_IDEA, ...args], {
    cwd: world.cwd.dir,
    env: { ...world.env(), ...env },
  });

describe("idea-explorer explore --github (fake GitHub REST API, fake Anthropic API)", () => {
  it("reads earlier research through the Contents API and writes both files in one commit", async () => {
    scriptRefillExploration(fake);
    const head = repo.head();
    const run = await explore(["--github", "me/ideas"]);

    expect(run.code).toBe(0);
    const log = repo.log();
    expect(log).toHaveLength(2);
    expect(log[0]?.parents).toEqual([head]);
    expect(log[0]?.message).toContain(REFILL_IDEA);
    const written = changedFiles(repo, log[0]!.sha);
    expect(written).toEqual([
      expect.stringMatching(
        /^ideas\/\d{4}-\d{2}-\d{2}-refill-stations-for-eco-cleaning-[\w-]+\/exploration-log\.json$/,
      ),
      expect.stringMatching(
        /^ideas\/\d{4}-\d{2}-\d{2}-refill-stations-for-eco-cleaning-[\w-]+\/research\.md$/,
      ),
    ]);
    const research = repo.readFile(written[1]!)!;
    expect(research).toContain("Refills cut packaging costs.");
    expect(research).toContain("1. [Refill study](https://refill.example/study)");
    expect(JSON.parse(repo.readFile(written[0]!)!)).toHaveLength(1);
    // The earlier research reached the model through the Contents API.
    expect(github.requestsTo("GET", `/contents/${REFILL_EARLIER}`).length).toBeGreaterThan(0);
    expect(JSON.stringify(fake.requests[1]?.body.messages)).toContain("Margins are thin.");
    // stdout names where the research is: a GitHub URL.
    expect(run.stdout.trim()).toBe(`${world.github.url}/me/ideas/blob/main/${written[1]}`);
    expect(run.stderr).not.toContain(GITHUB_TOKEN);
  });

  it("takes the repository from GITHUB_REPO and the branch from GITHUB_BRANCH", async () => {
    repo.push({ "README.md": "# drafts\n" }, "drafts branch", "drafts");
    fake.enqueue(reply.text("# Refills\n\nA report."));
    const run = await explore([], { GITHUB_REPO: "me/ideas", GITHUB_BRANCH: "drafts" });

    expect(run.code).toBe(0);
    const drafts = repo.log("drafts");
    expect(drafts.map((c) => c.message)).toEqual([`Explore: ${REFILL_IDEA}`, "drafts branch"]);
    expect(repo.log("main")).toHaveLength(1);
  });

  it("refuses a bad token with one line, before any model call, writing nothing", async () => {
    const run = await explore(["--github", "me/ideas"], {
      GITHUB_TOKEN: "ghp_wrongToken000000000000000000000000",
    });

    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^idea-explorer explore: /);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/GITHUB_TOKEN|token|credentials/i);
    expect(run.stderr).not.toContain("ghp_wrongToken");
    expect(fake.requests).toHaveLength(0);
    expect(repo.log()).toHaveLength(1);
  });

  it("names a repository that does not exist, before any model call", async () => {
    const run = await explore(["--github", "me/nope"]);

    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^idea-explorer explore: /);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("me/nope");
    expect(fake.requests).toHaveLength(0);
  });

  it("reports GitHub out of reach as a failure (exit 1), not as bad configuration", async () => {
    await world.github.close();
    const run = await explore(["--github", "me/ideas"]);

    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^idea-explorer explore: Could not reach GitHub .*\(network error\)$/),
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it("asks for GITHUB_TOKEN when a repository is named without one", async () => {
    const run = await explore(["--github", "me/ideas"], { GITHUB_TOKEN: "" });

    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/GITHUB_TOKEN is not set/);
    expect(fake.requests).toHaveLength(0);
  });

  it("succeeds with one commit when the branch update landed but its answer was lost (502)", async () => {
    scriptRefillExploration(fake);
    github.intercept({
      method: "PATCH",
      path: "/git/refs/heads/main",
      times: Infinity,
      replyAfterHandling: serverError(502),
    });
    const run = await explore(["--github", "me/ideas"]);

    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain("GitHub answered");
    const log = repo.log();
    expect(log).toHaveLength(2);
    expect(log[0]?.message).toContain(REFILL_IDEA);
    const written = changedFiles(repo, log[0]!.sha);
    expect(run.stdout.trim()).toBe(`${github.url}/me/ideas/blob/main/${written[1]}`);
  });

  it("gives up on a GitHub that never answers after GITHUB_TIMEOUT_MS per attempt, in one line", async () => {
    github.intercept({
      method: "GET",
      path: /^\/repos\/me\/ideas$/,
      times: Infinity,
      delayMs: Infinity,
    });
    const started = Date.now();
    const run = await explore(["--github", "me/ideas"], { GITHUB_TIMEOUT_MS: "300" });

    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      "idea-explorer explore: GitHub did not answer within 0.3 s while opening me/ideas (4 attempts); check GitHub's status or set GITHUB_TIMEOUT_MS",
    ]);
    expect(run.stderr).not.toContain(GITHUB_TOKEN);
    expect(run.stderr).not.toContain(github.url);
    // Four attempts of 0.3 s and the retry plugin's backoff of 1 + 4 + 9 s between them.
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(fake.requests).toHaveLength(0);
  }, 40_000);

  it("names GITHUB_TIMEOUT_MS when it is not a positive whole number", async () => {
    const run = await explore(["--github", "me/ideas"], { GITHUB_TIMEOUT_MS: "30s" });

    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^idea-explorer explore: .*GITHUB_TIMEOUT_MS: must be a whole number/),
    ]);
    expect(github.requests).toHaveLength(0);
  });
});
