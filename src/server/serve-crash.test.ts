import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeAnthropicServer,
  type RecordedRequest,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import {
  GIT_IDENTITY,
  getJson,
  git,
  initIdeasRepo,
  postJson,
  readEvents,
  type ServeProcess,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";

const IDEAS = [
  "Solar dryers for mango farmers",
  "A tool library for apartment buildings",
  "Night buses for hospital shift workers",
];

/**
 * A `git` in front of the real one: after the ref update that lands a commit (`git update-ref`)
 * it records its pid and sleeps while the block file exists, so the serve process can be killed
 * with its commit made but not yet recorded as a finished step (the case where a careless retry
 * makes a second commit).
 */
function gitWrapper(dir: string): string {
  const realGit = execFileSync("sh", ["-c", "command -v git"]).toString().trim();
  const bin = join(dir, "bin");
  mkdirSync(bin);
  writeFileSync(
    join(bin, "git"),
    `#!/bin/sh
"${realGit}" "$@"
status=$?
if [ "$1" = "update-ref" ] && [ -e "$BLOCK_FILE" ]; then echo $$ >> "$COMMIT_MARKER"; exec sleep 600; fi
exit $status
`,
  );
  chmodSync(join(bin, "git"), 0o755);
  return bin;
}

const requestsFor = (fake: FakeAnthropicServer, idea: string) =>
  fake.requests.filter((r: RecordedRequest) => JSON.stringify(r.body.messages[0]).includes(idea))
    .length;

describe("serve survives kill -9 during research and during commit", () => {
  let fake: FakeAnthropicServer;
  let dir: string;
  beforeAll(async () => {
    fake = await startFakeAnthropic();
    dir = mkdtempSync(join(tmpdir(), "serve-crash-"));
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("completes every job with exactly one commit and never pays for finished research again", async () => {
    const repo = initIdeasRepo(join(dir, "ideas-repo"));
    const blockFile = join(dir, "block-commits");
    const marker = join(dir, "blocked-commits");
    const env = {
      ...fake.env,
      BLOCK_FILE: blockFile,
      COMMIT_MARKER: marker,
      ...GIT_IDENTITY,
    };
    const path = `${gitWrapper(dir)}:${process.env.PATH}`;
    const args = ["--repo", repo, "--data-dir", join(dir, "data"), "--concurrency", "3"];
    const serve = () => startServeProcess(args, { cwd: dir, env, path });
    let server: ServeProcess | undefined;

    try {
      // 1. Every job is inside its research step (the model call hangs) when the server dies.
      fake.setHandler(() => reply.hang());
      server = await serve();
      const ids: string[] = [];
      for (const idea of IDEAS) {
        const answer = await postJson(`${server.url}/api/explore`, { idea, mode: "business" });
        expect(answer.status).toBe(202);
        ids.push(String(answer.body.job_id));
      }
      while (fake.requests.length < IDEAS.length) await sleep(20);
      await server.kill9();

      // 2. Restarted, the jobs redo the unfinished research, then the server dies in the commit
      // step: one job's commit is made (its git is held after committing), the others wait.
      fake.setHandler(() =>
        reply.text("# Verdict\n\nWorth a pilot in one district.\n\n## Risks\n\nSeasonality."),
      );
      writeFileSync(blockFile, "");
      server = await serve();
      for (const id of ids) {
        await readEvents(
          `${server.url}/api/jobs/${id}/events`,
          (e) => e.data.current_step === "commit",
        );
      }
      while (!existsSync(marker)) await sleep(20);
      const paidResearch = fake.requests.length;
      await server.kill9();
      for (const pid of readFileSync(marker, "utf8").trim().split("\n")) {
        process.kill(Number(pid), "SIGKILL");
      }

      // 3. Restarted without interference, every job completes.
      rmSync(blockFile);
      server = await serve();
      for (const id of ids) {
        const events = await readEvents(`${server.url}/api/jobs/${id}/events`);
        expect(events.at(-1)).toMatchObject({ event: "result", data: { status: "completed" } });
      }

      expect(fake.requests.length).toBe(paidResearch);
      // Each idea: the call cut off by the first kill, then one full research run.
      expect(IDEAS.map((idea) => requestsFor(fake, idea))).toEqual([2, 2, 2]);

      const subjects = git(repo, "log", "--format=%s").trim().split("\n");
      expect(subjects.filter((s) => s !== "start").sort()).toEqual(
        IDEAS.map((idea) => `Explore: ${idea}`).sort(),
      );
      const listed = await getJson(`${server.url}/api/jobs?status=completed`);
      const jobs = listed.body.jobs as Array<{
        job_id: string;
        idea: string;
        result: { path: string; commitSha: string };
      }>;
      expect(jobs.map((job) => job.job_id).sort()).toEqual([...ids].sort());
      for (const job of jobs) {
        const log = JSON.parse(
          readFileSync(
            join(repo, job.result.path.replace("research.md", "exploration-log.json")),
            "utf8",
          ),
        );
        expect(log).toHaveLength(1);
        // The commit reported is the one that holds this job's files, not whatever HEAD was.
        expect(git(repo, "log", "-1", "--format=%s", job.result.commitSha).trim()).toBe(
          `Explore: ${job.idea}`,
        );
        const research = await fetch(`${server.url}/api/jobs/${job.job_id}/research`);
        expect(await research.text()).toContain("Worth a pilot in one district.");
      }
      expect(git(repo, "status", "--porcelain")).toBe("");
    } finally {
      await server?.stop();
    }
  }, 90_000);
});
