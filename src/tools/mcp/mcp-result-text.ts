/** The parts of an MCP CallToolResult this product reads (the SDK's type is much wider). */
export interface McpCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  /** Old (2024-10-07) servers answer with a bare toolResult instead of content. */
  toolResult?: unknown;
}

/**
 * A tool result as text for the model: text parts as they are, embedded text resources with
 * their URI, links as "name <uri>"; images, audio and binary blobs are named, not inlined
 * (base64 would only burn tokens). Falls back to structuredContent as JSON. Capped.
 */
export function mcpResultText(result: McpCallResult, maxChars: number): string {
  const parts = Array.isArray(result.content) ? result.content.map(partText) : [];
  let text = parts.filter((p) => p !== "").join("\n\n");
  if (!text && result.structuredContent !== undefined) text = json(result.structuredContent);
  if (!text && result.toolResult !== undefined) text = json(result.toolResult);
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n\n[truncated: the result is longer than ${maxChars} characters]`;
}

function partText(part: unknown): string {
  if (part === null || typeof part !== "object") return "";
  const p = part as Record<string, unknown>;
  switch (p.type) {
    case "text":
      return typeof p.text === "string" ? p.text : "";
    case "image":
    case "audio":
      return `[${p.type}${typeof p.mimeType === "string" ? ` ${p.mimeType}` : ""} omitted]`;
    case "resource": {
      const resource = (p.resource ?? {}) as Record<string, unknown>;
      const uri = typeof resource.uri === "string" ? resource.uri : "resource";
      if (typeof resource.text === "string") return `${uri}:\n${resource.text}`;
      return `[binary resource ${uri} omitted]`;
    }
    case "resource_link":
      return `${typeof p.name === "string" ? p.name : "link"} <${String(p.uri)}>`;
    default:
      return "";
  }
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? "";
  } catch {
    return "";
  }
}
