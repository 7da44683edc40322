import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseExploreFlags } from "../../src/cli/explore/explore-options.ts";
import { REQUEST_FLAG_NAMES } from "../../src/cli/explore/request-flag-names.ts";
import { parseExploreRequest } from "../../src/config/explore-request.ts";
import { type FakeAnthropicServer, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

let cwd: TempTree;
let fake: FakeAnthropicServer;

beforeAll(async () => {
  cwd = await makeTempTree({});
  fake = await startFakeAnthropic();
});
afterAll(async () => {
  await Promise.all([fake.close(), cwd.cleanup()]);
});

describe("explore --check-claims and --check-model", () => {
  it("reach the request", () => {
    const flags = parseExploreFlags([
      "An idea",
      "--check-claims",
      "model",
      "--check-model",
      "claude-haiku-4-5",
    ]);
    const request = parseExploreRequest({ idea: "An idea", ...flags.request }, REQUEST_FLAG_NAMES);
    expect(request).toMatchObject({ checkClaims: "model", checkModel: "claude-haiku-4-5" });
    // Left out, the stored request is what it was before the check existed (figures only).
    const plain = parseExploreRequest({ idea: "An idea", ...parseExploreFlags(["x"]).request });
    expect(JSON.stringify(plain)).not.toMatch(/check/i);
  });

  it.each([
    [["--check-claims", "everything"], /--check-claims: must be "figures" or "model"$/, {}],
    [
      ["--check-model", "claude-haiku-4-5"],
      /--check-claims: must be "model" when a check model is given$/,
      {},
    ],
    [
      ["--check-claims", "model", "--check-model", "sonet"],
      /: check model: Unknown model "sonet"; use one of sonnet/,
      {},
    ],
    [
      ["--check-claims", "model"],
      /: check model: Unknown model "haikoo"/,
      { IDEA_EXPLORER_CHECK_MODEL: "haikoo" },
    ],
    [
      ["--check-claims", "model", "--check-model", "claude-unpriced-9", "--max-cost", "1"],
      /: max-cost needs a price for the check model claude-unpriced-9; choose a priced check model, or run without the cost limit$/,
      {},
    ],
  ])("%j is refused in one line, before any model call", async (flags, message, extraEnv) => {
    const before = fake.requests.length;
    const run = await runCli(["explore", "An idea", ...flags], {
      cwd: cwd.dir,
      env: { ...fake.env, ...extraEnv },
    });
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^idea-explorer explore: /);
    expect(lines[0]).toMatch(message);
    expect(run.stdout).toBe("");
    expect(fake.requests.length).toBe(before);
    expect(readdirSync(cwd.dir)).toEqual([]);
  });
});
