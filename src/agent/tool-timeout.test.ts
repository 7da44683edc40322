import { execFile } from "node:child_process";
import { getEventListeners } from "node:events";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { ToolExecutionOptions, ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { ToolTimeoutError, withToolTimeouts } from "./tool-timeout.ts";

type Execute = (input: unknown, options: ToolExecutionOptions<unknown>) => unknown;

/** One tool, wrapped, and its execute called as the SDK calls it. */
function wrapped(execute: Execute, timeoutMs: number) {
  const tools = withToolTimeouts(
    { t: { inputSchema: {}, execute } } as unknown as ToolSet,
    timeoutMs,
  );
  const run = tools.t?.execute as Execute;
  return (abortSignal?: AbortSignal) =>
    run({}, { toolCallId: "call-1", messages: [], context: {}, abortSignal });
}

describe("withToolTimeouts", () => {
  it("fails a call that outlives the limit with a ToolTimeoutError, also given to its signal", async () => {
    let seen: AbortSignal | undefined;
    const call = wrapped((_input, { abortSignal }) => {
      seen = abortSignal;
      return new Promise(() => {}); // ignores its signal
    }, 50);
    const run = new AbortController();
    const error = await (call(run.signal) as Promise<unknown>).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolTimeoutError);
    expect(String(error)).toBe("ToolTimeoutError: t did not finish within 50 ms");
    expect(seen?.reason).toBe(error);
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });

  it("passes the run's abort on with the run's reason, and lets go of the run's signal", async () => {
    let seen: AbortSignal | undefined;
    const call = wrapped((_input, { abortSignal }) => {
      seen = abortSignal;
      return new Promise(() => {});
    }, 60_000);
    const run = new AbortController();
    const pending = call(run.signal) as Promise<unknown>;
    const interrupted = new Error("interrupted (Ctrl+C); nothing was written");
    run.abort(interrupted);
    await expect(pending).rejects.toBe(interrupted);
    expect(seen?.reason).toBe(interrupted);
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });

  it("settles with the tool's result or error and lets go of the run's signal", async () => {
    const run = new AbortController();
    await expect(wrapped(async () => "done", 60_000)(run.signal)).resolves.toBe("done");
    const failing = wrapped(async () => {
      throw new Error("own");
    }, 60_000);
    await expect(failing(run.signal)).rejects.toThrow("own");
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });

  it("returns a synchronous value as it is, and rethrows a synchronous throw", () => {
    const run = new AbortController();
    expect(wrapped(() => "now", 60_000)(run.signal)).toBe("now");
    const throwing = wrapped(() => {
      throw new Error("sync");
    }, 60_000);
    expect(() => throwing(run.signal)).toThrow("sync");
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });

  it("times out a stuck tool that holds nothing open: its timer keeps the process alive", async () => {
    const module = pathToFileURL(new URL("./tool-timeout.ts", import.meta.url).pathname).href;
    const script = `
      import { withToolTimeouts } from ${JSON.stringify(module)};
      const tools = withToolTimeouts({ t: { execute: () => new Promise(() => {}) } }, 50);
      tools.t.execute({}, { toolCallId: "1", messages: [] }).catch((e) => console.log(String(e)));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--input-type=module",
      "-e",
      script,
    ]);
    expect(stdout.trim()).toBe("ToolTimeoutError: t did not finish within 50 ms");
  });
});
