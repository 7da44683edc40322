import type { Context } from "hono";
import { findInvalidUnicode } from "../config/invalid-unicode.ts";
import { ApiError } from "./api-error.ts";

/**
 * The JSON object a POST carries. The body size is capped before this (bodyLimit middleware);
 * here: JSON content type only (which also forces browsers into a CORS preflight, so another site
 * cannot post to a local server), well-formed JSON, an object at the top, and valid Unicode in
 * every string (a "\ud800" escape is well-formed JSON but no text: see findInvalidUnicode).
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      "send the body as JSON with Content-Type: application/json",
    );
  }
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "the request body is not valid JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError(400, "invalid_request", "the request body must be a JSON object");
  }
  const invalid = findInvalidUnicode(value);
  if (invalid) {
    const line = invalid.path ? `${invalid.path}: ${invalid.message}` : invalid.message;
    throw new ApiError(400, "invalid_request", line, {
      details: [{ path: invalid.path || "(body)", message: invalid.message }],
    });
  }
  return value as Record<string, unknown>;
}
