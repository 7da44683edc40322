import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_API_KEY,
  type FakeAnthropicServer,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
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

const env = () => ({ ...fake.env });

/**
 * Every refusal: exit code, and one line on stderr naming what to fix, with no stack trace,
 * no secret and no host path; no model call; nothing written.
 */
async function expectRefusal(
  args: string[],
  message: RegExp,
  options: { env?: Record<string, string>; input?: string; code?: number } = {},
) {
  const before = fake.requests.length;
  const run = await runCli(["explore", ...args], {
    cwd: cwd.dir,
    env: options.env ?? env(),
    ...(options.input === undefined ? {} : { input: options.input }),
  });
  expect(run.code).toBe(options.code ?? 2);
  const lines = run.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^idea-explorer explore: /);
  expect(lines[0]).toMatch(message);
  expect(run.stderr).not.toContain(FAKE_API_KEY);
  expect(run.stderr).not.toContain(cwd.dir);
  expect(run.stdout).toBe("");
  expect(fake.requests.length).toBe(before);
  expect(readdirSync(cwd.dir)).toEqual([]);
}

describe("idea-explorer explore refuses bad input with one line, before any work", () => {
  it("an empty or blank idea", async () => {
    await expectRefusal([""], /idea: must not be empty/);
    await expectRefusal(["   \t "], /idea: must not be empty/);
    await expectRefusal([], /idea: must not be empty/, { input: "\n\n" });
  });

  it("an idea over 10,000 characters, as an argument or on stdin", async () => {
    await expectRefusal(["x".repeat(10_001)], /at most 10,000 characters/);
    await expectRefusal([], /at most 10,000 characters/, { input: "y".repeat(20_000) });
  });

  it("an unknown mode, option or limit", async () => {
    await expectRefusal(
      ["an idea", "--mode", "poetry"],
      /--mode: must be "business" or "exploration"/,
    );
    await expectRefusal(["an idea", "--bogus"], /Unknown option '--bogus'/);
    await expectRefusal(
      ["an idea", "--max-steps", "0"],
      /--max-steps: must be a whole number from 1 to 50/,
    );
    await expectRefusal(["an idea", "--max-steps", "many"], /--max-steps must be a whole number/);
    await expectRefusal(
      ["an idea", "--max-steps", "-3"],
      /--max-steps needs a value; one that starts with "-" is written --max-steps=VALUE/,
    );
    await expectRefusal(
      ["an idea", "--max-steps=-3"],
      /--max-steps must be a whole number, got "-3"/,
    );
    await expectRefusal(["an idea", "--token-budget", "10"], /--token-budget: .*1,000/);
    await expectRefusal(["an idea", "--update", "--force"], /either update or force/);
  });

  it("no API key", async () => {
    await expectRefusal(["an idea"], /ANTHROPIC_API_KEY is not set/, {
      env: { ANTHROPIC_BASE_URL: fake.url },
    });
  });

  it("a base URL that is not one, named as the user gave it", async () => {
    await expectRefusal(
      ["an idea", "--base-url", "notaurl"],
      /^idea-explorer explore: --base-url must start with http/,
    );
    await expectRefusal(["an idea"], /ANTHROPIC_BASE_URL: must be an http\(s\) URL/, {
      env: { ...env(), ANTHROPIC_BASE_URL: "notaurl" },
    });
  });

  it("an openai-compatible provider without a base URL", async () => {
    await expectRefusal(["an idea", "--provider", "openai-compatible"], /--base-url/);
  });

  it("an ideas folder that does not exist", async () => {
    await expectRefusal(
      ["an idea", "--repo", "no-such-folder"],
      /--repo no-such-folder: .*does not exist/,
    );
  });

  it("a continue-from path that escapes the ideas folder", async () => {
    await expectRefusal(
      ["an idea", "--continue-from", "../../etc/passwd"],
      /--continue-from: must name an earlier exploration folder/,
    );
  });
});
