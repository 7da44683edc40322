import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  GIT_IDENTITY,
  getJson,
  initIdeasRepo,
  runServeToExit,
  startServeProcess,
} from "../../test/helpers/serve-process.ts";
import { openJobDatabase } from "../jobs/job-database.ts";
import { JobStore } from "../jobs/job-store.ts";
import { LOCK_FILE } from "./data-dir-lock.ts";

const dir = mkdtempSync(join(tmpdir(), "serve-startup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = {
  ANTHROPIC_API_KEY: "sk-ant-test",
  ANTHROPIC_BASE_URL: "http://127.0.0.1:9/v1",
  ...GIT_IDENTITY,
};

/**
 * A data dir whose database opens fine but refuses the first write of the start-up (putting the
 * job a killed server left running back in the queue), as a full disk or a failing one does.
 */
function brokenDataDir(data: string): string {
  const db = openJobDatabase({ dataDir: data });
  const store = new JobStore(db);
  const { id } = store.insert({ kind: "explore", payload: { request: { idea: "left running" } } });
  store.claimNext();
  db.exec(`CREATE TRIGGER refuse_requeue BEFORE UPDATE OF status ON jobs
    WHEN NEW.status = 'pending' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
  db.close();
  return id;
}

describe("idea-explorer serve on a job database that fails at start-up", () => {
  it("exits 2 with one line, before listening, and releases the data dir for the next start", async () => {
    const repo = initIdeasRepo(join(dir, "repo"));
    const data = join(dir, "data");
    const id = brokenDataDir(data);
    const args = ["--repo", repo, "--data-dir", data];

    const run = await runServeToExit(["--port", "0", ...args], { cwd: dir, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "idea-explorer serve: --data-dir cannot be used: the job database there cannot be opened or recovered (disk I/O error)\n",
    );
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);

    // The cause fixed, the next start takes the data dir and has the job back in the queue.
    const db = openJobDatabase({ dataDir: data });
    db.exec("DROP TRIGGER refuse_requeue");
    db.close();
    const server = await startServeProcess(args, { cwd: dir, env });
    try {
      const job = await getJson(`${server.url}/api/jobs/${id}`);
      expect(job.status).toBe(200);
      expect(["pending", "running", "failed"]).toContain(job.body.status);
    } finally {
      await server.stop();
    }
  }, 30_000);
});

type SettingCase = { args?: string[]; env?: Record<string, string>; line: string };

const TOKEN_LINE =
  "IDEA_EXPLORER_API_TOKEN holds no token: set it to one or more tokens separated by commas, or unset it to serve on localhost without one";
const MODEL_HINT =
  "give a model id such as sonnet or llama3.1:8b (or leave it out for the default)";

/** Settings serve checks before it starts anything: each stops it with the setting named. */
const settings: Record<string, SettingCase> = {
  "a token list of one comma": { env: { IDEA_EXPLORER_API_TOKEN: "," }, line: TOKEN_LINE },
  "a token list of blanks and commas": {
    env: { IDEA_EXPLORER_API_TOKEN: " , ,  " },
    line: TOKEN_LINE,
  },
  "a token too short to be one": {
    env: { IDEA_EXPLORER_API_TOKEN: "good-token-0123456789,abc" },
    line: "IDEA_EXPLORER_API_TOKEN: token 2 of 2 is shorter than 8 characters; use long random tokens (e.g. openssl rand -hex 32)",
  },
  "a token with a space inside": {
    env: { IDEA_EXPLORER_API_TOKEN: "two words-0123456789" },
    line: "IDEA_EXPLORER_API_TOKEN: its token contains a space or control character, which an Authorization header cannot carry",
  },
  "a webhook secret too short to be one": {
    env: { GITHUB_WEBHOOK_SECRET: "abc" },
    line: "GITHUB_WEBHOOK_SECRET is shorter than 8 characters; use a long random secret (e.g. openssl rand -hex 32) here and in the webhook's settings on GitHub",
  },
  "a model id with a space": {
    args: ["--model", "claude sonnet"],
    line: `--model contains a space; ${MODEL_HINT}`,
  },
  "a model id with a control character": {
    args: ["--model", "claude-x\u0007"],
    line: `--model contains a control character (U+0007); ${MODEL_HINT}`,
  },
  "a model id too long to be one": {
    args: ["--model", `claude-${"x".repeat(100)}`],
    line: `--model is longer than 100 characters; ${MODEL_HINT}`,
  },
  "an empty model id": { args: ["--model", " "], line: `--model is empty; ${MODEL_HINT}` },
  "an empty host": {
    args: ["--host", ""],
    line: "--host must not be empty (leave it out for the default)",
  },
  "an empty data dir": {
    args: ["--data-dir", ""],
    line: "--data-dir must not be empty (leave it out for the default)",
  },
};

describe("idea-explorer serve with a setting that cannot be right", () => {
  it.each(Object.entries(settings))(
    "%s: exits 2 naming it, before anything is created",
    async (name, c) => {
      const cwd = join(dir, `settings-${Object.keys(settings).indexOf(name)}`);
      const repo = initIdeasRepo(cwd);
      const run = await runServeToExit(["--port", "0", "--repo", repo, ...(c.args ?? [])], {
        cwd,
        env: { ...env, ...c.env },
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`idea-explorer serve: ${c.line}\n`);
      expect(existsSync(join(cwd, ".idea-explorer"))).toBe(false);
      for (const value of Object.values(c.env ?? {})) {
        if (value.trim().length > 3) expect(run.stderr).not.toContain(value);
      }
    },
  );
});
