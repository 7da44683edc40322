import { constants } from "node:fs";
import { mkdir, open, rename, symlink, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSandboxTree,
  OUTSIDE_SECRET,
  type SandboxTree,
} from "../../test/fixtures/sandbox-tree.ts";
import { readRegularFileInside } from "./read-inside.ts";
import { SandboxError } from "./sandbox-error.ts";
import { openSandboxRoot } from "./sandbox-root.ts";
import { verifyOpened } from "./verify-opened.ts";

let tree: SandboxTree;
beforeAll(async () => {
  tree = await createSandboxTree();
});
afterAll(() => tree.cleanup());

async function verifyCode(procfs: boolean, file: string, afterOpen?: () => Promise<void>) {
  const root = openSandboxRoot(tree.root, { procfs });
  const handle = await open(file, constants.O_RDONLY);
  try {
    await afterOpen?.();
    await verifyOpened(root, handle, file, "x", "read");
    return "verified";
  } catch (error) {
    if (error instanceof SandboxError) return error.code;
    throw error;
  } finally {
    await handle.close();
  }
}

// The post-open check is what defeats a swap between check and open: whatever was opened,
// it is judged by where it really is, not by the path that was checked.
describe.each([{ procfs: true }, { procfs: false }])(
  "verifyOpened (procfs: $procfs)",
  ({ procfs }) => {
    it("accepts a handle on a file inside the root", async () => {
      expect(await verifyCode(procfs, path.join(tree.root, "hello.txt"))).toBe("verified");
    });

    it("refuses a handle that was opened outside the root", async () => {
      expect(await verifyCode(procfs, path.join(tree.outside, "secret.txt"))).toBe("outside_root");
      expect(await verifyCode(procfs, path.join(tree.rootEvil, "loot.txt"))).toBe("outside_root");
    });

    it("refuses a handle whose file was moved out of the root after opening", async () => {
      const inside = path.join(tree.root, `moving-${procfs}.txt`);
      const outside = path.join(tree.outside, `moved-${procfs}.txt`);
      await writeFile(inside, "x");
      try {
        const code = await verifyCode(procfs, inside, () => rename(inside, outside));
        expect(code).toBe("outside_root");
      } finally {
        await unlink(outside);
      }
    });

    it("refuses a handle whose file was deleted or replaced after opening", async () => {
      const file = path.join(tree.root, `deleted-${procfs}.txt`);
      await writeFile(file, "x");
      expect(await verifyCode(procfs, file, () => unlink(file))).toBe("outside_root");
      const swapped = path.join(tree.root, `swapped-${procfs}.txt`);
      await writeFile(swapped, "x");
      const code = await verifyCode(procfs, swapped, async () => {
        await unlink(swapped);
        await writeFile(swapped, "other inode");
      });
      expect(code).toBe("outside_root");
    });

    it("refuses a handle opened through a folder link that was put back as a folder since", async () => {
      const folder = path.join(tree.root, `relinked-${procfs}`);
      await symlink(path.join(tree.outside, "dir"), folder);
      const code = await verifyCode(procfs, path.join(folder, "inner.txt"), async () => {
        await unlink(folder);
        await mkdir(folder);
        await writeFile(path.join(folder, "inner.txt"), "inside\n");
      });
      expect(code).toBe("outside_root");
    });
  },
);

/**
 * Only the procfs check is raced here: it asks the kernel where the handle is, so no timing can
 * fool it. The path-based fallback (no procfs) can only narrow this race, not close it (see
 * `locateByPath`); its single-swap cases are the deterministic tests above.
 *
 * A second thread keeps swapping `race/inner.txt` (and its folder `race`) between the real
 * thing and links to `outside/`, while this thread reads. Every read must return the inside
 * text or an error; the outside secret must never come back.
 */
const SWAPPER = `
const { workerData, parentPort } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
const { root, outside, stop } = workerData;
const flag = new Int32Array(stop);
const dir = path.join(root, "race");
const parkedDir = path.join(root, "race-parked");
const file = path.join(dir, "inner.txt");
const parkedFile = path.join(dir, "inner-parked.txt");
let swaps = 0;
parentPort.postMessage("ready");
while (Atomics.load(flag, 0) === 0) {
  try {
    fs.renameSync(file, parkedFile);
    fs.symlinkSync(path.join(outside, "dir", "inner.txt"), file);
    fs.unlinkSync(file);
    fs.renameSync(parkedFile, file);
    fs.renameSync(dir, parkedDir);
    fs.symlinkSync(path.join(outside, "dir"), dir);
    fs.unlinkSync(dir);
    fs.renameSync(parkedDir, dir);
    swaps++;
  } catch (error) {
    parentPort.postMessage("error: " + error.message);
    break;
  }
}
parentPort.postMessage("swaps: " + swaps);
`;

describe("a file swapped for a link between check and open", () => {
  it("never yields outside bytes (procfs)", async () => {
    const raceDir = path.join(tree.root, "race");
    await mkdir(raceDir, { recursive: true });
    await writeFile(path.join(raceDir, "inner.txt"), "inside\n");
    const root = openSandboxRoot(tree.root, { procfs: true });
    const stop = new SharedArrayBuffer(4);
    const worker = new Worker(SWAPPER, {
      eval: true,
      workerData: { root: tree.root, outside: tree.outside, stop },
    });
    const messages: string[] = [];
    const done = new Promise<void>((resolve) => worker.on("exit", () => resolve()));
    await new Promise<void>((resolve) =>
      worker.on("message", (m: string) => {
        messages.push(m);
        resolve();
      }),
    );
    const outcomes = new Map<string, number>();
    try {
      for (let i = 0; i < 3000; i++) {
        let outcome: string;
        try {
          outcome = (
            await readRegularFileInside(root, "race/inner.txt", { maxBytes: 100 })
          ).toString("utf8");
        } catch (error) {
          outcome = error instanceof SandboxError ? error.code : String(error);
        }
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        expect(outcome).not.toContain(OUTSIDE_SECRET);
      }
    } finally {
      Atomics.store(new Int32Array(stop), 0, 1);
      await done;
    }
    expect(messages.filter((m) => m.startsWith("error"))).toEqual([]);
    // The race happened: the swapper went round, and reads met the swapped state and refused it.
    expect(Number(messages.find((m) => m.startsWith("swaps: "))?.slice(7))).toBeGreaterThan(0);
    expect(outcomes.get("outside_root")).toBeGreaterThan(0);
    const allowed = new Set(["inside\n", "not_found", "outside_root", "not_directory"]);
    expect([...outcomes.keys()].filter((o) => !allowed.has(o))).toEqual([]);
  });
});
