#!/usr/bin/env node
// The CLI is TypeScript run by Node's type stripping (Node >= 24); this shim keeps the
// installed command name free of the .ts extension. Installed as a dependency it runs the
// built dist/ instead, because Node does not strip types inside node_modules. Started by an
// older system Node (an MCP client's config, a shell outside npm scripts), it hands over to the
// Node the package pins.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import module from "node:module";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";

const [major] = process.versions.node.split(".").map(Number);
/** How long the launcher waits before passing a SIGTERM or SIGHUP on to its child. */
const FORWARD_DELAY_MS = 1_500;
// Node 24 is the one line it is run and tested on (the pinned dev dependency, CI), as engines says.
const supported = major >= 24;

if (supported) {
  // Node keeps the compiled code (and the stripped TypeScript) of every module on disk, by
  // content, so the next start skips most of the work: a CLI run in loops and an MCP server started
  // per connection start in about half the time. A cache that cannot be written is skipped
  // silently; NODE_COMPILE_CACHE moves it, NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  module.enableCompileCache?.();
  const installed = fileURLToPath(import.meta.url)
    .split(/[\\/]/)
    .includes("node_modules");
  await import(installed ? "../dist/cli/main.js" : "../src/cli/main.ts");
} else {
  const pinned = fileURLToPath(new URL("../node_modules/node/bin/node", import.meta.url));
  if (!existsSync(pinned)) {
    // Installed as a dependency, the pinned Node (a dev dependency) is not there to hand over to.
    const installed = fileURLToPath(import.meta.url)
      .split(/[\\/]/)
      .includes("node_modules");
    process.stderr.write(
      `idea-explorer needs Node 24 or newer (this is ${process.version}); ${installed ? "install a newer Node (https://nodejs.org, or nvm install 24) and run it again" : "run npm install in its folder to get the pinned Node"}\n`,
    );
    process.exit(2);
  }
  // The child learns it runs under this launcher, so it stays alive for a SIGTERM passed on late.
  const child = spawn(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, IDEA_EXPLORER_LAUNCHER_FORWARD_MS: String(FORWARD_DELAY_MS) },
  });
  // Ctrl+C reaches the child from the terminal itself (same process group): forwarding it too
  // would deliver it twice. SIGTERM and SIGHUP may be sent to this process alone (kill PID), so
  // they are passed on, but only after a moment and only to a child still running: sent to the
  // whole group (timeout, systemd, kill -- -PGID), the child has its own copy already, and a
  // second one arriving while it exits after a clean stop would kill it mid-exit.
  process.on("SIGINT", () => {});
  let exited = false;
  for (const signal of ["SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      // unref: the wait must not keep this process alive once the child has exited.
      setTimeout(() => {
        if (!exited) child.kill(signal);
      }, FORWARD_DELAY_MS).unref();
    });
  }
  // A child ended by a signal exits as a shell reports it: 128 + the signal's number.
  child.on("exit", (code, signal) => {
    exited = true;
    process.exitCode = code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 0);
  });
}
