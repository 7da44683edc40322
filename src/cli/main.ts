#!/usr/bin/env node
import { processIo } from "./cli-io.ts";
import { runCli } from "./run-cli.ts";

process.exitCode = await runCli(process.argv.slice(2), processIo());
