import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  blocksOf,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";
import { runInterviewCli } from "./run-interview-cli.ts";

/**
 * A hard link inside --codebase is the same file as its other name: one to a file outside the
 * folder, or to the folder's .env under a harmless name, would hand the model what the folder
 * promises to keep from it. As a user runs it (the CLI as a child process, the real Anthropic
 * provider against the loopback fake), each codebase tool refuses or skips such files, says so
 * in words the model reads, and neither secret reaches a request.
 */
const ENV_SECRET = "TOKEN=env-secret-through-a-hard-link";
const REFUSED = (path: string) =>
  `Access denied: \\"${path}\\" has more than one hard link and is refused, so that nothing outside the allowed folder can be read through it`;

let tree: TempTree;
let fake: FakeAnthropicServer;

beforeEach(async () => {
  tree = await gitTree({
    files: {
      "ideas/README.md": "Ideas\n",
      "app/src/pricing.ts": "export const TOKEN_NAME = 'pricing';\n",
      "app/.env": `${ENV_SECRET}\n`,
    },
    hardLinks: { "app/notes.txt": "app/.env", "app/docs/vendor.txt": "../outside/secret.txt" },
  });
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await fake.close();
  await tree.cleanup();
});

/** The script: read both hard links, search for both secrets, list the folder; then report. */
function scriptCodebaseCalls() {
  fake.enqueue(
    reply.toolUses([
      { name: "file_read", input: { path: "notes.txt" } },
      { name: "file_read", input: { path: "docs/vendor.txt" } },
      { name: "search_files", input: { text: "TOKEN" } },
      { name: "search_files", input: { text: "OUTSIDE-SECRET" } },
      { name: "list_files", input: { depth: 2 } },
    ]),
    reply.text("# Pricing\n\nNothing secret here."),
  );
}

/** Every request the model was sent, as text, and the tool results of the second one. */
function seen() {
  const everything = JSON.stringify(fake.requests.map((r) => r.body));
  const results = JSON.stringify(blocksOf(fake.requests[1]));
  return { everything, results };
}

function expectRefusedAndUnseen() {
  const { everything, results } = seen();
  expect(results).toContain(REFUSED("notes.txt"));
  expect(results).toContain(REFUSED("docs/vendor.txt"));
  expect(results).toContain("src/pricing.ts:1: export const TOKEN_NAME");
  expect(results).toContain(
    "(2 files with more than one hard link not searched: such files are refused",
  );
  expect(results).toContain("notes.txt (more than one hard link, not readable)");
  expect(results).toContain("docs/vendor.txt (more than one hard link, not readable)");
  expect(everything).not.toContain("env-secret-through-a-hard-link");
  expect(everything).not.toContain("OUTSIDE-SECRET\\n");
}

describe("hard links inside --codebase", () => {
  it("explore --codebase: file_read refuses them, search_files skips them, list_files marks them", async () => {
    scriptCodebaseCalls();
    const run = await runCli(["explore", "A pricing page generator", "--codebase", "app"], {
      cwd: tree.dir,
      env: { ...fake.env, ...GIT_IDENTITY },
    });
    expect(run.stderr).not.toMatch(/at .+\(.+:\d+:\d+\)/);
    expect(run.code).toBe(0);
    expect(fake.requests).toHaveLength(2);
    expectRefusedAndUnseen();
    expect(run.stderr).not.toContain("env-secret");
    expect(run.stderr).toContain("file_read notes.txt → failed (hard_linked)");
  });

  it("interview --codebase: the same tools refuse them the same way", async () => {
    scriptCodebaseCalls();
    const run = await runInterviewCli(["--codebase", "app"], {
      input: "what does the pricing code read?\n",
      env: { ...fake.env },
      cwd: tree.dir,
    });
    expect(run.code).toBe(0);
    expect(fake.requests).toHaveLength(2);
    expectRefusedAndUnseen();
    expect(run.stdout + run.stderr).not.toContain("env-secret");
  });
});
