import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { cp, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnthropicServer, reply, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";
import { INTERVIEW_COMMAND, REPO } from "./run-interview-cli.ts";

// util-linux `script` runs a command on a fresh pseudo-terminal and relays our pipe to it, so the
// interview sees a real TTY (raw mode, Ctrl+C as a key) without a native pty module.
const hasScript = spawnSync("script", ["--version"]).status === 0;

let tree: TempTree;
let api: FakeAnthropicServer;

beforeEach(async () => {
  tree = await makeTempTree({});
  await cp(path.join(REPO, "test/fixtures/interview-codebase"), path.join(tree.dir, "codebase"), {
    recursive: true,
  });
});
afterEach(async () => {
  await api?.close();
  await tree.cleanup();
});

function quote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Output so far, and a way to wait until it contains something (or the process ends). */
function watch(child: ChildProcessWithoutNullStreams) {
  let output = "";
  let exit: number | null | undefined;
  const waiters: Array<() => void> = [];
  const notify = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout.on("data", (chunk) => {
    output += chunk;
    notify();
  });
  child.on("close", (code) => {
    exit = code;
    notify();
  });
  const until = (done: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (done()) resolve();
        else if (exit !== undefined)
          reject(new Error(`exited (${exit}) before ${what}:\n${output}`));
        else waiters.push(check);
      };
      check();
    });
  return {
    child,
    output: () => output,
    waitFor: (text: string, times = 1) =>
      until(() => output.split(text).length - 1 >= times, JSON.stringify(text)),
    exited: () => until(() => exit !== undefined, "exit").then(() => exit),
  };
}

/** The interview on a fresh pseudo-terminal, talking to the fake API at `url`. */
function startInTerminal(url: string): ChildProcessWithoutNullStreams {
  const command = [process.execPath, ...INTERVIEW_COMMAND, "--codebase", "codebase"]
    .map(quote)
    .join(" ");
  return spawn("script", ["-qefc", command, "/dev/null"], {
    cwd: tree.dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: tree.dir,
      TERM: "xterm",
      ANTHROPIC_API_KEY: "sk-ant-test-key-123456",
      ANTHROPIC_BASE_URL: url,
    },
  });
}

describe("idea-explorer interview in a real terminal", () => {
  it.skipIf(!hasScript)(
    "shows a prompt, streams the answer, separates turns, and ends on Ctrl+C with a summary",
    async () => {
      api = await startFakeAnthropic({
        replies: [
          reply.toolUse("file_read", { path: "README.md" }),
          reply.text("Ledger Lite exports CSVs in memory. What outcome do you need?"),
        ],
      });
      const term = watch(startInTerminal(api.url));
      const child = term.child;

      await term.waitFor("you › ");
      expect(term.output()).toContain("Describe the problem you want to solve.");
      expect(term.output()).toContain("Web search: Anthropic web search.");
      child.stdin.write("Exports time out for big accounts\r");
      await term.waitFor("you › ", 2);
      const transcript = term.output();
      expect(transcript).toContain("  · file_read README.md");
      expect(transcript).toContain("Ledger Lite exports CSVs in memory. What outcome do you need?");
      expect(transcript).toMatch(/─{40,}/);

      child.stdin.write("\x03");
      expect(await term.exited()).toBe(0);
      expect(term.output()).toContain("No files written this session (output folder: ./jobs).");
      expect(api.requests).toHaveLength(2);
    },
  );

  it.skipIf(!hasScript)(
    "streams text while the reply is open; Ctrl+C then stops the turn, keeps the files written, ends cleanly",
    async () => {
      api = await startFakeAnthropic({
        replies: [
          reply.toolUse("file_write", { path: "csv-export/jtbd.md", content: "# Job\n" }),
          // The next step streams its first words, then never finishes.
          reply.hang(reply.text("Now drafting the spec for the streaming writer")),
        ],
      });
      const term = watch(startInTerminal(api.url));
      await term.waitFor("you › ");
      term.child.stdin.write("Write the job now\r");
      await term.waitFor("Wrote csv-export/jtbd.md");
      // Text is shown as it arrives, while its reply is still open.
      await term.waitFor("Now drafting the spec for the streaming writer");
      term.child.stdin.write("\x03");
      expect(await term.exited()).toBe(0);
      const transcript = term.output();
      expect(transcript).toContain(
        "Now drafting the spec for the streaming writer\r\n(interrupted)",
      );
      expect(transcript).toContain("Session summary: 1 file written in ./jobs:");
      expect(transcript).toContain("  csv-export/jtbd.md");
      expect(await readFile(path.join(tree.dir, "jobs/csv-export/jtbd.md"), "utf8")).toBe(
        "# Job\n",
      );
    },
  );

  it.skipIf(!hasScript)("/exit and Ctrl+D at the prompt end the session the same way", async () => {
    api = await startFakeAnthropic({ replies: [reply.text("Noted.")] });
    const term = watch(startInTerminal(api.url));
    await term.waitFor("you › ");
    term.child.stdin.write("hello\r");
    await term.waitFor("you › ", 2);
    term.child.stdin.write("/exit\r");
    expect(await term.exited()).toBe(0);
    expect(term.output()).toContain("No files written this session (output folder: ./jobs).");

    const again = watch(startInTerminal(api.url));
    await again.waitFor("you › ");
    again.child.stdin.write("\x04");
    expect(await again.exited()).toBe(0);
    expect(again.output()).toContain("No files written this session (output folder: ./jobs).");
    expect(api.requests).toHaveLength(1);
  });
});
