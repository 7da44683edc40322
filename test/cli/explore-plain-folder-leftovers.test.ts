import { readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnthropicServer, reply, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

/**
 * A plain folder (no git): a run killed before its renames leaves a folder holding nothing but
 * temp files, or nothing. That is not research: the next run of the idea writes into it.
 */

const IDEA = "Bicycle couriers for pharmacies";
const FOLDER = `${new Date().toISOString().slice(0, 10)}-bicycle-couriers-for-pharmacies`;
const TEMP = ".0f8fad5b-d9cb-469f-a165-70867728950e.tmp";

let repo: TempTree;
let fake: FakeAnthropicServer;
beforeEach(async () => {
  fake = await startFakeAnthropic();
});
afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

describe("a plain folder holding a killed run's leftover folder", () => {
  it.each([
    ["only temp files", [TEMP]],
    ["nothing", []],
  ])("holding %s: the re-run writes into it, cleans it and says so", async (_, temps) => {
    repo = await makeTempTree({});
    await mkdir(path.join(repo.dir, "ideas", FOLDER), { recursive: true });
    for (const temp of temps) {
      await writeFile(path.join(repo.dir, "ideas", FOLDER, temp), "---\ntitle: half writ");
    }
    fake.enqueue(reply.text("# Couriers\n\nDemand is strong.\n\n## Verdict\n\nGo."));
    const run = await runCli(["explore", IDEA], { cwd: repo.dir, env: fake.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(`ideas/${FOLDER}/research.md`);
    expect(readdirSync(path.join(repo.dir, "ideas"))).toEqual([FOLDER]);
    expect(readdirSync(path.join(repo.dir, "ideas", FOLDER)).sort()).toEqual([
      "exploration-log.json",
      "research.md",
    ]);
    expect(run.stderr).toContain(
      `note: ideas/${FOLDER} held files of an earlier run that did not finish; they were replaced\n`,
    );
  });
});
