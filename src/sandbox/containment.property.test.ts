import { lstat, readdir, readFile, realpath } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSandboxTree,
  HARD_LINK_TO_ENV,
  LINK_NAMES,
  type SandboxTree,
  SECRET_PATHS,
} from "../../test/fixtures/sandbox-tree.ts";
import { readRegularFileInside } from "./read-inside.ts";
import { SandboxError } from "./sandbox-error.ts";
import { openSandboxRoot } from "./sandbox-root.ts";
import { isDotName, isSecretName } from "./secret-names.ts";
import { writeFileInside } from "./write-inside.ts";

/** Pieces that have broken path sandboxes before, plus every link and secret in the fixture. */
const TOKENS = [
  ".",
  "..",
  "/",
  "//",
  "\\",
  "%2e",
  "%2e%2e",
  "%2f",
  "\0",
  "~",
  "\n",
  "\u202e",
  "\uff0e\uff0e",
  "é",
  "日本",
  "a",
  "b.md",
  "docs",
  "nested",
  "hello.txt",
  "tmp",
  "etc",
  "passwd",
  "outside",
  "secret.txt",
  "root_evil",
  "loot.txt",
  "hardlink-outside",
  "fifo",
  ...LINK_NAMES,
  ...SECRET_PATHS,
];

/**
 * Whole paths of the fixture (files, links, secrets, and paths through linked folders), mixed
 * into the reads so that accepted reads are common enough for the checks on them to mean
 * something: random token strings alone rarely name a file that exists.
 */
const TREE_PATHS = [
  "hello.txt",
  "empty.txt",
  "docs/guide.md",
  "docs/nested/deep.md",
  "binary.bin",
  "latin1.txt",
  "hardlink-outside",
  HARD_LINK_TO_ENV,
  "fifo",
  "link-inside-dir/guide.md",
  "link-inside-abs/nested/deep.md",
  "link-outside-dir/secret.txt",
  "link-prefix-dir/loot.txt",
  "docs/up-link/hello.txt",
  "docs/out-link/inner.txt",
  ...LINK_NAMES,
  ...SECRET_PATHS,
];

const pathArbitrary = fc.oneof(
  fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 6 }).map((p) => p.join("")),
  fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 5 }).map((p) => p.join("/")),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** Places a write through /proc links or absolute paths could land. */
const HOST_PLACES = [process.cwd(), "/", "/tmp"];

/** Every name in each host place, to compare before and after. */
async function hostListing(): Promise<Map<string, Set<string>>> {
  const lists = await Promise.all(HOST_PLACES.map(async (p) => new Set(await readdir(p))));
  return new Map(HOST_PLACES.map((p, i) => [p, lists[i]!]));
}

/**
 * Names that appeared in a host place and that a write attempt could have created (a segment
 * of a path the property tried). Other test files run at the same time and create their own
 * temp folders in /tmp; those names never match a tried segment, so they do not count.
 */
async function escapedNames(
  before: Map<string, Set<string>>,
  tried: Set<string>,
): Promise<string[]> {
  const after = await hostListing();
  return HOST_PLACES.flatMap((place) =>
    [...after.get(place)!]
      .filter((name) => !before.get(place)!.has(name) && tried.has(name))
      .map((name) => path.join(place, name)),
  );
}

/** The test's own oracle (separator-aware prefix), independent of the code under test. */
async function realInside(rootReal: string, rel: string): Promise<string[] | undefined> {
  const real = await realpath(path.join(rootReal, rel));
  if (!real.startsWith(rootReal + path.sep)) return undefined;
  return real.slice(rootReal.length + 1).split(path.sep);
}

describe("no accepted path ever resolves outside the root", () => {
  let tree: SandboxTree;
  beforeAll(async () => {
    tree = await createSandboxTree();
  });
  afterAll(() => tree.cleanup());

  it("reads: what is returned is a regular file inside the root, never a secret nor a hard link", async () => {
    const root = openSandboxRoot(tree.root);
    const outsideBefore = await tree.snapshotOutside();
    let read = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(pathArbitrary, fc.constantFrom(...TREE_PATHS)), async (rel) => {
        let bytes: Buffer;
        try {
          bytes = await readRegularFileInside(root, rel, { maxBytes: 4096 });
        } catch (error) {
          if (!(error instanceof SandboxError)) throw error;
          expect(error.message).not.toContain(tree.base);
          return;
        }
        const segments = await realInside(root.realPath, rel);
        expect(segments).toBeDefined();
        expect(segments!.some(isSecretName)).toBe(false);
        expect(rel.split("/").some(isSecretName)).toBe(false);
        const file = path.join(root.realPath, ...segments!);
        expect(bytes.equals(await readFile(file))).toBe(true);
        // A file with another name may share its content with one outside or with a secret.
        expect((await lstat(file)).nlink).toBe(1);
        read++;
      }),
      { numRuns: 400 },
    );
    // About a third of the runs name fixture paths; some of those are refused, as they must be.
    expect(read).toBeGreaterThan(20);
    expect(await tree.snapshotOutside()).toBe(outsideBefore);
  });
});

describe("no accepted write ever lands or changes anything outside the root", () => {
  let tree: SandboxTree;
  beforeAll(async () => {
    tree = await createSandboxTree();
  });
  afterAll(() => tree.cleanup());

  it.each([{ procfs: true }, { procfs: false }])(
    "writes (procfs: $procfs): the file written is the canonical path, inside, not hidden",
    async ({ procfs }) => {
      const root = openSandboxRoot(tree.root, { procfs });
      const outsideBefore = await tree.snapshotOutside();
      const hostBefore = await hostListing();
      const tried = new Set<string>();
      let written = 0;
      await fc.assert(
        fc.asyncProperty(pathArbitrary, async (rel) => {
          for (const segment of rel.split("/")) tried.add(segment);
          const marker = `marker ${rel.length} ${written}`;
          let returned: string;
          try {
            returned = await writeFileInside(root, rel, marker, { maxBytes: 4096 });
          } catch (error) {
            if (!(error instanceof SandboxError)) throw error;
            expect(error.message).not.toContain(tree.base);
            return;
          }
          written++;
          expect(returned).toBe(rel);
          expect(path.isAbsolute(returned)).toBe(false);
          expect(returned.split("/")).not.toContain("..");
          const segments = await realInside(root.realPath, returned);
          expect(segments).toBeDefined();
          expect(segments!.some((s) => isDotName(s) || isSecretName(s))).toBe(false);
          expect(await readFile(path.join(root.realPath, ...segments!), "utf8")).toBe(marker);
        }),
        { numRuns: 400 },
      );
      expect(written).toBeGreaterThan(50);
      expect(await tree.snapshotOutside()).toBe(outsideBefore);
      expect(await escapedNames(hostBefore, tried)).toEqual([]);
    },
  );
});
