import { mkdir, readdir, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { driveTool } from "../../../test/helpers/drive-tool.ts";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { createJobFileWriteTool, isJobFilePath } from "./job-file-write-tool.ts";

let tree: TempTree;
let output: string;

beforeEach(async () => {
  tree = await makeTempTree({});
  output = path.join(tree.dir, "jobs");
  await mkdir(output);
});
afterEach(() => tree.cleanup());

const tools = () => ({
  file_write: createJobFileWriteTool({ root: output, onToolCall: () => {} }),
});

describe("the interview's file_write", () => {
  it.each(["export-csv/jtbd.md", "export-csv/specs/streaming-writer.md", "v2/specs/a1.md"])(
    "writes %s and confirms with Wrote <path>",
    async (file) => {
      const { part, modelSaw } = await driveTool(tools(), "file_write", {
        path: file,
        content: "# Job\n",
      });
      expect(part).toMatchObject({ type: "tool-result", output: `Wrote ${file}` });
      expect(modelSaw).toBe(`Wrote ${file}`);
      expect(await readFile(path.join(output, file), "utf8")).toBe("# Job\n");
    },
  );

  it.each([
    "jtbd.md",
    "Export/jtbd.md",
    "export_csv/jtbd.md",
    "export/notes.md",
    "export/specs/a/b.md",
    "export/specs/.hidden.md",
    "../export/jtbd.md",
    "/tmp/export/jtbd.md",
    "export//jtbd.md",
  ])("refuses %s by the job layout, writing nothing", async (file) => {
    const { part, modelSaw } = await driveTool(tools(), "file_write", { path: file, content: "x" });
    expect(part.type).toBe("tool-error");
    expect(modelSaw).toContain("path must be <job-slug>/jtbd.md or <job-slug>/specs/<name>.md");
    expect(await readdir(output)).toEqual([]);
  });

  it("does not write through a link in the output folder that points outside", async () => {
    await symlink(tree.outside, path.join(output, "escape"));
    const { part, modelSaw } = await driveTool(tools(), "file_write", {
      path: "escape/jtbd.md",
      content: "x",
    });
    expect(part.type).toBe("tool-error");
    expect(modelSaw).not.toContain(tree.outside);
    expect(await readdir(tree.outside)).toEqual(["secret.txt"]);
  });

  it("creates a lazily given output folder on the first write, and only then", async () => {
    const later = path.join(tree.dir, "later");
    let creations = 0;
    const file_write = createJobFileWriteTool({
      root: async () => {
        creations += 1;
        await mkdir(later, { recursive: true });
        return later;
      },
      onToolCall: () => {},
    });
    expect(creations).toBe(0);
    await driveTool({ file_write }, "file_write", { path: "a/jtbd.md", content: "1" });
    await driveTool({ file_write }, "file_write", { path: "b/jtbd.md", content: "2" });
    expect(creations).toBe(1);
    expect(await readFile(path.join(later, "b/jtbd.md"), "utf8")).toBe("2");
  });

  it("fails a write with one fixed line when the output folder cannot be created", async () => {
    const file_write = createJobFileWriteTool({
      root: () => Promise.reject(new Error(`EACCES: permission denied, mkdir '${tree.dir}/x'`)),
      onToolCall: () => {},
    });
    const { part, modelSaw } = await driveTool({ file_write }, "file_write", {
      path: "a/jtbd.md",
      content: "x",
    });
    expect(part.type).toBe("tool-error");
    expect(modelSaw).toContain("The output folder could not be created, so nothing was written");
    expect(modelSaw).not.toContain(tree.dir);
  });

  it("matches only lowercase hyphenated job paths", () => {
    expect(isJobFilePath("a/jtbd.md")).toBe(true);
    expect(isJobFilePath("a-/jtbd.md")).toBe(false);
    expect(isJobFilePath("a/specs/jtbd.md")).toBe(true);
    expect(isJobFilePath("a/jtbd.md.bak")).toBe(false);
  });
});
