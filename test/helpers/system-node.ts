import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./run-cli.ts";

/**
 * The system's own Node, found outside npm's PATH (older than the pinned one on this machine),
 * which makes bin/idea-explorer.js hand over to the pinned Node in a child process; "" when
 * there is none, or no pinned Node to hand over to.
 */
export const SYSTEM_NODE = (() => {
  if (!existsSync(path.join(REPO_ROOT, "node_modules/node/bin/node"))) return "";
  try {
    return execFileSync("sh", ["-c", "command -v node"], {
      encoding: "utf8",
      env: { PATH: "/usr/local/bin:/usr/bin:/bin" },
    }).trim();
  } catch {
    return "";
  }
})();
