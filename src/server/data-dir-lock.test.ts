import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCK_FILE, lockDataDir } from "./data-dir-lock.ts";

const MODULE = fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
let racerGroups = 0;
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), "data-dir-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const holderPid = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).pid;
/** True once `pid`'s lock is in place (read without throwing: the file comes and goes). */
const lockedBy = (dir: string, pid: number) => {
  try {
    return holderPid(dir) === pid;
  } catch {
    return false;
  }
};
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid;
const busy = (pid: number | undefined) =>
  `another idea-explorer serve (pid ${pid}) is using this --data-dir: stop it or choose another --data-dir`;

/**
 * Processes that each lock the data dirs `dirs`, one after the other, each when `go(i)` is called
 * (a start instant, so they race), and keep what they took until they are killed. `results(i)` is
 * one line per process for `dirs[i]`: "won" or the error.
 */
function racers(count: number, dirs: string[]) {
  const prefix = join(dirs[0]!, `go-${++racerGroups}-`);
  const startLine = (i: number) => `${prefix}${i}`;
  const code = `
    import { existsSync, readFileSync } from "node:fs";
    const { lockDataDir } = await import(${JSON.stringify(MODULE)});
    const dirs = ${JSON.stringify(dirs)};
    process.stdout.write("ready\\n");
    for (let i = 0; i < dirs.length; i++) {
      const start = ${JSON.stringify(prefix)} + i;
      while (!existsSync(start)) await new Promise((resolve) => setTimeout(resolve, 5));
      const at = Number(readFileSync(start, "utf8"));
      while (Date.now() < at) {}
      const line = await lockDataDir(dirs[i]).then(() => "won", (e) => e.message);
      process.stdout.write(i + " " + line + "\\n");
    }
    setInterval(() => {}, 60_000);`;
  const outputs = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
    });
    return { pid: child.pid, text: () => text };
  });
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return {
    pids: outputs.map((o) => o.pid),
    ready: () => until(() => outputs.every((o) => o.text().includes("ready"))),
    /** All start at one instant, `inMs` from now (each spins for the last stretch). */
    go: (i: number, inMs = 100) => writeFileSync(startLine(i), String(Date.now() + inMs)),
    async results(i: number): Promise<string[]> {
      const line = new RegExp(`^${i} (.*)$`, "m");
      await until(() => outputs.every((o) => line.test(o.text())));
      return outputs.map((o) => line.exec(o.text())![1]!);
    },
    async race(i: number): Promise<string[]> {
      await this.ready();
      this.go(i);
      return this.results(i);
    },
  };
}

/** A server that took `dir` and was killed with kill -9 (its lock stays); resolves to its pid. */
async function crashedServer(dir: string): Promise<number> {
  const crashed = racers(1, [dir]);
  expect(await crashed.race(0)).toEqual(["won"]);
  const child = children.at(-1)!;
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
  return crashed.pids[0]!;
}

describe("lockDataDir", () => {
  it("holds the data directory for one server and releases it on close", async () => {
    const dir = fresh();
    const unlock = await lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    await expect(lockDataDir(dir)).rejects.toThrow(busy(process.pid));
    await unlock();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses while another live server holds it, naming its pid and the fix", async () => {
    const dir = fresh();
    const other = racers(1, [dir]);
    expect(await other.race(0)).toEqual(["won"]);
    await expect(lockDataDir(dir)).rejects.toThrow(busy(other.pids[0]));
  });

  it("refuses while a server of an earlier version (its serve.pid holds only the pid) runs", async () => {
    const dir = fresh();
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
    await expect(lockDataDir(dir)).rejects.toThrow(busy(process.ppid));
  });

  it("takes over the lock of a server killed with kill -9", async () => {
    const dir = fresh();
    await crashedServer(dir);
    const unlock = await lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    await unlock();
  });

  it("takes over a lock file that holds no lock", async () => {
    const dir = fresh();
    writeFileSync(join(dir, LOCK_FILE), "not a lock");
    const unlock = await lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    await unlock();
  });

  it("never removes the lock another server took over while this one judged the holder dead", async () => {
    // Judging the holder dead and removing its file are two steps. Between them, another
    // server takes the data dir over (a real process, finishing while this one is held at its
    // liveness check); removing "the dead lock" then would remove that server's live one.
    const dir = fresh();
    const dead = await crashedServer(dir);
    const other = racers(1, [dir]);
    await other.ready();
    const kill = process.kill.bind(process);
    let heldOnce = false;
    const spy = vi.spyOn(process, "kill").mockImplementation((pid, signal) => {
      if (pid === dead && !heldOnce) {
        heldOnce = true;
        other.go(0, 0);
        const until = Date.now() + 10_000;
        while (Date.now() < until && !lockedBy(dir, other.pids[0]!)) {}
      }
      return kill(pid, signal);
    });
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(busy(other.pids[0]));
    } finally {
      spy.mockRestore();
    }
    expect(heldOnce).toBe(true);
    expect(await other.results(0)).toEqual(["won"]);
    expect(holderPid(dir)).toBe(other.pids[0]);
  });

  it("gives a crashed server's data dir to exactly one of the servers starting at once", async () => {
    // Rounds of three processes racing for a lock whose holder died.
    const rounds = Array.from({ length: 4 }, () => fresh());
    for (const dir of rounds) writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    const race = racers(3, rounds);
    for (const [i, dir] of rounds.entries()) {
      const lines = await race.race(i);
      const winner = holderPid(dir);
      expect(
        lines.filter((line) => line === "won"),
        `round ${i}: ${lines}`,
      ).toHaveLength(1);
      expect(lines.filter((line) => line !== "won")).toEqual(Array(2).fill(busy(winner)));
    }
  }, 60_000);
});
