/**
 * Calls to this server's API with the tab's token, and the reader of a job's event stream (by
 * fetch: EventSource cannot send an Authorization header). A refused answer becomes an HttpError
 * carrying the API's error code and message.
 */
import type { ErrorEnvelope } from "./api-types.ts";
import { $ } from "./dom.ts";

/** Where the API token is kept: sessionStorage, so for this tab only. */
export const TOKEN_KEY = "idea-explorer-token";

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** A request's options, its headers as a plain object (the token is added to them). */
type ApiInit = Omit<RequestInit, "headers"> & { headers?: Record<string, string> };

function headers(extra?: Record<string, string>): Record<string, string> {
  const h = { ...extra };
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** The API's error, or one named after the HTTP status when the answer carries none. */
function errorOf(status: number, body: unknown): ErrorEnvelope["error"] {
  const error = (body as Partial<ErrorEnvelope> | null)?.error;
  return error || { code: `http_${status}`, message: `HTTP ${status}` };
}

/** An API call; the answer is what the route's schema describes (JSON, or text for Markdown). */
export async function api<T>(path: string, init?: ApiInit): Promise<T> {
  const response = await fetch(path, { ...init, headers: headers(init?.headers) });
  const type = response.headers.get("content-type") || "";
  const body: unknown = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const error = errorOf(response.status, body);
    if (response.status === 401) $("token-form").hidden = false;
    const hint = response.status === 401 ? " (enter the API token at the top of the page)" : "";
    throw new HttpError(response.status, error.code, error.message + hint);
  }
  return body as T;
}

export function postJson<T>(path: string, body?: object, signal?: AbortSignal): Promise<T> {
  const init: ApiInit = { method: "POST", signal };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  return api<T>(path, init);
}

/** A query string of the fields that have a value, in the order given. */
export function query(fields: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  return params;
}

/** Reads a job's event stream, handing each event to onEvent, until it ends or is aborted. */
export async function readEvents(
  path: string,
  signal: AbortSignal,
  onEvent: (event: string, data: unknown) => Promise<void>,
): Promise<void> {
  const response = await fetch(path, { headers: headers(), signal });
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => ({}));
    const error = errorOf(response.status, body);
    throw new HttpError(response.status, error.code, error.message);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length > 0) await onEvent(event, JSON.parse(data.join("\n")));
    }
  }
}
