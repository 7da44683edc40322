import { ConfigError } from "./config-error.ts";

const FOLDER = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * Accepts the forms a user naturally types for an earlier exploration and returns the
 * repository path of its research.md: "2026-01-05-x", "ideas/2026-01-05-x",
 * "2026-01-05-x/research.md" or "ideas/2026-01-05-x/research.md".
 */
export function continueFromPath(input: string): string {
  const folder = folderOf(input);
  if (!isFolder(folder)) {
    throw new ConfigError(
      `continue-from must name an earlier exploration folder such as 2026-01-05-my-idea, got "${input.slice(0, 100)}"`,
    );
  }
  return `ideas/${folder}/research.md`;
}

/** True when continueFromPath accepts the input. */
export function isContinueFromPath(input: string): boolean {
  return isFolder(folderOf(input));
}

function folderOf(input: string): string {
  const trimmed = input.trim().replace(/^\.\//, "").replace(/\/+$/, "");
  return trimmed.replace(/^ideas\//, "").replace(/\/research\.md$/, "");
}

function isFolder(folder: string): boolean {
  return FOLDER.test(folder) && !folder.includes("..");
}
