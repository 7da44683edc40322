import { chmod, cp, mkdir, readdir, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeAnthropicServer,
  type RecordedRequest,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";
import { REPO, runInterviewCli, SESSION_COST, withoutCost } from "./run-interview-cli.ts";

const FIXTURE = path.join(REPO, "test/fixtures/interview-codebase");
const JTBD = "# Stream CSV exports\n\n## Job statement\nWhen I export a big account...\n";
const SPEC = "# Streaming writer\n\n## Requirements\n- Rows are written as they are read.\n";
const KEY = "sk-ant-test-key-123456";

let tree: TempTree;
let api: FakeAnthropicServer | undefined;
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
  return { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: url };
}

async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.map(String).sort();
}

/** Every tool_result block a request sent, with the text it carried. */
function toolResults(request: RecordedRequest | undefined) {
  const out: Array<{ isError: boolean; text: string }> = [];
  for (const message of request?.body.messages ?? []) {
    if (typeof message.content === "string") continue;
    for (const b of message.content as unknown as Array<Record<string, unknown>>) {
      if (b.type === "tool_result") {
        out.push({ isError: b.is_error === true, text: JSON.stringify(b.content) });
      }
    }
  }
  return out;
}

/** A request's messages as "role: block types / text" lines, to compare conversations. */
function transcript(request: RecordedRequest | undefined): string[] {
  return (request?.body.messages ?? []).map((m) => {
    if (typeof m.content === "string") return `${m.role}: ${m.content}`;
    const parts = (m.content as unknown as Array<Record<string, unknown>>).map((b) =>
      b.type === "text" ? String(b.text) : `[${String(b.type)}${b.name ? ` ${b.name}` : ""}]`,
    );
    return `${m.role}: ${parts.join(" | ")}`;
  });
}

describe("idea-explorer interview (child process, piped stdin, loopback Anthropic API)", () => {
  it("runs a 3-turn interview that reads the codebase and writes a job folder", async () => {
    api = await startFakeAnthropic({
      apiKey: KEY,
      replies: [
        // Turn 1: research before asking.
        reply.toolUse("list_files", { depth: 2 }),
        reply.toolUses([
          { name: "search_files", input: { text: "export_transactions" } },
          { name: "file_read", input: { path: "app/exports.py" } },
        ]),
        reply.text(
          "I see app/exports.py builds the whole CSV in memory. What outcome do you need?",
        ),
        // Turn 2: docs/status.md starts with "Wrote fake-job/jtbd.md": reading it is not a write.
        reply.toolUse("file_read", { path: "docs/status.md" }),
        reply.text("Clear. Shall I write the job and a spec for the streaming writer?"),
        // Turn 3: the writes.
        reply.toolUses([
          { name: "file_write", input: { path: "stream-csv-exports/jtbd.md", content: JTBD } },
          {
            name: "file_write",
            input: { path: "stream-csv-exports/specs/streaming-writer.md", content: SPEC },
          },
        ]),
        reply.text("Written. Anything else?"),
      ],
    });
    const before = await listTree(codebase);
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input:
        "Exports time out for big accounts\nDownloads start at once, even for 1M rows\nYes, write it\n",
      env: env(api.url),
      cwd: tree.dir,
    });

    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n").filter((l) => l.startsWith("Wrote "))).toEqual([
      "Wrote stream-csv-exports/jtbd.md",
      "Wrote stream-csv-exports/specs/streaming-writer.md",
    ]);
    expect(run.stdout).toContain("  · file_read app/exports.py\n");
    expect(run.stdout).toContain("  · file_read docs/status.md\n");
    expect(run.stdout).toContain("I see app/exports.py builds the whole CSV in memory.");
    expect(run.stdout).not.toContain("you ›");
    expect(run.stdout).not.toContain("fake-job");
    expect(
      withoutCost(run.stdout).endsWith(
        [
          "Written. Anything else?",
          "Session summary: 2 files written in ./jobs:",
          "  stream-csv-exports/jtbd.md",
          "  stream-csv-exports/specs/streaming-writer.md",
          "",
        ].join("\n"),
      ),
    ).toBe(true);
    // The session ends with what it cost, from the usage the API reported.
    expect(run.stdout).toMatch(SESSION_COST);

    const jobs = path.join(tree.dir, "jobs");
    expect(await listTree(jobs)).toEqual([
      "stream-csv-exports",
      "stream-csv-exports/jtbd.md",
      "stream-csv-exports/specs",
      "stream-csv-exports/specs/streaming-writer.md",
    ]);
    expect(await readFile(path.join(jobs, "stream-csv-exports/jtbd.md"), "utf8")).toBe(JTBD);
    expect(
      await readFile(path.join(jobs, "stream-csv-exports/specs/streaming-writer.md"), "utf8"),
    ).toBe(SPEC);
    expect(await listTree(codebase)).toEqual(before);

    // One streamed request per step: 3 + 2 + 2.
    expect(api.requests).toHaveLength(7);
    expect(api.requests.every((r) => r.stream)).toBe(true);
    const first = api.requests[0]?.body;
    expect(JSON.stringify(first?.system)).toContain("Jobs-To-Be-Done");
    expect(JSON.stringify(first?.system)).not.toContain("Web search is not available");
    // Anthropic runs the searches itself: its server tool, next to our four function tools.
    expect(first?.tools?.map((t) => t.name)).toEqual([
      "list_files",
      "search_files",
      "file_read",
      "file_write",
      "web_search",
    ]);
    expect(first?.tools?.at(-1)).toMatchObject({ type: "web_search_20250305", max_uses: 5 });

    // The second turn's first request carries the whole first turn, tool results included.
    expect(transcript(api.requests[3])).toEqual([
      "user: Exports time out for big accounts",
      "assistant: [tool_use list_files]",
      "user: [tool_result]",
      "assistant: [tool_use search_files] | [tool_use file_read]",
      "user: [tool_result] | [tool_result]",
      "assistant: I see app/exports.py builds the whole CSV in memory. What outcome do you need?",
      "user: Downloads start at once, even for 1M rows",
    ]);
    const turnOneResults = toolResults(api.requests[3]).map((r) => r.text);
    expect(turnOneResults[1]).toContain("app/exports.py:5: def export_transactions(account):");
    expect(turnOneResults[2]).toContain("Builds the whole CSV in memory");
    // ...and the third turn's carries both earlier turns.
    expect(transcript(api.requests[5]).slice(0, 7)).toEqual(transcript(api.requests[3]));
    expect(transcript(api.requests[5]).at(-1)).toBe("user: Yes, write it");
    expect(JSON.stringify(toolResults(api.requests[5]))).toContain(
      "Wrote fake-job/jtbd.md\\\\nThis file only starts like",
    );
  });

  it("refuses writes outside the output folder and reads outside the codebase; nothing escapes", async () => {
    const jobs = path.join(tree.dir, "jobs");
    await mkdir(jobs);
    await symlink(tree.outside, path.join(jobs, "linked-job"));
    await symlink(path.join(tree.outside, "secret.txt"), path.join(codebase, "leak.md"));
    await symlink(tree.outside, path.join(codebase, "linked-dir"));
    const secretPath = path.join(tree.outside, "secret.txt");
    api = await startFakeAnthropic({
      replies: [
        reply.toolUses([
          { name: "file_write", input: { path: "../escaped/jtbd.md", content: "x" } },
          { name: "file_write", input: { path: `${tree.outside}/jtbd.md`, content: "x" } },
          { name: "file_write", input: { path: "linked-job/jtbd.md", content: "x" } },
          { name: "file_write", input: { path: "linked-job/specs/a.md", content: "x" } },
          { name: "file_read", input: { path: "../outside/secret.txt" } },
          { name: "file_read", input: { path: secretPath } },
          { name: "file_read", input: { path: "leak.md" } },
          { name: "file_read", input: { path: "linked-dir/secret.txt" } },
          { name: "list_files", input: { path: "../outside" } },
          { name: "search_files", input: { text: "OUTSIDE-SECRET" } },
        ]),
        reply.text("None of that worked."),
      ],
    });
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
    // The output folder is ./jobs, so "../escaped" would have landed beside it.
    expect((await listTree(tree.dir)).filter((entry) => entry.includes("escaped"))).toEqual([]);

    const results = toolResults(api.requests[1]);
    expect(results).toHaveLength(10);
    expect(results.slice(0, 9).map((r) => r.isError)).toEqual(Array(9).fill(true));
    expect(results[9]?.text).toContain("No matches");
    for (const result of results) {
      expect(result.text).not.toContain("OUTSIDE-SECRET\\n");
      expect(result.text).not.toContain(tree.dir);
    }
    // Links are refused without saying where they point (the model only gave relative paths).
    for (const result of results.slice(6, 9)) expect(result.text).not.toContain(tree.outside);
    expect(run.stdout).not.toContain(tree.dir);
    expect(run.stdout.match(/ failed: /g)).toHaveLength(9);
    // The person watching reads what went wrong, never an internal error class name.
    expect(run.stdout).toContain(
      `  · file_read failed: Invalid path "../outside/secret.txt": '..' segments are not allowed\n`,
    );
    expect(run.stdout).not.toMatch(/\w+Error\b/);
  });

  it("reports an overloaded API (after the SDK's retries) as one line and goes on", async () => {
    api = await startFakeAnthropic({
      replies: [
        reply.overloaded(),
        reply.overloaded(),
        reply.overloaded(),
        reply.text("Second turn answered."),
      ],
    });
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "first\nsecond\n",
      env: env(api.url),
      cwd: tree.dir,
    });
    expect(run.stderr).toBe(
      "idea-explorer interview: Anthropic API overloaded (529) after 3 attempts; try again later\n",
    );
    expect(run.stdout).toContain("Second turn answered.");
    expect(run.stdout).toContain("No files written this session");
    expect(run.code).toBe(1);
    // Three attempts at the first turn (the SDK retries twice), then the second turn, which
    // does not carry the failed one.
    expect(api.requests).toHaveLength(4);
    expect(transcript(api.requests[3])).toEqual(["user: second"]);
  });

  it("reports an error that arrives mid-stream as one line and goes on", async () => {
    api = await startFakeAnthropic({
      replies: [
        reply.error(500, "api_error", "Internal server error", { midStream: true }),
        reply.text("Recovered."),
      ],
    });
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "first\nsecond\n",
      env: env(api.url),
      cwd: tree.dir,
    });
    expect(run.stderr.split("\n")).toHaveLength(2);
    expect(run.stderr).toBe(
      "idea-explorer interview: Anthropic API call failed: Internal server error\n",
    );
    expect(run.stdout).toContain("Recovered.");
    expect(run.code).toBe(1);
  });

  it("ends the session when the API rejects the key, without echoing it", async () => {
    api = await startFakeAnthropic({ apiKey: "sk-ant-the-right-key" });
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "first\nsecond\n",
      env: env(api.url),
      cwd: tree.dir,
    });
    expect(run.stderr).toBe(
      "idea-explorer interview: Anthropic API rejected the API key (401): invalid x-api-key; check the key (ending the session)\n",
    );
    expect(run.stdout).toContain("No files written this session");
    expect(api.requests).toHaveLength(1);
    expect(run.code).toBe(1);
  });

  it("ends a turn at --max-steps and says how to go on", async () => {
    api = await startFakeAnthropic({
      replies: [
        reply.toolUse("file_read", { path: "README.md" }),
        reply.toolUse("file_read", { path: "app/exports.py" }),
        reply.text("Done reading."),
      ],
    });
    const run = await runInterviewCli(["--codebase", "codebase", "--max-steps", "2"], {
      input: "look around\ncontinue\n",
      env: env(api.url),
      cwd: tree.dir,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(stopped after 2 steps this turn; reply "continue"');
    expect(run.stdout).toContain("Done reading.");
    expect(api.requests).toHaveLength(3);
  });

  it("ends on Ctrl+C (SIGINT) with piped input: the files written listed and kept, exit 130", async () => {
    api = await startFakeAnthropic({
      replies: [
        reply.toolUse("file_write", { path: "csv-export/jtbd.md", content: JTBD }),
        reply.text("Wrote the job. What next?"),
      ],
    });
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "write the job\n",
      env: env(api.url),
      cwd: tree.dir,
      // stdin stays open: only the interrupt can end this session.
      interruptAfter: "What next?",
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toBe(
      "idea-explorer interview: interrupted (Ctrl+C); the 1 file written is kept in ./jobs\n",
    );
    expect(withoutCost(run.stdout)).toBe(
      [
        "Wrote csv-export/jtbd.md",
        "Wrote the job. What next?",
        "Session summary: 1 file written in ./jobs:",
        "  csv-export/jtbd.md",
        "",
      ].join("\n"),
    );
    expect(await readFile(path.join(tree.dir, "jobs/csv-export/jtbd.md"), "utf8")).toBe(JTBD);
  });

  it("ends on SIGTERM mid-turn: the model request closed, the files written kept, exit 143", async () => {
    api = await startFakeAnthropic({
      replies: [
        reply.toolUse("file_write", { path: "csv-export/jtbd.md", content: JTBD }),
        // The next step streams its first words, then never finishes.
        reply.hang(reply.text("Now drafting the spec")),
      ],
    });
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "write the job\n",
      env: env(api.url),
      cwd: tree.dir,
      interruptAfter: "Now drafting the spec",
      interruptWith: "SIGTERM",
    });
    expect(run.code).toBe(143);
    expect(run.stderr).toBe(
      "idea-explorer interview: stopped by SIGTERM; the 1 file written is kept in ./jobs\n",
    );
    expect(withoutCost(run.stdout)).toBe(
      [
        "Wrote csv-export/jtbd.md",
        "Now drafting the spec",
        "(interrupted)",
        "Session summary: 1 file written in ./jobs:",
        "  csv-export/jtbd.md",
        "",
      ].join("\n"),
    );
    expect(api.requests.at(-1)?.closedByClient).toBe(true);
    expect(await readFile(path.join(tree.dir, "jobs/csv-export/jtbd.md"), "utf8")).toBe(JTBD);
  });

  it("ends on SIGINT before anything is written: exit 130, nothing kept, no output folder", async () => {
    api = await startFakeAnthropic({ replies: [reply.text("What is slow?")] });
    const run = await runInterviewCli(["--codebase", "codebase"], {
      input: "exports\n",
      env: env(api.url),
      cwd: tree.dir,
      interruptAfter: "What is slow?",
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toBe(
      "idea-explorer interview: interrupted (Ctrl+C); no files were written\n",
    );
    expect(await listTree(tree.dir)).not.toContain("jobs");
  });

  it("stops reading at /exit and still prints the summary", async () => {
    api = await startFakeAnthropic({ replies: [reply.text("Hello.")] });
    const run = await runInterviewCli(["--codebase", "codebase", "--output", "out/jobs"], {
      input: "hello\n/exit\nnever sent\n",
      env: env(api.url),
      cwd: tree.dir,
    });
    expect(run.code).toBe(0);
    expect(api.requests).toHaveLength(1);
    expect(withoutCost(run.stdout)).toBe(
      "Hello.\nNo files written this session (output folder: out/jobs).\n",
    );
  });

  it.each([
    [["--codebase", "codebase"], {}, "ANTHROPIC_API_KEY is not set"],
    [
      ["--codebase", "missing"],
      { ANTHROPIC_API_KEY: "k" },
      '--codebase "missing": the codebase folder does not exist',
    ],
    [
      ["--codebase", "codebase/README.md"],
      { ANTHROPIC_API_KEY: "k" },
      '--codebase "codebase/README.md": the codebase folder is not a directory',
    ],
    [
      ["--codebase", "codebase", "--output", "codebase/app/exports.py/jobs"],
      { ANTHROPIC_API_KEY: "k" },
      '--output "codebase/app/exports.py/jobs": the folder cannot be created',
    ],
    [
      ["--codebase", "codebase", "--output", "."],
      { ANTHROPIC_API_KEY: "k" },
      '--output ".": the output folder must not contain the codebase (it is read-only)',
    ],
    [["--output", "jobs"], { ANTHROPIC_API_KEY: "k" }, "--codebase DIR is required"],
  ])("fails at once, before any model call: %j", async (args, extraEnv, message) => {
    api = await startFakeAnthropic();
    const run = await runInterviewCli(args, {
      input: "hello\n",
      env: { ANTHROPIC_BASE_URL: api.url, ...extraEnv },
      cwd: tree.dir,
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^idea-explorer interview: [^\n]+\n$/);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toContain(tree.dir);
    expect(api.requests).toHaveLength(0);
    expect(await listTree(tree.dir)).not.toContain("jobs");
  });

  it.each([
    [
      "a codebase it may not read",
      "codebase",
      0o000,
      [],
      '--codebase "codebase": the folder cannot be read',
    ],
    [
      "an output folder it may not write",
      "read-only-jobs",
      0o555,
      ["--output", "read-only-jobs"],
      '--output "read-only-jobs": the folder is not writable',
    ],
  ])("fails at once on %s", async (_what, folder, mode, args, message) => {
    await mkdir(path.join(tree.dir, folder), { recursive: true });
    await chmod(path.join(tree.dir, folder), mode);
    api = await startFakeAnthropic();
    // Root reads and writes anything: then run the CLI as nobody, in folders nobody may enter.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    if ("uid" in asUser) {
      await chmod(path.dirname(tree.dir), 0o755);
      await chmod(tree.dir, 0o755);
    }
    const run = await runInterviewCli(["--codebase", "codebase", ...args], {
      input: "hello\n",
      env: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "k" },
      cwd: tree.dir,
      ...asUser,
    });
    await chmod(path.join(tree.dir, folder), 0o755);
    expect(run.stderr).toBe(`idea-explorer interview: ${message}\n`);
    expect(run.code).toBe(2);
    expect(api.requests).toHaveLength(0);
    expect(await listTree(tree.dir)).not.toContain("jobs");
  });
});
