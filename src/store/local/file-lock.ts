import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { link, mkdir, open, readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { IdeaBusyError, type IdeaLock, type IdeaLockOptions } from "../idea-lock.ts";

/** What a lock file holds: enough to tell a live holder from one that died. */
interface LockHolder {
  pid: number;
  host: string;
  /** The holder process's start time in clock ticks since boot (Linux), so a reused pid is seen. */
  startTicks: string | undefined;
  since: string;
  token: string;
}

const POLL_MS = 150;
/** A takeover in progress this old was abandoned by a process that died mid-way. */
const TAKEOVER_STALE_MS = 5_000;

/**
 * An exclusive lock as a file created atomically (link(2) of a complete temp file: the lock never
 * exists half-written). A holder that died (its pid is gone, or was reused by a process started
 * later) is taken over; a takeover is itself serialized by an O_EXCL file, so two processes that
 * both find the same dead holder never both take the lock. Waiting polls, and stops on `signal`.
 */
export async function acquireFileLock(file: string, options: IdeaLockOptions): Promise<IdeaLock> {
  await mkdir(path.dirname(file), { recursive: true });
  const mine: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startTicks: startTicksOf(process.pid),
    since: new Date().toISOString(),
    token: randomBytes(12).toString("hex"),
  };
  let announced = false;
  let tookOver: string | undefined;
  for (;;) {
    options.signal?.throwIfAborted();
    if (await createExclusive(file, JSON.stringify(mine))) {
      await removeDeadTemps(file);
      return {
        ...(tookOver ? { tookOver } : {}),
        release: () => releaseIfMine(file, mine.token),
      };
    }
    const holder = await readHolder(file);
    if (holder === "gone") continue;
    if (holder !== "unreadable" && !isAlive(holder)) {
      if (await takeOver(file, holder)) {
        tookOver = `an earlier run (pid ${holder.pid}, started ${holder.since}) stopped without finishing; its lock was taken over`;
      }
      continue;
    }
    const who = holder === "unreadable" ? "another run" : describe(holder);
    if (!options.wait) throw new IdeaBusyError(who);
    if (!announced) options.onWait?.(who);
    announced = true;
    await pause(options.signal);
  }
}

/** One poll interval; an abort ends it with the signal's own reason. */
async function pause(signal: AbortSignal | undefined): Promise<void> {
  try {
    await delay(POLL_MS, undefined, signal ? { signal } : {});
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  }
}

function describe(holder: LockHolder): string {
  return `another run (pid ${holder.pid}${holder.host === hostname() ? "" : ` on ${holder.host}`}, since ${holder.since})`;
}

/** True when `file` was created with `content`; false when it already exists. */
async function createExclusive(file: string, content: string): Promise<boolean> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temp, content, { flag: "wx" });
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
}

/** Temp files of lock attempts whose process was killed between writing and removing them. */
async function removeDeadTemps(file: string): Promise<void> {
  const prefix = `${path.basename(file)}.`;
  const names = await readdir(path.dirname(file)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(/^(\d+)\.[0-9a-f]+\.tmp$/.exec(name.slice(prefix.length))?.[1]);
    if (!name.startsWith(prefix) || !pid || pid === process.pid) continue;
    if (!isAlive({ pid, host: hostname(), startTicks: undefined, since: "", token: "" })) {
      await unlink(path.join(path.dirname(file), name)).catch(() => {});
    }
  }
}

async function readHolder(file: string): Promise<LockHolder | "gone" | "unreadable"> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    return "unreadable";
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.token !== "string") return "unreadable";
    return {
      pid: value.pid,
      host: String(value.host ?? ""),
      startTicks: typeof value.startTicks === "string" ? value.startTicks : undefined,
      since: String(value.since ?? ""),
      token: value.token,
    };
  } catch {
    return "unreadable";
  }
}

/** A holder on another machine cannot be judged from here: it counts as alive. */
function isAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  const ticks = startTicksOf(holder.pid);
  return holder.startTicks === undefined || ticks === undefined || ticks === holder.startTicks;
}

/** Removes the dead holder's lock unless someone replaced it meanwhile. True when removed. */
async function takeOver(file: string, dead: LockHolder): Promise<boolean> {
  const mutex = `${file}.takeover`;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(mutex, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const age = await stat(mutex).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > TAKEOVER_STALE_MS) await unlink(mutex).catch(() => {});
    else await delay(POLL_MS);
    return false;
  }
  try {
    const current = await readHolder(file);
    if (typeof current === "object" && current.token === dead.token) {
      await unlink(file).catch(() => {});
      return true;
    }
    return false;
  } finally {
    await handle.close();
    await unlink(mutex).catch(() => {});
  }
}

async function releaseIfMine(file: string, token: string): Promise<void> {
  const holder = await readHolder(file);
  if (typeof holder === "object" && holder.token === token) await unlink(file).catch(() => {});
}

/** Field 22 of /proc/<pid>/stat (after the parenthesized command name, which may hold spaces). */
function startTicksOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}
