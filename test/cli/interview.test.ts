import { cp, mkdir, readdir, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";
import { REPO, runInterviewCli } from "./run-interview-cli.ts";
import { type ScriptedAnthropic, startScriptedAnthropic } from "./scripted-anthropic.ts";

const FIXTURE = path.join(REPO, "test/fixtures/interview-codebase");
const JTBD = "# Stream CSV exports\n\n## Job statement\nWhen I export a big account...\n";
const SPEC = "# Streaming writer\n\n## Requirements\n- Rows are written as they are read.\n";

let tree: TempTree;
let api: ScriptedAnthropic | undefined;
let codebase: string;

beforeEach(async () => {
  tree = await makeTempTree({});
  codebase = path.join(tree.dir, "codebase");
  await cp(FIXTURE, codebase, { recursive: true });
});
afterEach(async () => {
  await api?.close();
  api = undefined;
  await tree.cleanup();
});

function env(url: string): Record<string, string> {
  return { ANTHROPIC_API_KEY: "sk-ant-test-key-123456", ANTHROPIC_BASE_URL: url };
}

async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.map(String).sort();
}

/** Every tool_result block the model was sent in a request, with the text it carried. */
function toolResults(request: { messages: unknown[] }): Array<{ isError: boolean; text: string }> {
  const out: Array<{ isError: boolean; text: string }> = [];
  for (const message of request.messages as Array<{ content: unknown }>) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Array<Record<string, unknown>>) {
      if (block.type === "tool_result") {
        out.push({ isError: block.is_error === true, text: JSON.stringify(block.content) });
      }
    }
  }
  return out;
}

describe("idea-explorer interview (child process, piped stdin, loopback Anthropic API)", () => {
  it("runs a 3-turn interview that reads the codebase and writes a job folder", async () => {
    api = await startScriptedAnthropic([
      // Turn 1: research before asking.
      { toolUses: [{ name: "list_files", input: { depth: 2 } }] },
      {
        toolUses: [
          { name: "search_files", input: { text: "export_transactions" } },
          { name: "file_read", input: { path: "app/exports.py" } },
        ],
      },
      { text: "I see app/exports.py builds the whole CSV in memory. What outcome do you need?" },
      // Turn 2: reading a file that merely starts with "Wrote " is not a write.
      { toolUses: [{ name: "file_read", input: { path: "docs/status.md" } }] },
      { text: "Clear. Shall I write the job and a spec for the streaming writer?" },
      // Turn 3: the writes.
      {
        toolUses: [
          { name: "file_write", input: { path: "stream-csv-exports/jtbd.md", content: JTBD } },
          {
            name: "file_write",
            input: { path: "stream-csv-exports/specs/streaming-writer.md", content: SPEC },
          },
        ],
      },
      { text: "Written. Anything else?" },
    ]);
    const before = await listTree(codebase);
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input:
        "Exports time out for big accounts\nDownloads start at once, even for 1M rows\nYes, write it\n",
      env: env(api.url),
      cwd: tree.dir,
    });

    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines.filter((l) => l.startsWith("Wrote "))).toEqual([
      "Wrote stream-csv-exports/jtbd.md",
      "Wrote stream-csv-exports/specs/streaming-writer.md",
    ]);
    expect(run.stdout).toContain("  · file_read app/exports.py\n");
    expect(run.stdout).toContain("I see app/exports.py builds the whole CSV in memory.");
    expect(run.stdout).not.toContain("you ›");
    expect(
      run.stdout.endsWith(
        [
          "Written. Anything else?",
          "Session summary: 2 files written in ./jobs:",
          "  stream-csv-exports/jtbd.md",
          "  stream-csv-exports/specs/streaming-writer.md",
          "",
        ].join("\n"),
      ),
    ).toBe(true);

    const jobs = path.join(tree.dir, "jobs");
    expect(await readFile(path.join(jobs, "stream-csv-exports/jtbd.md"), "utf8")).toBe(JTBD);
    expect(
      await readFile(path.join(jobs, "stream-csv-exports/specs/streaming-writer.md"), "utf8"),
    ).toBe(SPEC);
    expect(await listTree(codebase)).toEqual(before);

    // One streamed request per step; each turn sends the whole conversation so far.
    expect(api.requests).toHaveLength(7);
    expect(api.requests.every((r) => r.stream === true)).toBe(true);
    expect(JSON.stringify(api.requests[0]?.system)).toContain("Jobs-To-Be-Done");
    const toolNames = ((api.requests[0]?.tools ?? []) as Array<{ name: string }>).map(
      (t) => t.name,
    );
    expect(toolNames.sort()).toEqual([
      "file_read",
      "file_write",
      "list_files",
      "search_files",
      "web_search",
    ]);
    const lastTurn = JSON.stringify(api.requests[5]?.messages);
    expect(lastTurn).toContain("Exports time out for big accounts");
    expect(lastTurn).toContain("Builds the whole CSV in memory; large accounts time out");
    expect(lastTurn).toContain("app/exports.py:5: def export_transactions(account):");
    expect(lastTurn).toContain("Yes, write it");
  });

  it("refuses writes outside the output folder and reads outside the codebase; nothing escapes", async () => {
    const jobs = path.join(tree.dir, "jobs");
    await mkdir(jobs);
    await symlink(tree.outside, path.join(jobs, "linked-job"));
    await symlink(path.join(tree.outside, "secret.txt"), path.join(codebase, "leak.md"));
    const secretPath = path.join(tree.outside, "secret.txt");
    api = await startScriptedAnthropic([
      {
        toolUses: [
          { name: "file_write", input: { path: "../escaped/jtbd.md", content: "x" } },
          { name: "file_write", input: { path: `${tree.outside}/jtbd.md`, content: "x" } },
          { name: "file_write", input: { path: "linked-job/jtbd.md", content: "x" } },
          { name: "file_write", input: { path: "linked-job/specs/a.md", content: "x" } },
          { name: "file_read", input: { path: "../outside/secret.txt" } },
          { name: "file_read", input: { path: secretPath } },
          { name: "file_read", input: { path: "leak.md" } },
          { name: "list_files", input: { path: "../outside" } },
          { name: "search_files", input: { text: "OUTSIDE-SECRET" } },
        ],
      },
      { text: "None of that worked." },
    ]);
    const outsideBefore = await listTree(tree.outside);
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "try to escape\n",
      env: env(api.url),
      cwd: tree.dir,
    });

    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/^Wrote /m);
    expect(run.stdout).toContain("No files written this session (output folder: ./jobs).");
    expect(await listTree(tree.outside)).toEqual(outsideBefore);
    expect(await readFile(secretPath, "utf8")).toBe("OUTSIDE-SECRET\n");
    expect(await readdir(jobs)).toEqual(["linked-job"]);
    expect(await listTree(path.dirname(tree.dir))).not.toContain("escaped");

    const results = toolResults(api.requests[1] ?? { messages: [] });
    expect(results).toHaveLength(9);
    expect(results.slice(0, 8).every((r) => r.isError)).toBe(true);
    expect(results[8]?.text).toContain("No matches");
    for (const result of results) {
      expect(result.text).not.toContain("OUTSIDE-SECRET\\n");
      expect(result.text).not.toContain(tree.dir);
    }
    expect(run.stdout).not.toContain(tree.dir);
  });

  it("reports an API error as one line and carries on with the next turn", async () => {
    api = await startScriptedAnthropic([
      { status: 400, errorType: "invalid_request_error", message: "messages: something was off" },
      { text: "Second turn answered." },
    ]);
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "first\nsecond\n",
      env: env(api.url),
      cwd: tree.dir,
    });
    expect(run.stderr).toBe("model error: messages: something was off\n");
    expect(run.stdout).toContain("Second turn answered.");
    expect(run.code).toBe(1);
    expect(JSON.stringify(api.requests[1]?.messages)).not.toContain("first");
  });

  it("ends the session when the API rejects the key", async () => {
    api = await startScriptedAnthropic([
      { status: 401, errorType: "authentication_error", message: "invalid x-api-key" },
    ]);
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "first\nsecond\n",
      env: env(api.url),
      cwd: tree.dir,
    });
    expect(run.stderr).toBe("model error: invalid x-api-key (ending the session)\n");
    expect(run.stderr).not.toContain("sk-ant-test-key");
    expect(api.requests).toHaveLength(1);
    expect(run.code).toBe(1);
  });

  it.each([
    [["--codebase", "codebase"], {}, "ANTHROPIC_API_KEY is not set"],
    [
      ["--codebase", "missing"],
      { ANTHROPIC_API_KEY: "k" },
      '--codebase "missing": the codebase folder does not exist',
    ],
    [
      ["--codebase", "codebase", "--output", "codebase/app/exports.py/jobs"],
      { ANTHROPIC_API_KEY: "k" },
      "the folder cannot be created",
    ],
    [
      ["--codebase", "codebase", "--output", "."],
      { ANTHROPIC_API_KEY: "k" },
      "must not contain the codebase",
    ],
  ])("fails at once, before any model call: %j", async (args, extraEnv, message) => {
    api = await startScriptedAnthropic([]);
    const run = await runInterviewCli(args, {
      input: "hello\n",
      env: { ANTHROPIC_BASE_URL: api.url, ...extraEnv },
      cwd: tree.dir,
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(message);
    expect(api.requests).toHaveLength(0);
    expect(await listTree(tree.dir)).not.toContain("jobs");
  });
});
