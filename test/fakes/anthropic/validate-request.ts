import type { IncomingHttpHeaders } from "node:http";
import type { ErrorReply } from "./reply.ts";
import type { MessagesRequestBody } from "./wire-types.ts";

const MAX_CACHE_BREAKPOINTS = 4;

/**
 * The checks the real API makes that a client can get wrong, with the real API's status and
 * wording, so a client bug fails a test the way it would fail in production instead of
 * passing against a lenient fake. Returns undefined when the request is acceptable.
 */
export function validateRequest(
  headers: IncomingHttpHeaders,
  body: unknown,
  apiKey: string | undefined,
): ErrorReply | undefined {
  const key = headers["x-api-key"];
  if (!key) return authError("x-api-key header is required");
  if (apiKey !== undefined && key !== apiKey) return authError("invalid x-api-key");
  if (!headers["anthropic-version"]) return invalid("anthropic-version: header is required");
  if (!isBody(body)) return invalid("model, max_tokens and messages are required");
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) {
    return invalid("max_tokens: must be a positive integer");
  }
  return checkToolPairs(body) ?? checkCacheBreakpoints(body);
}

function checkToolPairs(body: MessagesRequestBody): ErrorReply | undefined {
  let usesTools = false;
  for (const [index, message] of body.messages.entries()) {
    if (typeof message.content === "string") continue;
    const ids = message.content.filter((b) => b.type === "tool_use").map((b) => String(b.id));
    usesTools ||= message.content.some((b) => b.type === "tool_use" || b.type === "tool_result");
    if (message.role !== "assistant" || ids.length === 0) continue;
    const next = body.messages[index + 1];
    const answered = new Set(
      typeof next?.content === "object"
        ? next.content.filter((b) => b.type === "tool_result").map((b) => String(b.tool_use_id))
        : [],
    );
    const missing = ids.filter((id) => !answered.has(id));
    if (missing.length) {
      return invalid(
        `messages.${index + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}`,
      );
    }
  }
  if (usesTools && !body.tools?.length) {
    return invalid("Requests which include `tool_use` or `tool_result` blocks must define tools.");
  }
  return undefined;
}

function checkCacheBreakpoints(body: MessagesRequestBody): ErrorReply | undefined {
  const found = cacheBreakpoints(body).length;
  return found > MAX_CACHE_BREAKPOINTS
    ? invalid(`A maximum of 4 blocks with cache_control may be provided. Found ${found}.`)
    : undefined;
}

/** Where a request asks for caching: "request", "tools.<name>", "system.<i>", "messages.<i>.<j>". */
export function cacheBreakpoints(body: MessagesRequestBody): string[] {
  const found: string[] = [];
  if (body.cache_control) found.push("request");
  for (const tool of body.tools ?? []) if (tool.cache_control) found.push(`tools.${tool.name}`);
  if (Array.isArray(body.system)) {
    for (const [i, b] of body.system.entries()) if (b.cache_control) found.push(`system.${i}`);
  }
  for (const [i, message] of body.messages.entries()) {
    if (typeof message.content === "string") continue;
    for (const [j, b] of message.content.entries()) {
      if (b.cache_control) found.push(`messages.${i}.${j}`);
    }
  }
  return found;
}

function isBody(body: unknown): body is MessagesRequestBody {
  const b = body as Partial<MessagesRequestBody> | null;
  return (
    typeof b === "object" &&
    b !== null &&
    typeof b.model === "string" &&
    typeof b.max_tokens === "number" &&
    Array.isArray(b.messages) &&
    b.messages.length > 0
  );
}

function invalid(message: string): ErrorReply {
  return { kind: "error", status: 400, errorType: "invalid_request_error", message };
}

function authError(message: string): ErrorReply {
  return { kind: "error", status: 401, errorType: "authentication_error", message };
}
