import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IdeaBusyError } from "../idea-lock.ts";
import { acquireFileLock } from "./file-lock.ts";

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "file-lock-"));
  file = path.join(dir, "locks", "abc.lock");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid;
}

async function writeHolder(fields: Record<string, unknown>) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    JSON.stringify({ host: hostname(), since: "2026-01-01T00:00:00.000Z", token: "t", ...fields }),
  );
}

describe("acquireFileLock", () => {
  it("refuses a second holder at once without wait, naming the holder", async () => {
    const first = await acquireFileLock(file, { wait: false });
    const error = await acquireFileLock(file, { wait: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdeaBusyError);
    expect((error as Error).message).toMatch(
      new RegExp(`already being explored by another run \\(pid ${process.pid}, since `),
    );
    await first.release();
    await (await acquireFileLock(file, { wait: false })).release();
  });

  it("lets a waiter in once the holder releases, telling it once that it waits", async () => {
    const first = await acquireFileLock(file, { wait: false });
    const waits: string[] = [];
    let acquired = false;
    const second = acquireFileLock(file, { wait: true, onWait: (h) => waits.push(h) }).then(
      (lock) => {
        acquired = true;
        return lock;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(acquired).toBe(false);
    await first.release();
    await (await second).release();
    expect(waits).toHaveLength(1);
  });

  it("takes over the lock of a process that died, and says so", async () => {
    const pid = deadPid();
    await writeHolder({ pid });
    const lock = await acquireFileLock(file, { wait: false });
    expect(lock.tookOver).toMatch(new RegExp(`earlier run \\(pid ${pid}, .*taken over`));
    expect(JSON.parse(await readFile(file, "utf8")).pid).toBe(process.pid);
    await lock.release();
  });

  it("takes over a lock whose pid now belongs to a process started later", async () => {
    await writeHolder({ pid: process.pid, startTicks: "1" });
    const lock = await acquireFileLock(file, { wait: false });
    expect(lock.tookOver).toMatch(new RegExp(`earlier run \\(pid ${process.pid}, .*taken over`));
    expect(JSON.parse(await readFile(file, "utf8")).token).not.toBe("t");
    await lock.release();
  });

  it("gives a dead holder's lock to exactly one of many racing takers", async () => {
    await writeHolder({ pid: deadPid() });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => acquireFileLock(file, { wait: false })),
    );
    const held = results.filter((r) => r.status === "fulfilled");
    expect(held).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(IdeaBusyError);
    }
  });

  it("takes over a lock file with content no holder wrote (a crash of the file system)", async () => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, "");
    const lock = await acquireFileLock(file, { wait: false });
    expect(lock.tookOver).toBe("an unreadable lock (left by a crash) was taken over");
    expect(JSON.parse(await readFile(file, "utf8")).pid).toBe(process.pid);
    await lock.release();
  });

  it("counts a lock file it cannot read as held, and names no holder", async () => {
    await mkdir(file, { recursive: true }); // read(2) of a folder fails: EISDIR
    const error = await acquireFileLock(file, {
      wait: false,
      busyError: (holder) => new Error(`busy: ${JSON.stringify(holder)}`),
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe("busy: undefined");
  });

  it("reads a pid-only lock (serve.pid of earlier versions) as held by that process", async () => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${process.ppid}\n`);
    const error = await acquireFileLock(file, {
      wait: false,
      busyError: (holder) => new Error(`busy: ${JSON.stringify(holder)}`),
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(`busy: {"pid":${process.ppid}}`);
    const pid = deadPid();
    await writeFile(file, `${pid}\n`);
    const lock = await acquireFileLock(file, { wait: false });
    expect(lock.tookOver).toMatch(new RegExp(`earlier run \\(pid ${pid}\\) stopped`));
    await lock.release();
  });

  it("names a holder on another machine, which it never takes over", async () => {
    await writeHolder({ pid: deadPid(), host: "elsewhere.example" });
    const error = await acquireFileLock(file, { wait: false }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/another run \(pid \d+ on elsewhere\.example, since /);
  });

  it("stops waiting when the signal aborts, and takes nothing", async () => {
    const first = await acquireFileLock(file, { wait: false });
    const abort = new AbortController();
    const waiting = acquireFileLock(file, { wait: true, signal: abort.signal });
    setTimeout(() => abort.abort(new Error("cancelled")), 200);
    await expect(waiting).rejects.toThrow("cancelled");
    expect(JSON.parse(await readFile(file, "utf8")).pid).toBe(process.pid);
    await first.release();
  });

  it("release never removes a lock another run holds now", async () => {
    const first = await acquireFileLock(file, { wait: false });
    await writeHolder({ pid: process.pid, token: "someone-else" });
    await first.release();
    expect(JSON.parse(await readFile(file, "utf8")).token).toBe("someone-else");
  });
});
