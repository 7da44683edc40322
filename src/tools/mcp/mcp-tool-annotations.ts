import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";

/** The four behaviour hints of an MCP tool, in the order they are shown. */
export const ANNOTATION_HINTS = [
  "readOnlyHint",
  "destructiveHint",
  "openWorldHint",
  "idempotentHint",
] as const;
export type AnnotationHint = (typeof ANNOTATION_HINTS)[number];

/** The specification's defaults: a tool that says nothing is presumed to write, destroy and reach out. */
const SPEC_DEFAULTS: Record<AnnotationHint, boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  openWorldHint: true,
  idempotentHint: false,
};

/** One hint as the server gave it, or the specification's default when it gave none. */
export interface AnnotationValue {
  value: boolean;
  /** False when the server left the hint out and `value` is the default. */
  given: boolean;
}

export type ToolAnnotations = Record<AnnotationHint, AnnotationValue>;

/**
 * A tool's hints with the defaults filled in. Only a real boolean counts as given: a server
 * that sends "true" as a string has not said anything the specification defines.
 */
export function toolAnnotations(tool: Pick<McpTool, "annotations">): ToolAnnotations {
  const raw = (tool.annotations ?? {}) as Record<string, unknown>;
  const entries = ANNOTATION_HINTS.map((hint) => {
    const given = typeof raw[hint] === "boolean";
    return [hint, { value: given ? (raw[hint] as boolean) : SPEC_DEFAULTS[hint], given }];
  });
  return Object.fromEntries(entries) as ToolAnnotations;
}

const LABELS: Record<AnnotationHint, string> = {
  readOnlyHint: "readOnly",
  destructiveHint: "destructive",
  openWorldHint: "openWorld",
  idempotentHint: "idempotent",
};

/** "readOnly true, destructive true (default), ...": what an operator reads before opting in. */
export function formatAnnotations(annotations: ToolAnnotations): string {
  return ANNOTATION_HINTS.map((hint) => {
    const { value, given } = annotations[hint];
    return `${LABELS[hint]} ${value}${given ? "" : " (default)"}`;
  }).join(", ");
}
