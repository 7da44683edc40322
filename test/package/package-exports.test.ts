import { execFile } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

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

describe("idea-explorer installed as a dependency (from npm pack, in node_modules)", () => {
  const consumer = path.join(repo, "test-artifacts", "installed-package");
  const installed = path.join(consumer, "node_modules", "idea-explorer");

  // Node does not strip types inside node_modules: what loads there is the built dist/ that
  // `npm run build` (run on install and by npm test) leaves, packed by the "files" list.
  beforeAll(async () => {
    await rm(consumer, { recursive: true, force: true });
    await mkdir(installed, { recursive: true });
    const { stdout } = await run(
      "npm",
      ["pack", "--ignore-scripts", "--json", "--pack-destination", consumer],
      { cwd: repo },
    );
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    await run("tar", [
      "-xzf",
      path.join(consumer, filename),
      "-C",
      installed,
      "--strip-components=1",
    ]);
    await mkdir(path.join(consumer, "ideas", "2026-01-02-solar-dryer"), { recursive: true });
    await writeFile(
      path.join(consumer, "ideas", "2026-01-02-solar-dryer", "research.md"),
      "# Solar dryer\n",
    );
  }, 60_000);

  it("imports the library and reads research through it", async () => {
    const script = `
      import { createToolExecutor, LocalStore } from "idea-explorer";
      const executor = createToolExecutor(new LocalStore({ root: "." }));
      console.log(JSON.stringify(await executor.readResearch("2026-01-02-solar-dryer/research.md")));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      cwd: consumer,
    });
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, content: "# Solar dryer\n" });
  });

  it("runs the command from its bin", async () => {
    const bin = path.join(installed, "bin", "idea-explorer.js");
    const { stdout } = await run(process.execPath, [bin, "--version"], { cwd: consumer });
    const { version } = JSON.parse(await readFile(path.join(repo, "package.json"), "utf8"));
    expect(stdout.trim()).toBe(version);
  });

  it("ships the single-file build that init github commits for the workflow to run", async () => {
    const bin = path.join(installed, "bin", "idea-explorer.js");
    const ideas = path.join(consumer, "ideas-repo");
    await rm(ideas, { recursive: true, force: true });
    await mkdir(ideas);
    await run(process.execPath, [bin, "init", "github", "--repo", ideas], {
      cwd: consumer,
      env: { PATH: process.env.PATH ?? "", HOME: consumer },
    });
    const committed = await readFile(path.join(ideas, ".github/idea-explorer/idea-explorer.mjs"));
    const shipped = await readFile(path.join(installed, "dist/action/idea-explorer.mjs"));
    expect(committed.equals(shipped)).toBe(true);
    const { stdout } = await run(process.execPath, [
      path.join(ideas, ".github/idea-explorer/idea-explorer.mjs"),
      "--version",
    ]);
    const { version } = JSON.parse(await readFile(path.join(repo, "package.json"), "utf8"));
    expect(stdout.trim()).toBe(version);
  });

  it("ships the built code and no TypeScript sources or tests", async () => {
    const { stdout } = await run("find", [installed, "-type", "f", "-name", "*.ts"]);
    const sources = stdout.split("\n").filter((f) => f && !f.endsWith(".d.ts"));
    expect(sources).toEqual([]);
  });
});
