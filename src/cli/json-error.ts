import { AgentError } from "../agent/agent-error.ts";
import { ConfigError } from "../config/config-error.ts";
import { StoreError } from "../store/research-reader.ts";
import { Interrupted } from "./interrupted.ts";

/** The same codes the service gives a failed job, so scripts read both alike. */
export function errorCode(error: unknown): string {
  if (error instanceof Interrupted) return "interrupted";
  if (error instanceof ConfigError) return "configuration_error";
  if (error instanceof StoreError) return "store_error";
  if (error instanceof AgentError && error.kind !== "unexpected") return "model_error";
  return "internal_error";
}

/** `--json` given before any `--` (after it, "--json" would be the idea's text). */
export function asksForJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end < 0 ? args : args.slice(0, end)).includes("--json");
}

/** What `--json` prints on stdout when a command fails: one JSON object, like on success. */
export function jsonError(error: unknown, message: string): string {
  return JSON.stringify({ status: "error", error: { code: errorCode(error), message } });
}
