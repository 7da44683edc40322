#!/usr/bin/env node
import { processIo } from "./cli-io.ts";
import { outlastForwardedSigterm } from "./interrupted.ts";
import { runCli } from "./run-cli.ts";

// A reader that goes away (`| head`) is no failure of ours: stop quietly, as Unix tools do,
// instead of dying on an unhandled EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    process.exit(error.code === "EPIPE" ? (process.exitCode ?? 0) : 1);
  });
}

process.exitCode = await runCli(process.argv.slice(2), processIo());
await outlastForwardedSigterm(process.env);
