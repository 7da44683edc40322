import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/run-cli.ts";

const run = promisify(execFile);
const SYSTEM_NODE = "/usr/bin/node";
const BIN = path.join(REPO_ROOT, "bin/idea-explorer.js");

function systemNodeVersion(): string | undefined {
  if (!existsSync(SYSTEM_NODE)) return undefined;
  return execFileSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).trim();
}

const version = systemNodeVersion();
const [major = 0] = (version ?? "v0.0").slice(1).split(".").map(Number);
const tooOld = version !== undefined && major < 24;

// Machines here ship Node 20: an MCP client or a shell outside npm scripts starts the bin with
// it, and the bin must hand over to the pinned Node rather than fail on a .ts import.
describe.skipIf(!tooOld)(`bin/idea-explorer.js started by the system Node (${version})`, () => {
  it("runs the command on the pinned Node, with its exit code and output", async () => {
    const ok = await run(SYSTEM_NODE, [BIN, "--version"], { cwd: "/" });
    expect(ok.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);

    const refused = await run(SYSTEM_NODE, [BIN, "explore", "  "], { cwd: "/" }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr.trim()).toBe(
      "idea-explorer explore: idea: must not be empty",
    );
  });
});

// Installed as a dependency, the pinned Node (a dev dependency) is not there: the user must be
// told to install a newer Node, not to "run npm install" in a folder that is not theirs.
describe.skipIf(!tooOld)("bin/idea-explorer.js installed as a dependency, on an old Node", () => {
  it("says which Node it needs and how to get it, in one line, exit 2", async () => {
    const project = await mkdtemp(path.join(tmpdir(), "installed-"));
    try {
      const bin = path.join(project, "node_modules/idea-explorer/bin");
      await mkdir(bin, { recursive: true });
      await copyFile(BIN, path.join(bin, "idea-explorer.js"));
      const refused = await run(SYSTEM_NODE, [path.join(bin, "idea-explorer.js"), "--version"], {
        cwd: project,
      }).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 2 });
      expect((refused as { stderr: string }).stderr).toBe(
        `idea-explorer needs Node 24 or newer (this is ${version}); install a newer Node (https://nodejs.org, or nvm install 24) and run it again\n`,
      );
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });
});
