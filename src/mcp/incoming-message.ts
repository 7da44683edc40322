import {
  ClientRequestSchema,
  ErrorCode,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResponseSchema,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { findInvalidUnicode } from "../config/invalid-unicode.ts";
import { oneLine } from "../config/one-line.ts";
import { zodMessage } from "../config/zod-message.ts";
import { type ErrorReply, errorReply } from "./json-rpc-error-reply.ts";
import { paramsProblem } from "./params-problem.ts";

/** The schema a tool's arguments must fit, by tool name; undefined when there is none to check. */
export type ToolInputSchemaOf = (toolName: string) => z.ZodType | undefined;

/**
 * A line from the client, judged: a message for the SDK, or the problem (for the log) and the
 * error reply owed for it. Notifications and responses are never answered (JSON-RPC 2.0), so a
 * bad one has no reply unless it is not even a valid request object.
 */
export type IncomingMessage =
  | { ok: true; message: JSONRPCMessage }
  | { ok: false; problem: string; reply?: ErrorReply };

const BATCH_REFUSAL =
  "invalid request: batches are not supported (MCP 2025-06-18 removed JSON-RPC batching); " +
  "send one message per line";

const ENVELOPE_MEMBERS = new Set(["jsonrpc", "id", "method", "params"]);

/** Each MCP request method a client may send, with the schema of its params. */
const requestParamsSchemas = new Map<string, z.ZodType>(
  ClientRequestSchema.options.flatMap((request) =>
    [...request.shape.method.values].map((method) => [method, request.shape.params as z.ZodType]),
  ),
);

/**
 * Checks one line the way the SDK's stdio transport does not: where the SDK drops a malformed
 * message without a word (or answers -32603 with a schema dump), this names the problem in one
 * line with the JSON-RPC code for it, -32700 parse error, -32600 invalid request or -32602
 * invalid params, the last also for tool arguments that do not fit the tool's input schema.
 */
export function checkIncomingMessage(
  line: string,
  toolInputSchemaOf: ToolInputSchemaOf,
): IncomingMessage {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    const detail = oneLine(error instanceof Error ? error.message : String(error), 120);
    return refuse(
      null,
      ErrorCode.ParseError,
      `parse error: the line is not valid JSON (${detail})`,
    );
  }
  if (Array.isArray(value)) return refuse(null, ErrorCode.InvalidRequest, BATCH_REFUSAL);
  if (!isObject(value)) {
    return refuse(null, ErrorCode.InvalidRequest, "invalid request: a message must be an object");
  }
  if (!("method" in value) && ("result" in value || "error" in value)) return checkResponse(value);
  return checkRequestOrNotification(value, toolInputSchemaOf);
}

function checkRequestOrNotification(
  value: Record<string, unknown>,
  toolInputSchemaOf: ToolInputSchemaOf,
): IncomingMessage {
  const isRequest = "id" in value;
  const id = isRequest && isRequestId(value.id) ? value.id : null;
  const invalid = (problem: string) =>
    refuse(id, ErrorCode.InvalidRequest, `invalid request: ${problem}`);
  if (isRequest && id === null) return invalid('"id" must be a string or a whole number');
  if (value.jsonrpc !== "2.0") return invalid('"jsonrpc" must be "2.0"');
  if (!("method" in value)) return invalid('"method" is missing');
  if (typeof value.method !== "string") return invalid('"method" must be a string');
  const unknown = Object.keys(value).filter((member) => !ENVELOPE_MEMBERS.has(member));
  if (unknown.length) return invalid(`unknown member ${unknown.map(quote).join(", ")}`);
  // A request object may not carry a scalar as params; an array is valid JSON-RPC (parameters
  // by position), but MCP names every parameter, so that one is the method's invalid params.
  if ("params" in value && !isObject(value.params) && !Array.isArray(value.params)) {
    return invalid('"params" must be an object');
  }

  const method = value.method;
  const problem = Array.isArray(value.params)
    ? `invalid params for ${method}: "params" must be an object (MCP names every parameter)`
    : isRequest
      ? requestParamsProblem(method, value.params, toolInputSchemaOf)
      : notificationParamsProblem(method, value.params);
  if (problem) {
    return isRequest ? refuse(id, ErrorCode.InvalidParams, problem) : { ok: false, problem };
  }
  // The SDK's own schema has the last word: whatever it would drop is answered here instead.
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success) return invalid(oneLine(zodMessage(parsed.error)));
  return { ok: true, message: parsed.data };
}

function requestParamsProblem(
  method: string,
  params: unknown,
  toolInputSchemaOf: ToolInputSchemaOf,
): string | undefined {
  const named = (problem: string | undefined) =>
    problem && `invalid params for ${method}: ${problem}`;
  const common = named(paramsProblem(JSONRPCRequestSchema.shape.params, params));
  if (common) return common;
  const unicode = invalidUnicodeProblem(method, params);
  if (unicode) return unicode;
  const schema = requestParamsSchemas.get(method);
  // An unknown method is the SDK's to answer (-32601 method not found).
  if (!schema) return undefined;
  const specific = named(paramsProblem(schema, params));
  if (specific || method !== "tools/call") return specific;
  const call = params as { name: string; arguments?: unknown };
  const inputSchema = toolInputSchemaOf(call.name);
  const problem = inputSchema && paramsProblem(inputSchema, call.arguments ?? {});
  return problem && `invalid arguments for ${call.name}: ${problem}`;
}

/**
 * A "\ud800" escape in any string of the params, before the schemas (whose own messages for a
 * field would not say what is wrong with it): named as the tool's argument when it is one.
 */
function invalidUnicodeProblem(method: string, params: unknown): string | undefined {
  const invalid = findInvalidUnicode(params);
  if (!invalid) return undefined;
  const name = (params as { name?: unknown }).name;
  const [first, ...rest] = invalid.path.split(".");
  if (method === "tools/call" && first === "arguments" && typeof name === "string") {
    const where = rest.length ? `${rest.join(".")}: ` : "";
    return `invalid arguments for ${name}: ${where}${invalid.message}`;
  }
  const where = invalid.path ? `${invalid.path}: ` : "";
  return `invalid params for ${method}: ${where}${invalid.message}`;
}

function notificationParamsProblem(method: string, params: unknown): string | undefined {
  const problem = paramsProblem(JSONRPCNotificationSchema.shape.params, params);
  return problem && `invalid params for ${method}: ${problem}`;
}

/** A response to a request of ours: never answered, only reported when malformed. */
function checkResponse(value: Record<string, unknown>): IncomingMessage {
  const parsed = JSONRPCResponseSchema.safeParse(value);
  if (parsed.success) return { ok: true, message: parsed.data };
  return { ok: false, problem: `invalid response: ${oneLine(zodMessage(parsed.error))}` };
}

function refuse(id: RequestId | null, code: number, message: string): IncomingMessage {
  return { ok: false, problem: message, reply: errorReply(id, code, message) };
}

/** MCP ids are strings or integers (JSON-RPC's null and fractions are not allowed). */
function isRequestId(id: unknown): id is RequestId {
  return typeof id === "string" || Number.isSafeInteger(id);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const quote = (name: string) => JSON.stringify(name);
