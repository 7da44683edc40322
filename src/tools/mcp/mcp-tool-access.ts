import { ANNOTATION_HINTS, type ToolAnnotations } from "./mcp-tool-annotations.ts";

/** What an operator grants one server in the MCP config; everything absent is denied. */
export interface McpToolAccess {
  /** Only these tools (the server's own names) are considered; every tool when absent. */
  tools?: readonly string[] | undefined;
  /** Also import tools that are not read-only, destructive ones included. */
  allowWrite?: boolean | undefined;
  /** Also import tools marked open-world (they reach outside: an outbound channel). */
  allowOpenWorld?: boolean | undefined;
}

export type McpOptIn = "allowWrite" | "allowOpenWorld";

export type ImportDecision =
  | { imported: true }
  | {
      imported: false;
      /** The whole reason, with the opt-in that would import the tool. */
      reason: string;
      /** A few words for a one-line summary: "destructive", "open-world"... */
      summary: string;
      /** The config fields that would import it; none when the allowlist leaves it out. */
      needs: McpOptIn[];
    };

/**
 * Least privilege for imported tools: by default only a tool that says it is read-only, does
 * not say it is destructive and does not say it is open-world. Annotations are the server's
 * own claims, so this cannot catch a server that lies; it does stop the honest ones' writing
 * and outbound tools from reaching a model that reads untrusted text. A tool with no hints is
 * presumed able to write (the specification's default). Open-world counts only when stated:
 * the default would deny every unannotated read tool for the same reason twice.
 */
export function importDecision(
  server: string,
  access: McpToolAccess,
  tool: string,
  annotations: ToolAnnotations,
): ImportDecision {
  if (access.tools && !access.tools.includes(tool)) {
    return {
      imported: false,
      reason: `not listed in "tools" for server "${server}"`,
      summary: 'not in "tools"',
      needs: [],
    };
  }
  const why: string[] = [];
  const needs: McpOptIn[] = [];
  const write = writeReason(annotations);
  if (write && !access.allowWrite) {
    why.push(write);
    needs.push("allowWrite");
  }
  const { openWorldHint } = annotations;
  if (openWorldHint.given && openWorldHint.value && !access.allowOpenWorld) {
    why.push("open-world");
    needs.push("allowOpenWorld");
  }
  if (needs.length === 0) return { imported: true };
  const summary = why.join(" and ");
  const said = summary === NO_HINTS ? `${NO_HINTS}, so presumed able to write` : summary;
  const set = needs.map((field) => `"${field}": true`).join(" and ");
  return {
    imported: false,
    reason: `${said} (set ${set} for server "${server}" to import it)`,
    summary,
    needs,
  };
}

const NO_HINTS = "no annotations";

/** Why the tool may change something, or undefined when it says it does not. */
function writeReason(annotations: ToolAnnotations): string | undefined {
  const { readOnlyHint, destructiveHint } = annotations;
  if (readOnlyHint.value) {
    // Contradictory hints: the warning wins.
    return destructiveHint.given && destructiveHint.value ? "marked destructive" : undefined;
  }
  if (readOnlyHint.given) return destructiveHint.value ? "destructive" : "not read-only";
  const saidNothing = ANNOTATION_HINTS.every((hint) => !annotations[hint].given);
  return saidNothing ? NO_HINTS : "not marked read-only";
}
