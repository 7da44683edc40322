// The subset of the Anthropic Messages API wire format the fake speaks, spelled as the API
// spells it (snake_case), so canned replies read like the API reference.

export interface WebSearchResultLocation {
  type: "web_search_result_location";
  url: string;
  title: string | null;
  cited_text: string;
  encrypted_index: string;
}

export interface TextBlock {
  type: "text";
  text: string;
  citations?: WebSearchResultLocation[];
}

export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface ServerToolUseBlock {
  type: "server_tool_use";
  id: string;
  name: "web_search";
  input: { query: string };
}

export interface WebSearchResult {
  type: "web_search_result";
  url: string;
  title: string | null;
  encrypted_content: string;
  page_age?: string | null;
}

export interface WebSearchToolResultBlock {
  type: "web_search_tool_result";
  tool_use_id: string;
  content:
    | WebSearchResult[]
    | {
        type: "web_search_tool_result_error";
        error_code: "too_many_requests" | "invalid_input" | "max_uses_exceeded" | "unavailable";
      };
}

export type ContentBlock = TextBlock | ToolUseBlock | ServerToolUseBlock | WebSearchToolResultBlock;

export type StopReason = "end_turn" | "tool_use" | "pause_turn" | "max_tokens" | "stop_sequence";

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
  server_tool_use?: { web_search_requests: number };
}

/** A complete assistant message as `POST /v1/messages` returns it without streaming. */
export interface Message {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: ContentBlock[];
  stop_reason: StopReason;
  stop_sequence: string | null;
  usage: Usage;
}

/** Anthropic's error types, by the HTTP status it sends them with. */
export type ErrorType =
  | "invalid_request_error" // 400
  | "authentication_error" // 401
  | "permission_error" // 403
  | "not_found_error" // 404
  | "request_too_large" // 413
  | "rate_limit_error" // 429
  | "api_error" // 500
  | "overloaded_error"; // 529

/** The body of every error response: `{ type: "error", error: { type, message } }`. */
export interface ErrorBody {
  type: "error";
  error: { type: ErrorType; message: string };
  request_id: string;
}

/** The request body the provider sends, loosely typed: tests read what they assert on. */
export interface MessagesRequestBody {
  model: string;
  max_tokens: number;
  messages: Array<{ role: "user" | "assistant"; content: string | Array<Record<string, unknown>> }>;
  system?: string | Array<{ type: "text"; text: string; cache_control?: unknown }>;
  tools?: Array<Record<string, unknown> & { name: string; cache_control?: unknown }>;
  tool_choice?: { type: string; name?: string };
  cache_control?: unknown;
  stream?: boolean;
  [key: string]: unknown;
}
