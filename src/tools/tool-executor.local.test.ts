import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { LocalStore } from "../store/local-store.ts";
import {
  createToolExecutor,
  FILE_TOO_LARGE_MESSAGE,
  MAX_RESEARCH_FILE_BYTES,
  type ToolExecutor,
} from "./tool-executor.ts";

// The same read_research semantics over a real folder, with links that try to leave it.
const multiByte = "Ünïcödé — 日本語 🚀\n";
let tree: TempTree;
let executor: ToolExecutor;

beforeAll(async () => {
  tree = await makeTempTree({
    files: {
      "README.md": "not research",
      "ideas/market/2024-06.md": "# Market June\n",
      "ideas/empty.md": "",
      "ideas/unicode.md": multiByte,
      "ideas/at-limit.md": "a".repeat(MAX_RESEARCH_FILE_BYTES),
      "ideas/over-limit.md": "a".repeat(MAX_RESEARCH_FILE_BYTES + 1),
      "ideas/huge.md": "b".repeat(2 * 1024 * 1024),
    },
    links: {
      "ideas/link-inside.md": "market/2024-06.md",
      "ideas/link-to-readme.md": "../README.md",
      "ideas/link-out.md": "../../outside/secret.txt",
      "ideas/dir-out": "../../outside",
    },
    hardLinks: { "ideas/hard-out.md": "../outside/secret.txt" },
  });
  execFileSync("mkfifo", [path.join(tree.dir, "ideas/pipe.md")]);
  executor = createToolExecutor(new LocalStore({ root: tree.dir }));
});
afterAll(() => tree.cleanup());

describe("Tool Executor over LocalStore", () => {
  it("returns file content for valid path", async () => {
    expect(await executor.readResearch("market/2024-06.md")).toEqual({
      ok: true,
      content: "# Market June\n",
      bytes: 14,
    });
  });

  it("returns error for file not found", async () => {
    expect(await executor.readResearch("nope.md")).toEqual({
      ok: false,
      error_type: "file_not_found",
      message: "File not found: nope.md",
    });
  });

  it("returns empty string for empty file", async () => {
    expect(await executor.readResearch("empty.md")).toEqual({ ok: true, content: "", bytes: 0 });
  });

  it("returns bytes count in successful result (multi-byte text)", async () => {
    expect(await executor.readResearch("unicode.md")).toEqual({
      ok: true,
      content: multiByte,
      bytes: Buffer.byteLength(multiByte),
    });
  });

  it("allows exactly 51,200 bytes and refuses one more", async () => {
    expect(await executor.readResearch("at-limit.md")).toMatchObject({ ok: true, bytes: 51_200 });
    expect(await executor.readResearch("over-limit.md")).toEqual({
      ok: false,
      error_type: "file_too_large",
      message: FILE_TOO_LARGE_MESSAGE,
    });
  });

  it("refuses a file over 1 MB as too large without reading it", async () => {
    expect(await executor.readResearch("huge.md")).toMatchObject({ error_type: "file_too_large" });
  });

  it("returns error for directory response", async () => {
    expect(await executor.readResearch("market")).toEqual({
      ok: false,
      error_type: "api_error",
      message: "Path is not a file: market",
    });
  });

  it.each(["link-inside.md", "link-to-readme.md", "link-out.md"])(
    "never follows the link %s",
    async (link) => {
      const result = await executor.readResearch(link);
      expect(result).toEqual({
        ok: false,
        error_type: "api_error",
        message: `Path is not a file: ${link}`,
      });
    },
  );

  it("refuses a path through a folder link that leaves the repository", async () => {
    const result = await executor.readResearch("dir-out/secret.txt");
    expect(result).toMatchObject({ ok: false, error_type: "api_error" });
    const text = JSON.stringify(result);
    expect(text).not.toContain("OUTSIDE-SECRET");
    expect(text).not.toContain(tree.dir);
    expect(text).toContain("outside the allowed folder");
  });

  it("refuses research with more than one hard link, which may be a file outside", async () => {
    const result = await executor.readResearch("hard-out.md");
    expect(result).toEqual({
      ok: false,
      error_type: "api_error",
      message:
        'Failed to read file: Access denied: "ideas/hard-out.md" has more than one hard link and is refused, so that nothing outside the allowed folder can be read through it',
    });
  });

  it("refuses a FIFO without blocking", async () => {
    expect(await executor.readResearch("pipe.md")).toEqual({
      ok: false,
      error_type: "api_error",
      message: "Path is not a file: pipe.md",
    });
  });

  it("refuses when ideas/ itself is a link out of the repository", async () => {
    const other = await makeTempTree({ links: { ideas: "../outside" } });
    try {
      const result = await createToolExecutor(new LocalStore({ root: other.dir })).readResearch(
        "secret.txt",
      );
      expect(result).toMatchObject({ ok: false, error_type: "api_error" });
      expect(JSON.stringify(result)).not.toContain("OUTSIDE-SECRET");
    } finally {
      await other.cleanup();
    }
  });

  it("reports a missing repository folder without its host path", async () => {
    const missing = path.join(tree.dir, "no-such-folder");
    const result = await createToolExecutor(new LocalStore({ root: missing })).readResearch("a.md");
    expect(result).toMatchObject({ ok: false, error_type: "api_error" });
    expect(JSON.stringify(result)).not.toContain(tree.dir);
  });
});
