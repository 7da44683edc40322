import { lstat, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSandboxTree, type SandboxTree } from "../../test/fixtures/sandbox-tree.ts";
import { driveTool, driveToolRaw } from "../../test/helpers/drive-tool.ts";
import { SandboxRootError } from "../sandbox/sandbox-root.ts";
import { createFileReadTool, FILE_READ_TOOL_NAME } from "./file-read.ts";
import {
  createFileWriteTool,
  FILE_WRITE_TOOL_NAME,
  fileWriteInputSchema,
  writtenFileOf,
} from "./file-write.ts";
import type { ToolCallLog } from "./tool-call-log.ts";

let tree: SandboxTree;
let outsideBefore: string;
beforeAll(async () => {
  tree = await createSandboxTree();
  outsideBefore = await tree.snapshotOutside();
});
afterEach(async () => {
  expect(await tree.snapshotOutside()).toBe(outsideBefore);
});
afterAll(() => tree.cleanup());

async function call(input: unknown, options: { maxBytes?: number } = {}) {
  const logs: ToolCallLog[] = [];
  const tool = createFileWriteTool({
    root: tree.root,
    onToolCall: (l) => logs.push(l),
    ...options,
  });
  const raw = typeof input === "string" ? input : JSON.stringify(input);
  const driven = await driveToolRaw({ [FILE_WRITE_TOOL_NAME]: tool }, FILE_WRITE_TOOL_NAME, raw);
  return { ...driven, logs };
}

async function errorFor(input: unknown, options: { maxBytes?: number } = {}) {
  const { part, seenByModel, logs } = await call(input, options);
  expect(part.type).toBe("tool-error");
  expect(writtenFileOf(part)).toBeUndefined();
  const text = String(seenByModel.value);
  expect(text).not.toContain(tree.base);
  expect(text).not.toMatch(/\n\s+at /);
  return { text, logs };
}

const onDisk = (rel: string) => readFile(path.join(tree.root, rel), "utf8");

describe("file_write through generateText", () => {
  it("writes, creates folders, and answers exactly `Wrote <relative-path>`", async () => {
    const { part, seenByModel, logs } = await call({
      path: "specs/auth/login.md",
      content: "# Login\n",
    });
    expect(part.type).toBe("tool-result");
    expect(part.type === "tool-result" && part.output).toBe("Wrote specs/auth/login.md");
    expect(seenByModel).toEqual({ type: "text", value: "Wrote specs/auth/login.md" });
    expect(await onDisk("specs/auth/login.md")).toBe("# Login\n");
    expect(writtenFileOf(part)).toBe("specs/auth/login.md");
    expect(logs).toEqual([
      {
        name: "file_write",
        path: "specs/auth/login.md",
        durationMs: expect.any(Number),
        ok: true,
        bytes: 8,
      },
    ]);
  });

  it("overwrites an existing file (the agent revises its output)", async () => {
    await call({ path: "jtbd.md", content: "first" });
    const { part } = await call({ path: "jtbd.md", content: "second" });
    expect(writtenFileOf(part)).toBe("jtbd.md");
    expect(await onDisk("jtbd.md")).toBe("second");
  });

  it("writes an empty file and multi-byte text", async () => {
    await call({ path: "empty.md", content: "" });
    expect(await onDisk("empty.md")).toBe("");
    await call({ path: "unicode.md", content: "日本語 🚀" });
    expect(await onDisk("unicode.md")).toBe("日本語 🚀");
  });

  it("replaces a hard link to an outside file instead of changing that file", async () => {
    const { part } = await call({ path: "hardlink-outside", content: "mine" });
    expect(writtenFileOf(part)).toBe("hardlink-outside");
    expect(await onDisk("hardlink-outside")).toBe("mine");
    expect((await lstat(path.join(tree.root, "hardlink-outside"))).nlink).toBe(1);
  });

  it("replaces a link to an outside file instead of writing through it", async () => {
    const { part } = await call({ path: "link-outside-file", content: "mine" });
    expect(writtenFileOf(part)).toBe("link-outside-file");
    expect((await lstat(path.join(tree.root, "link-outside-file"))).isFile()).toBe(true);
  });

  it("enforces the content cap in UTF-8 bytes", async () => {
    const { text, logs } = await errorFor({ path: "big.md", content: "ééé" }, { maxBytes: 5 });
    expect(text).toBe(
      'FileWriteError: Content for "big.md" is too large: 6 bytes (the limit is 5 bytes)',
    );
    expect(logs[0]).toMatchObject({ ok: false, errorType: "too_large" });
    const { part } = await call({ path: "fits.md", content: "éé" }, { maxBytes: 4 });
    expect(part.type).toBe("tool-result");
  });

  it.each([
    [
      "./a//b.md",
      `FileWriteError: Invalid path "./a//b.md": empty or '.' segments are not allowed (no leading ./, trailing / or //)`,
    ],
    ["../escape.md", `FileWriteError: Invalid path "../escape.md": '..' segments are not allowed`],
    [
      "/tmp/escape.md",
      'FileWriteError: Invalid path "/tmp/escape.md": the path must be relative to the root, not absolute',
    ],
    [
      ".github/workflows/ci.yml",
      'FileWriteError: Cannot write ".github/workflows/ci.yml": hidden (dot) files and folders and secret-like names are not writable',
    ],
    [
      ".ENV",
      'FileWriteError: Cannot write ".ENV": hidden (dot) files and folders and secret-like names are not writable',
    ],
    ["docs", 'FileWriteError: "docs" is a directory, not a file'],
    [
      "hello.txt/x.md",
      'FileWriteError: Cannot write "hello.txt/x.md": "hello.txt" exists and is not a directory',
    ],
    [
      "link-outside-dir/x.md",
      'FileWriteError: Access denied: "link-outside-dir/x.md" resolves outside the allowed folder (links are not followed out of it)',
    ],
  ])("refuses %j with one clear line", async (rel, message) => {
    const { text, logs } = await errorFor({ path: rel, content: "x" });
    expect(text).toBe(message);
    expect(logs[0]).toMatchObject({ name: "file_write", path: rel, ok: false });
  });

  it.each([
    "dangling-outside-dir/x.md",
    "link-prefix-dir/x.md",
    "proc-root/tmp/escaped-by-file-write.md",
    "proc-cwd/escaped-by-file-write.md",
    "docs/out-link/x.md",
    "link-to-git/hooks/pre-commit",
  ])("never creates anything outside through %j", async (rel) => {
    await errorFor({ path: rel, content: "x" });
  });
});

describe("detecting writes structurally", () => {
  it("does not mistake a file_read result that starts with 'Wrote ' for a write", async () => {
    await writeFile(path.join(tree.root, "fake.txt"), "Wrote fake.txt");
    const read = createFileReadTool({ root: tree.root, onToolCall: () => {} });
    const { part } = await driveTool({ [FILE_READ_TOOL_NAME]: read }, FILE_READ_TOOL_NAME, {
      path: "fake.txt",
    });
    expect(part.type === "tool-result" && part.output).toBe("Wrote fake.txt");
    expect(writtenFileOf(part)).toBeUndefined();
  });

  it("does not count a file_write tool-error as a write", async () => {
    const { part } = await call({ path: "../x.md", content: "x" });
    expect(writtenFileOf(part)).toBeUndefined();
  });
});

describe("file_write input validation through the zod schema, as the SDK does it", () => {
  it.each([
    ["a missing content", { path: "a.md" }],
    ["a missing path", { content: "x" }],
    ["a non-string content", { path: "a.md", content: 1 }],
    ["an empty path", { path: "", content: "x" }],
  ])("turns %s into a tool error and writes nothing", async (_label, input) => {
    const { part, seenByModel, logs } = await call(input);
    expect(part.type).toBe("tool-error");
    expect(String(seenByModel.value)).toContain("Invalid input for tool file_write");
    expect(logs).toEqual([]);
  });

  it("sends the model a description of both input fields", async () => {
    const { toolsSent } = await call({ path: "described.md", content: "x" });
    const sent = toolsSent.find((t) => t.name === FILE_WRITE_TOOL_NAME) as
      | { inputSchema?: { properties?: Record<string, { description?: string }> } }
      | undefined;
    const properties = sent?.inputSchema?.properties ?? {};
    expect(Object.keys(properties)).toEqual(Object.keys(fileWriteInputSchema.shape));
    expect(properties.path?.description).toContain("relative to the output folder");
    expect(properties.content?.description).toContain("complete text");
  });
});

describe("createFileWriteTool", () => {
  it("fails at start-up when the output folder is missing", () => {
    expect(() => createFileWriteTool({ root: path.join(tree.base, "nope") })).toThrow(
      new SandboxRootError("missing", "The output folder does not exist"),
    );
  });
});
