import type { Readable, Writable } from "node:stream";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

/**
 * Serves `server` over the given stdin/stdout until the client closes stdin or the process gets
 * SIGINT/SIGTERM; then `onStop` runs (to end running work) and the server closes. Nothing else
 * may write to `stdout`: every byte there is read as protocol.
 */
export async function serveStdio(
  server: McpServer,
  streams: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream },
  onStop: (reason: string) => void,
): Promise<void> {
  const stdin = streams.stdin as Readable;
  const transport = new StdioServerTransport(stdin, streams.stdout as Writable);
  let stop: (reason: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => {
    stop = resolve;
  });
  const onEnd = () => stop("the client closed the connection");
  const onSigint = () => stop("interrupted (SIGINT)");
  const onSigterm = () => stop("terminated (SIGTERM)");
  stdin.once("end", onEnd);
  process.once("SIGINT", onSigint);
  process.once("SIGTERM", onSigterm);
  server.server.onclose = onEnd;
  try {
    await server.connect(transport);
    onStop(await stopped);
  } finally {
    stdin.off("end", onEnd);
    process.off("SIGINT", onSigint);
    process.off("SIGTERM", onSigterm);
    await server.close();
  }
}
