import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { issueMessage, zodMessage } from "../config/zod-message.ts";

export interface ErrorDetail {
  path: string;
  message: string;
}

/** Every failure the API answers: `{ error: { code, message, details? } }` with a 4xx/5xx status. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  static invalid(error: z.ZodError, code = "invalid_request"): ApiError {
    const details = error.issues.map((issue) => ({
      path: issue.path.map(String).join(".") || "(body)",
      message: issueMessage(issue),
    }));
    return new ApiError(400, code, zodMessage(error), { details });
  }
}

export function errorResponse(c: Context, error: ApiError): Response {
  const body: { code: string; message: string; details?: ErrorDetail[] } = {
    code: error.code,
    message: error.message,
  };
  if (error.details) body.details = error.details;
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json({ error: body }, error.status);
}
