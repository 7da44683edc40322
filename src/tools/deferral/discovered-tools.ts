import type { ModelMessage } from "ai";
import { foundToolNames } from "../search-tools.ts";

/** The part of a finished step deferral reads: its tool results. */
export interface StepWithToolResults {
  toolResults: readonly { toolName: string; output: unknown }[];
}

/** What has happened so far: this run's steps, and/or the conversation's messages. */
export interface ToolHistory {
  steps?: readonly StepWithToolResults[];
  messages?: readonly ModelMessage[];
}

/**
 * Every tool name a successful search_tools call returned so far, first found first. Read from
 * the history itself rather than kept in a mutable set, so a conversation resumed from stored
 * messages (or a replayed job step) activates exactly the same tools again.
 */
export function discoveredToolNames(history: ToolHistory, searchToolName: string): string[] {
  const found: string[] = [];
  const add = (names: string[]) => {
    for (const name of names) if (!found.includes(name)) found.push(name);
  };
  for (const message of history.messages ?? []) {
    if (typeof message.content === "string") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result" || part.toolName !== searchToolName) continue;
      // Only a JSON result is a real answer; error outputs carry text the model wrote nothing into.
      if (part.output.type === "json") add(foundToolNames(part.output.value));
    }
  }
  for (const step of history.steps ?? []) {
    for (const result of step.toolResults) {
      if (result.toolName === searchToolName) add(foundToolNames(result.output));
    }
  }
  return found;
}
