import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { oneLine } from "../../config/one-line.ts";
import { defuse } from "../untrusted-text.ts";

/**
 * A server's description goes to the model as if it were ours (tool definitions sit next to
 * the system prompt), so it is the classic place to hide instructions ("tool poisoning"):
 * kept short, stripped of what a person reviewing it would not see, and unable to spell the
 * untrusted-data fence.
 */
export const MAX_DESCRIPTION_CHARS = 500;
export const MAX_TITLE_CHARS = 100;

// Control characters (tab and line feed kept), zero-width and direction-changing characters,
// the byte-order mark and Unicode tag characters: text that renders as nothing or out of order.
const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/gu;

/** Server text made visible and short: invisible characters removed, then cut at `max`. */
export function cleanServerText(text: string, max: number): string {
  const visible = defuse(text.replace(INVISIBLE, "")).trim();
  return visible.length > max ? `${visible.slice(0, max - 1)}…` : visible;
}

/** A tool's own name as a line a person reads (dry run, warnings, errors): it is server text. */
export function toolDisplayName(name: string): string {
  return oneLine(cleanServerText(name, 80));
}

/** The title, cleaned and capped; undefined when the server gave none (or only invisible text). */
export function toolTitle(tool: Pick<McpTool, "title" | "annotations">): string | undefined {
  const title = tool.title ?? tool.annotations?.title;
  if (typeof title !== "string") return undefined;
  return oneLine(cleanServerText(title, MAX_TITLE_CHARS)) || undefined;
}

/** What the model reads about the tool, naming the server it comes from. */
export function toolDescription(server: string, tool: McpTool): string {
  const own = cleanServerText(tool.description ?? "", MAX_DESCRIPTION_CHARS);
  const text = own || `The "${toolTitle(tool) ?? toolDisplayName(tool.name)}" tool.`;
  return `${text} (From the ${server} MCP server.)`;
}
