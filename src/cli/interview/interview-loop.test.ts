import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { APICallError } from "ai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ScriptedStep, scriptedModel } from "../../../test/helpers/scripted-model.ts";
import { createInterviewSession } from "../../research/interview/interview-session.ts";
import { createJobFileWriteTool } from "../../research/interview/job-file-write-tool.ts";
import { PROMPT, runInterviewLoop } from "./interview-loop.ts";

let output: string;
beforeEach(async () => {
  output = await mkdtemp(path.join(tmpdir(), "interview-loop-"));
});
afterEach(() => rm(output, { recursive: true, force: true }));

function collect(stream: PassThrough): () => string {
  let text = "";
  stream.on("data", (chunk) => {
    text += String(chunk);
  });
  return () => text;
}

async function run(steps: ScriptedStep[], input: string, interactive = false) {
  const model = scriptedModel(steps);
  const session = createInterviewSession({
    model,
    tools: { file_write: createJobFileWriteTool({ root: output, onToolCall: () => {} }) },
    instructions: "interview",
    maxStepsPerTurn: 4,
    maxRetries: 0,
  });
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out = collect(stdout);
  const err = collect(stderr);
  stdin.end(input);
  const code = await runInterviewLoop({
    session,
    stdin,
    stdout,
    stderr,
    env: { ANTHROPIC_API_KEY: "sk-secret-value" },
    interactive,
    outputLabel: "./jobs",
  });
  return { code, out: out(), err: err(), model };
}

const write = (file: string) => ({
  toolCalls: [{ name: "file_write", input: { path: file, content: "x" } }],
});

describe("runInterviewLoop", () => {
  it("runs one turn per piped line without prompt noise, then summarises the files written", async () => {
    const { code, out, err, model } = await run(
      [
        { text: "What is slow?" },
        write("export/jtbd.md"),
        { text: "Written." },
        write("export/jtbd.md"),
        write("export/specs/writer.md"),
        { text: "Both done." },
      ],
      "Exports are slow\n\nWrite the job\nAdd a spec\n",
    );
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(model.doStreamCalls).toHaveLength(6);
    expect(out).not.toContain(PROMPT);
    expect(out).toBe(
      [
        "What is slow?",
        "Wrote export/jtbd.md",
        "Written.",
        "Wrote export/jtbd.md",
        "Wrote export/specs/writer.md",
        "Both done.",
        "Session summary: 2 files written in ./jobs:",
        "  export/jtbd.md",
        "  export/specs/writer.md",
        "",
      ].join("\n"),
    );
  });

  it("stops reading at /exit", async () => {
    const { code, out, model } = await run([{ text: "Hi." }], "hello\n/exit\nnever sent\n");
    expect(code).toBe(0);
    expect(model.doStreamCalls).toHaveLength(1);
    expect(out).toContain("No files written this session (output folder: ./jobs).");
  });

  it.each([
    ["a terminal escape", "clear\u001b[2Jthe screen", "U+001B at character 6"],
    ["a one-byte escape (C1)", "red\u009b31m", "U+009B at character 4"],
    ["a NUL", "a\u0000b", "U+0000 at character 2"],
  ])(
    "refuses a line with %s before the model sees it, goes on, and exits 1",
    async (_, line, at) => {
      const { code, out, err, model } = await run([{ text: "Hi." }], `${line}\nplain words\n`);
      expect(err).toBe(
        `idea-explorer interview: your message must not contain control characters (${at}); it was not sent: type it again without that character\n`,
      );
      expect(model.doStreamCalls).toHaveLength(1);
      const prompt = JSON.stringify(model.doStreamCalls[0]?.prompt);
      expect(prompt).toContain("plain words");
      // No control character in what the model was sent, in JSON's spellings of one or raw (C1).
      expect(prompt).not.toMatch(/\\u00[01][0-9a-f]|\\[bfr]|[\u007f-\u009f]/);
      expect(out).toContain("Hi.");
      expect(code).toBe(1);
    },
  );

  it("keeps tabs in a line and reads a Windows line break as a line break", async () => {
    const { code, err, model } = await run([{ text: "A." }, { text: "B." }], "a\tb\r\nc\r\n");
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(model.doStreamCalls).toHaveLength(2);
  });

  it("reports a model error on one line without secrets, goes on, and exits 1", async () => {
    const overloaded = new APICallError({
      message: "Upstream broke (key sk-secret-value)\n  at somewhere",
      url: "http://127.0.0.1/v1/messages",
      requestBodyValues: {},
      statusCode: 500,
      isRetryable: false,
    });
    const { code, out, err, model } = await run(
      [{ error: overloaded }, { text: "Back." }],
      "first\nsecond\n",
    );
    expect(err).toBe(
      "idea-explorer interview: mock-provider API server error (500): Upstream broke (key [redacted]) at somewhere\n",
    );
    expect(out).toContain("Back.");
    expect(model.doStreamCalls).toHaveLength(2);
    expect(code).toBe(1);
  });

  it("ends the session on an error no later turn can get past (rejected key)", async () => {
    const rejected = new APICallError({
      message: "invalid x-api-key",
      url: "http://127.0.0.1/v1/messages",
      requestBodyValues: {},
      statusCode: 401,
      isRetryable: false,
    });
    const { code, err, model } = await run([{ error: rejected }], "first\nsecond\n");
    expect(err).toBe(
      "idea-explorer interview: mock-provider API rejected the API key (401): invalid x-api-key; check the key (ending the session)\n",
    );
    expect(model.doStreamCalls).toHaveLength(1);
    expect(code).toBe(1);
  });

  it("strips terminal escape sequences from what the model says and writes", async () => {
    const { out } = await run(
      [{ text: "safe\u001b[2Jtext\u0007" }, write("a\u001b]0;title\u0007/jtbd.md"), { text: "ok" }],
      "one\ntwo\n",
    );
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(out).toContain("safe[2Jtext");
  });
});
