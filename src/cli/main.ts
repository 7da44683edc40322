#!/usr/bin/env node
import { startTracingFromEnv } from "../telemetry/start-tracing.ts";
import { processIo } from "./cli-io.ts";
import { outlastForwardedSigterm } from "./interrupted.ts";
import { packageVersion } from "./package-version.ts";
import { runCli } from "./run-cli.ts";

// A reader that goes away (`| head`) is no failure of ours: stop quietly, as Unix tools do,
// instead of dying on an unhandled EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    process.exit(error.code === "EPIPE" ? (process.exitCode ?? 0) : 1);
  });
}

const args = process.argv.slice(2);
const io = processIo(args);
// Traces only when an OTLP endpoint is configured: otherwise nothing of OpenTelemetry is loaded.
const tracing = await startTracingFromEnv(process.env, {
  serviceVersion: packageVersion,
  warn: (line) => process.stderr.write(`${io.redact(line)}\n`),
}).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`tracing is off: ${io.redact(message)}\n`);
  return undefined;
});
process.exitCode = await runCli(args, io);
// The spans still queued are sent before the process ends.
await tracing?.shutdown().catch(() => {});
await outlastForwardedSigterm(process.env);
