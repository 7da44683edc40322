import type { Readable, Writable } from "node:stream";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { GuardedStdioTransport } from "./guarded-stdio-transport.ts";
import { registeredToolInputs } from "./registered-tool-inputs.ts";

/**
 * Serves `server` over the given stdin/stdout until the client closes stdin or `signals` reports
 * SIGINT/SIGTERM; then `onStop` runs (to end running work) and the server closes. Nothing else
 * may write to `stdout`: every byte there is read as protocol. A malformed message is answered
 * with a JSON-RPC error and noted on `stderr`; the session goes on. `signals` is the caller's:
 * how a process treats a repeated signal is the command's business.
 */
export async function serveStdio(
  server: McpServer,
  streams: {
    stdin: NodeJS.ReadableStream;
    stdout: NodeJS.WritableStream;
    stderr: NodeJS.WritableStream;
  },
  onStop: (reason: string) => void,
  signals: (stop: (reason: string) => void) => void,
  /** Runs once the stop signals are taken: a "ready" line said before that invites a race. */
  onListening: () => void = () => {},
): Promise<void> {
  const stdin = streams.stdin as Readable;
  const transport = new GuardedStdioTransport(stdin, streams.stdout as Writable, {
    toolInputSchemaOf: registeredToolInputs(server),
    log: (line) => streams.stderr.write(`${line}\n`),
  });
  let stop: (reason: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => {
    stop = resolve;
  });
  const onEnd = () => stop("the client closed the connection");
  stdin.once("end", onEnd);
  signals((reason) => stop(reason));
  onListening();
  server.server.onclose = onEnd;
  try {
    await server.connect(transport);
    onStop(await stopped);
  } finally {
    stdin.off("end", onEnd);
    await server.close();
  }
}
