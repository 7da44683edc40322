import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSandboxTree,
  HARD_LINK_TO_ENV,
  OUTSIDE_SECRET,
  type SandboxTree,
} from "../../test/fixtures/sandbox-tree.ts";
import { driveToolRaw } from "../../test/helpers/drive-tool.ts";
import { SandboxRootError } from "../sandbox/sandbox-root.ts";
import { createFileReadTool, FILE_READ_TOOL_NAME, fileReadInputSchema } from "./file-read.ts";
import type { ToolCallLog } from "./tool-call-log.ts";

let tree: SandboxTree;
beforeAll(async () => {
  tree = await createSandboxTree();
  await writeFile(path.join(tree.root, "quarter-mib.txt"), "a".repeat(256 * 1024));
  await writeFile(path.join(tree.root, "over-cap.txt"), "a".repeat(256 * 1024 + 1));
  await writeFile(path.join(tree.root, "utf16.txt"), Buffer.from("hi", "utf16le"));
});
afterAll(() => tree.cleanup());

async function call(input: unknown, options: { maxBytes?: number } = {}) {
  const logs: ToolCallLog[] = [];
  const tool = createFileReadTool({ root: tree.root, onToolCall: (l) => logs.push(l), ...options });
  const raw = typeof input === "string" ? input : JSON.stringify(input);
  const driven = await driveToolRaw({ [FILE_READ_TOOL_NAME]: tool }, FILE_READ_TOOL_NAME, raw);
  return { ...driven, logs };
}

/** Asserts a failure reached the model as one clean line, and returns that line. */
async function errorFor(input: unknown, options: { maxBytes?: number } = {}) {
  const { part, seenByModel, logs } = await call(input, options);
  expect(part.type).toBe("tool-error");
  expect(seenByModel.type).toBe("error-text");
  const text = String(seenByModel.value);
  expect(text).not.toContain(tree.base);
  expect(text).not.toContain(OUTSIDE_SECRET);
  expect(text).not.toMatch(/\n\s+at /);
  return { text, logs };
}

describe("file_read through generateText", () => {
  it("returns a file's text to the model and logs the call", async () => {
    const { part, seenByModel, logs } = await call({ path: "docs/guide.md" });
    expect(part.type).toBe("tool-result");
    expect(seenByModel).toEqual({
      type: "text",
      value: "# Guide\n\nUnicode: café – 日本語 🚀\n",
    });
    expect(logs).toEqual([
      {
        name: "file_read",
        path: "docs/guide.md",
        durationMs: expect.any(Number),
        ok: true,
        bytes: Buffer.byteLength("# Guide\n\nUnicode: café – 日本語 🚀\n"),
      },
    ]);
  });

  it("returns an empty file as empty text", async () => {
    expect((await call({ path: "empty.txt" })).seenByModel).toEqual({ type: "text", value: "" });
  });

  it("reads exactly the default 256 KiB cap, and refuses one byte more", async () => {
    const { part } = await call({ path: "quarter-mib.txt" });
    expect(part.type).toBe("tool-result");
    const { text, logs } = await errorFor({ path: "over-cap.txt" });
    expect(text).toBe(
      'FileReadError: "over-cap.txt" is too large: 262145 bytes (the limit is 262144 bytes)',
    );
    expect(logs[0]).toMatchObject({ ok: false, errorType: "too_large", path: "over-cap.txt" });
  });

  it.each([
    ["a file outside the codebase", "hardlink-outside"],
    ["the codebase's .env, under an innocent name", HARD_LINK_TO_ENV],
  ])("refuses a hard link to %s and tells the model why", async (_, path) => {
    const { text, logs } = await errorFor({ path });
    expect(text).toBe(
      `FileReadError: Access denied: "${path}" has more than one hard link and is refused, so that nothing outside the allowed folder can be read through it`,
    );
    expect(text).not.toContain("SECRET=1");
    expect(logs[0]).toMatchObject({ ok: false, errorType: "hard_linked", path });
  });

  it("honours a configured cap", async () => {
    const { text } = await errorFor({ path: "hello.txt" }, { maxBytes: 5 });
    expect(text).toContain("the limit is 5 bytes");
  });

  it.each([
    ["docs", 'FileReadError: "docs" is a directory, not a file'],
    ["nope.md", 'FileReadError: Not found: "nope.md" does not exist'],
    [
      "fifo",
      'FileReadError: "fifo" is not a regular file (FIFO, socket or device); only regular files can be read',
    ],
    [
      "binary.bin",
      'FileReadError: "binary.bin" looks like a binary file; only UTF-8 text files can be read',
    ],
    [
      "latin1.txt",
      'FileReadError: "latin1.txt" looks like a binary file; only UTF-8 text files can be read',
    ],
    [
      "utf16.txt",
      'FileReadError: "utf16.txt" looks like a binary file; only UTF-8 text files can be read',
    ],
    [
      ".ENV",
      'FileReadError: Access denied: ".ENV" is a protected path (secrets, keys and version-control data are off limits)',
    ],
    [
      "link-outside-file",
      'FileReadError: Access denied: "link-outside-file" resolves outside the allowed folder (links are not followed out of it)',
    ],
    [
      "../outside/secret.txt",
      `FileReadError: Invalid path "../outside/secret.txt": '..' segments are not allowed`,
    ],
    [
      "/etc/passwd",
      'FileReadError: Invalid path "/etc/passwd": the path must be relative to the root, not absolute',
    ],
  ])("refuses %j with one clear line", async (rel, message) => {
    const { text, logs } = await errorFor({ path: rel });
    expect(text).toBe(message);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ name: "file_read", path: rel, ok: false });
  });

  it.each([
    "link-outside-dir/secret.txt",
    "chain-1",
    "link-prefix-sibling",
    "proc-root/etc/passwd",
    "proc-cwd/package.json",
    ".Git/config",
    "keys/Server.PEM",
    "link-to-env",
  ])("never returns what %j would lead to", async (rel) => {
    await errorFor({ path: rel });
  });
});

describe("file_read input validation through the zod schema, as the SDK does it", () => {
  it.each([
    ["a missing path", {}],
    ["a number", { path: 42 }],
    ["an empty path", { path: "" }],
    ["an over-long path", { path: "a".repeat(1025) }],
  ])("turns %s into a tool error before anything is read", async (_label, input) => {
    const { part, seenByModel, logs } = await call(input);
    expect(part.type).toBe("tool-error");
    expect(String(seenByModel.value)).toContain("Invalid input for tool file_read");
    expect(logs).toEqual([]);
  });

  it("rejects input that is not JSON at all", async () => {
    const { part } = await call("{not json");
    expect(part.type).toBe("tool-error");
  });

  it("sends the model a description of every input field", async () => {
    const { toolsSent } = await call({ path: "hello.txt" });
    const sent = toolsSent.find((t) => t.name === FILE_READ_TOOL_NAME) as
      | { inputSchema?: { properties?: Record<string, { description?: string }> } }
      | undefined;
    const properties = sent?.inputSchema?.properties ?? {};
    const fields = Object.keys(fileReadInputSchema.shape);
    expect(Object.keys(properties)).toEqual(fields);
    for (const field of fields) {
      const description = properties[field]?.description;
      expect(description?.length).toBeGreaterThan(30);
    }
  });
});

describe("createFileReadTool", () => {
  it("fails at start-up when the root is missing, without naming host paths", () => {
    const missing = path.join(tree.base, "no-such-folder");
    expect(() => createFileReadTool({ root: missing })).toThrow(SandboxRootError);
    expect(() => createFileReadTool({ root: missing })).toThrow(
      "The codebase folder does not exist",
    );
    expect(() => createFileReadTool({ root: path.join(tree.root, "hello.txt") })).toThrow(
      "The codebase folder is not a directory",
    );
  });

  it("refuses a nonsensical cap at start-up", () => {
    expect(() => createFileReadTool({ root: tree.root, maxBytes: -1 })).toThrow(RangeError);
  });
});
