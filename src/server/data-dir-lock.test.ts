import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCK_FILE, lockDataDir } from "./data-dir-lock.ts";

const fresh = () => mkdtempSync(join(tmpdir(), "data-dir-lock-"));

describe("lockDataDir", () => {
  it("holds the data directory for one server and releases it on close", () => {
    const dir = fresh();
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses while another live process holds it, naming the pid and the fix", () => {
    const dir = fresh();
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(
      `another idea-explorer serve (pid ${process.ppid}) is using this --data-dir: stop it or choose another --data-dir`,
    );
  });

  it("takes over a lock left by a process that is gone (after a kill -9)", () => {
    const dir = fresh();
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(join(dir, LOCK_FILE), `${gone}\n`);
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    unlock();
  });

  it("takes over an unreadable lock file", () => {
    const dir = fresh();
    writeFileSync(join(dir, LOCK_FILE), "not a pid");
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    unlock();
  });
});
