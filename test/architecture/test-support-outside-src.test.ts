import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/run-cli.ts";
import { codeFilesUnder, isTestFile, referencedFiles } from "./source-files.ts";

/**
 * src/ is what a reader learns the product from, and what the package builds: test support
 * (fakes, fixtures, seeders, process drivers) lives under test/, beside the tests that share it.
 */
const SRC = path.join(REPO_ROOT, "src");
const TEST_SUPPORT_FOLDERS = ["testing", "fixtures", "fakes", "mocks", "__mocks__", "__fixtures__"];
const TEST_SUPPORT_FILE = /\.(fixture|fake|mock)\.ts$/;

/** Where the product starts: the CLI's bin, the library's entry, the Worker, build scripts. */
const PRODUCT_ENTRIES = [
  ...codeFilesUnder(path.join(REPO_ROOT, "bin")),
  path.join(SRC, "index.ts"),
  ...codeFilesUnder(path.join(REPO_ROOT, "deploy/cloudflare/src")),
  ...codeFilesUnder(path.join(REPO_ROOT, "scripts")),
];
/** Code that only tests, benchmarks and evaluations run. */
const TEST_SIDE = [
  ...codeFilesUnder(SRC).filter(isTestFile),
  ...["test", "bench", "eval", "deploy/cloudflare/test"].flatMap((dir) =>
    codeFilesUnder(path.join(REPO_ROOT, dir)),
  ),
];

/** Every non-test src file the product entries reach, following imports and paths it loads. */
function reachedByProduct(): Set<string> {
  const reached = new Set<string>();
  const pending = [...PRODUCT_ENTRIES];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    for (const target of referencedFiles(file)) {
      if (target.startsWith(SRC + path.sep) && !isTestFile(target)) pending.push(target);
    }
  }
  return reached;
}

function foldersUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return [full, ...foldersUnder(full)];
    });
}

describe("src/ holds no test support", () => {
  it("no fixture, fake or mock files and no testing/, fixtures/, fakes/ or mocks/ folders", () => {
    const named = [
      ...codeFilesUnder(SRC).filter((file) => TEST_SUPPORT_FILE.test(file)),
      ...foldersUnder(SRC).filter((dir) => TEST_SUPPORT_FOLDERS.includes(path.basename(dir))),
    ];
    expect(named.map((file) => path.relative(REPO_ROOT, file))).toEqual([]);
  });

  it("every src file a test uses is also reached from a product entry", () => {
    const product = reachedByProduct();
    const onlyTests = new Map<string, string>();
    for (const file of TEST_SIDE) {
      for (const target of referencedFiles(file)) {
        const inSrc =
          target.startsWith(SRC + path.sep) && !isTestFile(target) && existsSync(target);
        if (inSrc && !product.has(target) && !onlyTests.has(target)) {
          onlyTests.set(target, path.relative(REPO_ROOT, file));
        }
      }
    }
    const shown = [...onlyTests].map(
      ([target, user]) => `${path.relative(REPO_ROOT, target)} (used by ${user})`,
    );
    expect(shown).toEqual([]);
  });
});
