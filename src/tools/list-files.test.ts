import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { driveTool } from "../../test/helpers/drive-tool.ts";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { createListFilesTool } from "./list-files.ts";
import type { ToolCallLog } from "./tool-call-log.ts";

let tree: TempTree;
let logs: ToolCallLog[];

beforeEach(async () => {
  tree = await makeTempTree({
    files: {
      "README.md": "# app\n",
      "src/app.ts": "export const app = 1;\n",
      "src/api/routes.ts": "export {};\n",
      "node_modules/pkg/index.js": "module.exports = 1;\n",
      ".env": "TOKEN=1\n",
      id_rsa: "key\n",
    },
    links: { "out-dir": "../outside", "out-file": "../outside/secret.txt" },
  });
  logs = [];
});
afterEach(() => tree.cleanup());

function listFiles(options: { maxEntries?: number } = {}) {
  return {
    list_files: createListFilesTool({
      root: tree.dir,
      onToolCall: (l) => logs.push(l),
      ...options,
    }),
  };
}

describe("list_files", () => {
  it("lists the root's entries with kinds and sizes, never secret names", async () => {
    const { part, modelSaw } = await driveTool(listFiles(), "list_files", {});
    expect(part.type).toBe("tool-result");
    expect(modelSaw).toBe(
      [
        "Entries in the codebase root:",
        "README.md (6 bytes)",
        "node_modules/",
        "out-dir (link, not followed)",
        "out-file (link, not followed)",
        "src/",
      ].join("\n"),
    );
    expect(logs).toEqual([
      expect.objectContaining({ name: "list_files", path: "", ok: true, resultCount: 5 }),
    ]);
  });

  it("shows a file with more than one hard link as such, without its size", async () => {
    const linked = await makeTempTree({
      files: { ".env": "TOKEN=hard-linked-secret\n", "app.ts": "x\n" },
      hardLinks: { "notes.txt": ".env", "copy.txt": "../outside/secret.txt" },
    });
    try {
      const tool = { list_files: createListFilesTool({ root: linked.dir, onToolCall: () => {} }) };
      const { part, modelSaw } = await driveTool(tool, "list_files", {});
      expect(modelSaw).toBe(
        [
          "Entries in the codebase root:",
          "app.ts (2 bytes)",
          "copy.txt (more than one hard link, not readable)",
          "notes.txt (more than one hard link, not readable)",
        ].join("\n"),
      );
      expect(part.type === "tool-result" && part.output).toMatchObject({
        entries: [
          { path: "app.ts", kind: "file", size: 2 },
          { path: "copy.txt", kind: "file", hardLinked: true },
          { path: "notes.txt", kind: "file", hardLinked: true },
        ],
      });
      const entries = part.type === "tool-result" ? (part.output as { entries: object[] }) : null;
      for (const entry of entries?.entries.slice(1) ?? []) expect(entry).not.toHaveProperty("size");
    } finally {
      await linked.cleanup();
    }
  });

  it("walks a few levels deep but leaves dependency folders closed", async () => {
    const { modelSaw } = await driveTool(listFiles(), "list_files", { path: ".", depth: 3 });
    expect(modelSaw).toContain("node_modules/ (not expanded)");
    expect(modelSaw).not.toContain("node_modules/pkg");
    expect(modelSaw).toContain("src/api/routes.ts (11 bytes)");
    expect(modelSaw).not.toContain("OUTSIDE");
  });

  it("accepts a folder with a trailing slash and reports the canonical paths", async () => {
    const { part } = await driveTool(listFiles(), "list_files", { path: "src/" });
    expect(part.type === "tool-result" && part.output).toEqual({
      path: "src",
      entries: [
        { path: "src/api", kind: "directory" },
        { path: "src/app.ts", kind: "file", size: 22 },
      ],
      truncated: false,
    });
  });

  // The spellings the path's description promises: "", "." and "./" are the root; a leading
  // "./" and trailing slashes are dropped.
  it.each([[""], ["."], ["./"], [".//"]])("lists the root for path %j", async (path) => {
    const { part, modelSaw } = await driveTool(listFiles(), "list_files", { path });
    expect(part.type).toBe("tool-result");
    expect(part.type === "tool-result" && part.output).toMatchObject({ path: "" });
    expect(modelSaw.split("\n")[0]).toBe("Entries in the codebase root:");
    expect(logs[0]).toMatchObject({ path: "", ok: true });
  });

  it.each([["src"], ["src/"], ["./src"], ["./src/"], ["src//"]])(
    "lists src for path %j",
    async (path) => {
      const { part, modelSaw } = await driveTool(listFiles(), "list_files", { path });
      expect(part.type === "tool-result" && part.output).toMatchObject({ path: "src" });
      expect(modelSaw).toBe("Entries in src/:\nsrc/api/\nsrc/app.ts (22 bytes)");
    },
  );

  it.each([
    ["a link out of the root", "out-dir", "resolves outside the allowed folder"],
    ["a parent path", "../outside", "'..' segments are not allowed"],
    ["a parent path after ./", "./../outside", "'..' segments are not allowed"],
    ["a lone ..", "..", "'..' segments are not allowed"],
    ["the filesystem root", "/", "must be relative"],
    ["an absolute path after ./", ".//etc", "empty or '.' segments"],
    ["a doubled ./", "././src", "empty or '.' segments"],
    ["a . inside the path", "src/./api", "empty or '.' segments"],
    ["a secret folder after ./", "./.git", "protected path"],
    ["an absolute path", "<outside>", "must be relative"],
    ["a secret folder name", ".git", "protected path"],
    ["a missing folder", "nope", "does not exist"],
    ["a file", "README.md", "is not a directory"],
  ])("refuses %s with a message the model can act on", async (_, path, message) => {
    const { part, modelSaw } = await driveTool(listFiles(), "list_files", {
      path: path === "<outside>" ? tree.outside : path,
    });
    expect(part.type).toBe("tool-error");
    expect(modelSaw).toContain(message);
    expect(modelSaw).not.toContain(tree.dir);
    expect(logs[0]?.ok).toBe(false);
  });

  it.each([[0], [5], [1.5]])("rejects depth %s through the schema", async (depth) => {
    const { part, modelSaw } = await driveTool(listFiles(), "list_files", { depth });
    expect(part.type).toBe("tool-error");
    expect(modelSaw).toMatch(/depth must/);
  });

  it("says when entries were cut", async () => {
    const { part, modelSaw } = await driveTool(listFiles({ maxEntries: 2 }), "list_files", {
      depth: 2,
    });
    expect(
      part.type === "tool-result" && (part.output as { entries: unknown[] }).entries,
    ).toHaveLength(2);
    expect(modelSaw).toContain("(more entries not shown");
  });
});
