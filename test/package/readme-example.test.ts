import { execFile } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  blocksOf,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { REPO_ROOT } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

const run = promisify(execFile);

/**
 * The library's example, exactly as a reader copies it: the first ts block of docs/library.md,
 * where the README's table sends a reader who wants the library.
 */
async function libraryDocsExample(): Promise<string> {
  const [readme, docs] = await Promise.all([
    readFile(path.join(REPO_ROOT, "README.md"), "utf8"),
    readFile(path.join(REPO_ROOT, "docs", "library.md"), "utf8"),
  ]);
  if (!readme.includes("(docs/library.md)"))
    throw new Error("README.md no longer links docs/library.md");
  const section = docs.slice(docs.indexOf("# Library"));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error("docs/library.md has no ts example under # Library");
  return code;
}

let tree: TempTree;
let fake: FakeAnthropicServer;
// Inside the checkout, so `import ... from "idea-explorer"` resolves as it does for a user of
// the package; test-artifacts/ is git-ignored.
const scriptDir = path.join(REPO_ROOT, "test-artifacts", "readme-example");

beforeEach(async () => {
  tree = await makeTempTree({
    files: {
      "my-ideas-repo/ideas/2026-01-02-solar-dryer/research.md":
        "# Solar dryer\n\nVerdict: pursue.\n",
      "my-codebase/README.md": "# Codebase\n",
    },
  });
  fake = await startFakeAnthropic();
  await mkdir(scriptDir, { recursive: true });
});
afterEach(async () => {
  await Promise.all([
    fake.close(),
    tree.cleanup(),
    rm(scriptDir, { recursive: true, force: true }),
  ]);
});

describe("the library example of docs/library.md, linked from the README", () => {
  it("runs as written: read_research reads the research folder and the model gets it", async () => {
    fake.enqueue(
      reply.toolUse("read_research", { path: "2026-01-02-solar-dryer/research.md" }),
      reply.text("It concluded: pursue."),
    );
    const script = path.join(scriptDir, "example.mts");
    await writeFile(script, `${await libraryDocsExample()}\nconsole.log(text);\n`);

    const { stdout } = await run(process.execPath, [script], {
      cwd: tree.dir,
      env: {
        PATH: process.env.PATH ?? "",
        ...fake.env,
      },
    });

    expect(stdout).toContain("It concluded: pursue.");
    const toolResult = JSON.stringify(blocksOf(fake.requests[1]));
    expect(toolResult).toContain("Verdict: pursue.");
    expect(fake.requests[0]?.body.tools?.map((t) => t.name)).toEqual([
      "read_research",
      "file_read",
    ]);
  });
});
