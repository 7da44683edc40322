import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const run = promisify(execFile);

describe('import from "idea-explorer"', () => {
  it("resolves the package entry point and exposes the tool API", async () => {
    const script = `
      import * as lib from "idea-explorer";
      const names = ["createFileReadTool", "createFileWriteTool", "createWebSearchTool",
        "createReadResearchTool", "createToolExecutor", "validateResearchPath",
        "createToolCatalog", "createSearchToolsTool", "LocalStore", "GitHubStore", "runAgent"];
      const missing = names.filter((n) => typeof lib[n] !== "function");
      const check = lib.validateResearchPath("../secrets");
      console.log(JSON.stringify({ missing, check }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      cwd: repo,
    });
    expect(JSON.parse(stdout)).toEqual({
      missing: [],
      check: { ok: false, message: expect.stringMatching(/\.\./) },
    });
  });
});
