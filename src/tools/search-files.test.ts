import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { driveTool } from "../../test/helpers/drive-tool.ts";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { createSearchFilesTool } from "./search-files.ts";
import type { ToolCallLog } from "./tool-call-log.ts";

let tree: TempTree;
let logs: ToolCallLog[];

beforeEach(async () => {
  tree = await makeTempTree({
    files: {
      "src/export.ts": "// exportCsv streams rows\nexport function exportCsv() {}\n",
      "src/deep/more.ts": "const x = EXPORTCSV;\r\nconst y = 2;\n",
      "docs/notes.md": `${"padding ".repeat(40)}exportCsv in a very long line ${"tail ".repeat(60)}\n`,
      "image.bin": Buffer.from([0x89, 0x50, 0x00, 0x01, ...Buffer.from("exportCsv")]),
      ".env": "exportCsv=secret\n",
      "node_modules/lib/index.js": "exportCsv\n",
    },
    links: { "out-file": "../outside/secret.txt", "out-dir": "../outside" },
  });
  logs = [];
});
afterEach(() => tree.cleanup());

function searchFiles(options: { maxMatches?: number; maxFiles?: number } = {}) {
  return {
    search_files: createSearchFilesTool({
      root: tree.dir,
      onToolCall: (l) => logs.push(l),
      ...options,
    }),
  };
}

describe("search_files", () => {
  it("finds matching lines in text files, ignoring case, as path:line: text", async () => {
    const { part, modelSaw } = await driveTool(searchFiles(), "search_files", {
      text: "exportcsv",
    });
    expect(part.type).toBe("tool-result");
    const lines = modelSaw.split("\n");
    expect(lines[0]).toMatch(/^docs\/notes\.md:1: ….*exportCsv in a very long line.*…$/);
    expect(lines.slice(1)).toEqual([
      "src/deep/more.ts:1: const x = EXPORTCSV;",
      "src/export.ts:1: // exportCsv streams rows",
      "src/export.ts:2: export function exportCsv() {}",
    ]);
    expect(logs).toEqual([
      expect.objectContaining({
        name: "search_files",
        query: "exportcsv",
        ok: true,
        resultCount: 4,
      }),
    ]);
  });

  it("never reads secrets, binary files, dependency folders or anything behind a link", async () => {
    const { modelSaw } = await driveTool(searchFiles(), "search_files", { text: "e" });
    expect(modelSaw).not.toContain(".env");
    expect(modelSaw).not.toContain("image.bin");
    expect(modelSaw).not.toContain("node_modules");
    const outside = await driveTool(searchFiles(), "search_files", { text: "OUTSIDE-SECRET" });
    expect(outside.modelSaw).toMatch(
      /^No matches for "OUTSIDE-SECRET" in the codebase \(\d+ text files searched\)\.$/,
    );
  });

  it("skips files with more than one hard link and says how many", async () => {
    const linked = await makeTempTree({
      files: { ".env": "TOKEN=hard-linked-secret\n", "app.ts": "const TOKEN = read();\n" },
      hardLinks: { "notes.txt": ".env", "src/copy.txt": "../outside/secret.txt" },
    });
    try {
      const tool = {
        search_files: createSearchFilesTool({ root: linked.dir, onToolCall: () => {} }),
      };
      const token = await driveTool(tool, "search_files", { text: "TOKEN" });
      expect(token.modelSaw).toBe(
        [
          "app.ts:1: const TOKEN = read();",
          "(2 files with more than one hard link not searched: such files are refused, so that nothing outside the codebase can be read through them)",
        ].join("\n"),
      );
      expect(token.part.type === "tool-result" && token.part.output).toMatchObject({
        filesSearched: 1,
        hardLinksSkipped: 2,
      });
      const outside = await driveTool(tool, "search_files", { text: "OUTSIDE-SECRET" });
      expect(outside.modelSaw).toBe(
        [
          'No matches for "OUTSIDE-SECRET" in the codebase (1 text files searched).',
          "(2 files with more than one hard link not searched: such files are refused, so that nothing outside the codebase can be read through them)",
        ].join("\n"),
      );
    } finally {
      await linked.cleanup();
    }
  });

  it("matches case exactly when asked, within a folder", async () => {
    const { modelSaw } = await driveTool(searchFiles(), "search_files", {
      text: "EXPORTCSV",
      caseSensitive: true,
      path: "src/",
    });
    expect(modelSaw).toBe("src/deep/more.ts:1: const x = EXPORTCSV;");
  });

  // The spellings the path's description promises, as list_files takes them.
  it.each([[""], ["."], ["./"]])("searches the whole codebase for path %j", async (path) => {
    const { part, modelSaw } = await driveTool(searchFiles(), "search_files", {
      text: "EXPORTCSV",
      caseSensitive: true,
      path,
    });
    expect(part.type === "tool-result" && part.output).toMatchObject({ path: "" });
    expect(modelSaw).toBe("src/deep/more.ts:1: const x = EXPORTCSV;");
  });

  it.each([["./src"], ["./src/"]])("searches src for path %j", async (path) => {
    const { part } = await driveTool(searchFiles(), "search_files", { text: "exportCsv", path });
    expect(part.type === "tool-result" && part.output).toMatchObject({
      path: "src",
      filesSearched: 2,
    });
  });

  it("stops at the match cap and says so", async () => {
    const { part, modelSaw } = await driveTool(searchFiles({ maxMatches: 2 }), "search_files", {
      text: "export",
    });
    expect(
      part.type === "tool-result" && (part.output as { matches: unknown[] }).matches,
    ).toHaveLength(2);
    expect(modelSaw).toContain("(stopped early");
  });

  it.each([
    [{ text: "" }, "text must not be empty"],
    [{ text: "   " }, "text must not be only spaces"],
    [{ text: "a\nb" }, "text must be on one line"],
    [{ text: "x".repeat(201) }, "at most 200"],
    [{ text: "x", path: "../outside" }, "'..' segments are not allowed"],
    [{ text: "x", path: "./../outside" }, "'..' segments are not allowed"],
    [{ text: "x", path: "/" }, "must be relative"],
    [{ text: "x", path: "./.env" }, "protected path"],
    [{ text: "x", path: "out-dir" }, "resolves outside the allowed folder"],
    [{ text: "x", path: "missing" }, "does not exist"],
  ])("refuses %j", async (input, message) => {
    const { part, modelSaw } = await driveTool(searchFiles(), "search_files", input);
    expect(part.type).toBe("tool-error");
    expect(modelSaw).toContain(message);
    expect(modelSaw).not.toContain(tree.dir);
  });
});
