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

/** What a busy error may say about the live holder (undefined: its lock file cannot be read). */
export interface LockHolderSummary {
  pid: number;
  /** Set when the holder runs on another machine (a shared folder). */
  otherHost?: string;
}

export interface FileLockOptions extends IdeaLockOptions {
  /** The error when a live holder keeps the lock and `wait` is false (default: IdeaBusyError). */
  busyError?: (holder: LockHolderSummary | undefined) => Error;
}

/**
 * The lock file as read now. `text` is what a takeover compares: it removes the file only while
 * it still holds exactly what was judged dead.
 */
type Reading =
  | { state: "gone" }
  /** It cannot be read (EACCES, EISDIR): its holder is unknown, so it counts as alive. */
  | { state: "unknown" }
  | { state: "held"; holder: LockHolder; text: string }
  /** Content no holder wrote (lock files are never written half-way): nobody holds it. */
  | { state: "garbled"; text: string };

const POLL_MS = 150;
/** A takeover in progress this old was abandoned by a process that died mid-way. */
const TAKEOVER_STALE_MS = 5_000;

/**
 * An exclusive lock as a file created atomically (link(2) of a complete temp file: the lock never
 * exists half-written). The one lock of the product: idea and commit locks of a local store, and
 * the serve data folder. A holder that died (its pid is gone, or was reused by a process started
 * later) is taken over, as is a file with content no holder wrote (a crash of the file system);
 * a takeover is itself serialized by an O_EXCL file, so two processes that both find the same
 * dead holder never both take the lock. Waiting polls, and stops on `signal`.
 */
export async function acquireFileLock(file: string, options: FileLockOptions): Promise<IdeaLock> {
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
    // Read before written: a dead holder's file goes before this one's is made, so on a full
    // disk the space it frees is the space the new one needs.
    const reading = await readLock(file);
    if (reading.state === "gone") {
      if (await createExclusive(file, JSON.stringify(mine))) {
        await removeDeadTemps(file);
        return {
          ...(tookOver ? { tookOver } : {}),
          release: () => releaseIfMine(file, mine.token),
        };
      }
      continue;
    }
    if (reading.state === "garbled" || (reading.state === "held" && !isAlive(reading.holder))) {
      if (await takeOver(file, reading.text)) tookOver = tookOverLine(reading);
      continue;
    }
    const holder = reading.state === "held" ? reading.holder : undefined;
    const who = holder ? describe(holder) : "another run";
    if (!options.wait) {
      throw options.busyError?.(holder && summary(holder)) ?? new IdeaBusyError(who);
    }
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
  const host = summary(holder).otherHost;
  return `another run (pid ${holder.pid}${host ? ` on ${host}` : ""}${holder.since ? `, since ${holder.since}` : ""})`;
}

function summary(holder: LockHolder): LockHolderSummary {
  return holder.host === hostname()
    ? { pid: holder.pid }
    : { pid: holder.pid, otherHost: holder.host };
}

function tookOverLine(dead: Reading & { state: "held" | "garbled" }): string {
  if (dead.state === "garbled") return "an unreadable lock (left by a crash) was taken over";
  const started = dead.holder.since ? `, started ${dead.holder.since}` : "";
  return `an earlier run (pid ${dead.holder.pid}${started}) stopped without finishing; its lock was taken over`;
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

async function readLock(file: string): Promise<Reading> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT"
      ? { state: "gone" }
      : { state: "unknown" };
  }
  const holder = parseHolder(text);
  return holder ? { state: "held", holder, text } : { state: "garbled", text };
}

function parseHolder(text: string): LockHolder | undefined {
  // serve.pid of earlier versions held only the pid: such a live server still holds its folder.
  if (/^[1-9]\d*\n?$/.test(text)) {
    return { pid: Number(text), host: hostname(), startTicks: undefined, since: "", token: text };
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.token !== "string") return undefined;
    return {
      pid: value.pid,
      host: String(value.host ?? ""),
      startTicks: typeof value.startTicks === "string" ? value.startTicks : undefined,
      since: String(value.since ?? ""),
      token: value.token,
    };
  } catch {
    return undefined;
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

/** Removes the lock judged dead (`deadText`) unless someone replaced it meanwhile. True when removed. */
async function takeOver(file: string, deadText: string): Promise<boolean> {
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
    const current = await readLock(file);
    if ((current.state === "held" || current.state === "garbled") && current.text === deadText) {
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
  const reading = await readLock(file);
  if (reading.state === "held" && reading.holder.token === token) {
    await unlink(file).catch(() => {});
  }
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
