import type {
  ContentBlock,
  ErrorType,
  ServerToolUseBlock,
  StopReason,
  TextBlock,
  ToolUseBlock,
  Usage,
  WebSearchResultLocation,
  WebSearchToolResultBlock,
} from "./wire-types.ts";

/** One scripted answer of the fake server: an assistant message, or an HTTP error. */
export type ScriptedReply = MessageReply | ErrorReply | HangReply;

/** Never answers (until the client gives up or the server closes): for timeout tests. */
export interface HangReply {
  kind: "hang";
  /**
   * With `stream: true`, first stream this message up to the end of its first block (e.g. the
   * first text deltas), then hold: for tests of output that must appear while a reply streams.
   */
  partial?: MessageReply;
}

export interface MessageReply {
  kind: "message";
  content: ContentBlock[];
  stopReason: StopReason;
  /** Merged over an estimate (about 4 characters per token of the request and the reply). */
  usage?: Partial<Usage>;
}

export interface ErrorReply {
  kind: "error";
  status: number;
  errorType: ErrorType;
  message: string;
  /**
   * Sent as `retry-after` (seconds) on retryable errors. Default 0, so the AI SDK retries at
   * once instead of its 2 s exponential backoff; the header path is what real 429s exercise.
   */
  retryAfterSeconds?: number | null;
  /** With `stream: true`, answer 200 and send the error as an SSE `error` event mid-stream. */
  midStream?: boolean;
}

export interface SearchHit {
  url: string;
  title: string;
  pageAge?: string;
}

let nextId = 1;
const id = (prefix: string) => `${prefix}_fake${String(nextId++).padStart(4, "0")}`;

/** Content blocks, for messages built with `reply.message`. */
export const block = {
  text(text: string, citations?: WebSearchResultLocation[]): TextBlock {
    return citations?.length ? { type: "text", text, citations } : { type: "text", text };
  },
  /** A citation of a search hit, for `block.text(..., [block.cite(hit, "quoted")])`. */
  cite(hit: SearchHit, citedText: string): WebSearchResultLocation {
    return {
      type: "web_search_result_location",
      url: hit.url,
      title: hit.title,
      cited_text: citedText,
      encrypted_index: Buffer.from(hit.url).toString("base64"),
    };
  },
  toolUse(name: string, input: Record<string, unknown>, toolUseId = id("toolu")): ToolUseBlock {
    return { type: "tool_use", id: toolUseId, name, input };
  },
  /** Anthropic's server-side search: the `server_tool_use` block and its result block. */
  webSearch(query: string, hits: SearchHit[]): [ServerToolUseBlock, WebSearchToolResultBlock] {
    const useId = id("srvtoolu");
    return [
      { type: "server_tool_use", id: useId, name: "web_search", input: { query } },
      {
        type: "web_search_tool_result",
        tool_use_id: useId,
        content: hits.map((hit) => ({
          type: "web_search_result",
          url: hit.url,
          title: hit.title,
          encrypted_content: Buffer.from(`page:${hit.url}`).toString("base64"),
          page_age: hit.pageAge ?? null,
        })),
      },
    ];
  },
  /** A server-side search that failed (e.g. `max_uses_exceeded`). */
  webSearchError(
    query: string,
    errorCode: "too_many_requests" | "invalid_input" | "max_uses_exceeded" | "unavailable",
  ): [ServerToolUseBlock, WebSearchToolResultBlock] {
    const useId = id("srvtoolu");
    return [
      { type: "server_tool_use", id: useId, name: "web_search", input: { query } },
      {
        type: "web_search_tool_result",
        tool_use_id: useId,
        content: { type: "web_search_tool_result_error", error_code: errorCode },
      },
    ];
  },
};

interface ReplyOptions {
  usage?: Partial<Usage>;
}

/** Ready-made replies for the common turns of a tool-using conversation. */
export const reply = {
  /** Any content and stop reason. */
  message(
    content: ContentBlock[],
    options: ReplyOptions & { stopReason?: StopReason } = {},
  ): MessageReply {
    const stopReason =
      options.stopReason ?? (content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn");
    return withUsage({ kind: "message", content, stopReason }, options.usage);
  },
  /** A final answer: one text block, `end_turn`. */
  text(text: string, options: ReplyOptions & { citations?: WebSearchResultLocation[] } = {}) {
    return reply.message([block.text(text, options.citations)], options);
  },
  /** One client tool call (`stop_reason: tool_use`), optionally after some narration. */
  toolUse(
    name: string,
    input: Record<string, unknown>,
    options: ReplyOptions & { narration?: string; id?: string } = {},
  ) {
    const narration = options.narration ? [block.text(options.narration)] : [];
    return reply.message([...narration, block.toolUse(name, input, options.id)], options);
  },
  /** Several client tool calls in one turn (parallel tool use). */
  toolUses(
    calls: Array<{ name: string; input: Record<string, unknown> }>,
    options: ReplyOptions = {},
  ) {
    return reply.message(
      calls.map((c) => block.toolUse(c.name, c.input)),
      options,
    );
  },
  /**
   * A turn with a server-side web search: optional narration, the search and its results,
   * then `answer` (text blocks, e.g. with citations) and `end_turn`; without an answer the
   * turn ends in `pause_turn`, as the API does when its server-tool loop pauses.
   */
  webSearch(
    query: string,
    hits: SearchHit[],
    options: ReplyOptions & { narration?: string; answer?: string | TextBlock[] } = {},
  ) {
    const narration = options.narration ? [block.text(options.narration)] : [];
    const answer =
      typeof options.answer === "string" ? [block.text(options.answer)] : (options.answer ?? []);
    return reply.message([...narration, ...block.webSearch(query, hits), ...answer], {
      ...options,
      stopReason: answer.length ? "end_turn" : "pause_turn",
    });
  },
  /** `pause_turn`: the API paused a long server-tool turn; the client sends it back to resume. */
  pauseTurn(content: ContentBlock[], options: ReplyOptions = {}) {
    return reply.message(content, { ...options, stopReason: "pause_turn" });
  },
  /** Output cut at max_tokens. */
  maxTokens(text: string, options: ReplyOptions = {}) {
    return reply.message([block.text(text)], { ...options, stopReason: "max_tokens" });
  },

  error(status: number, errorType: ErrorType, message: string, options: Partial<ErrorReply> = {}) {
    return { kind: "error", status, errorType, message, ...options } satisfies ErrorReply;
  },
  overloaded: (options: Partial<ErrorReply> = {}) =>
    reply.error(529, "overloaded_error", "Overloaded", options),
  rateLimited: (options: Partial<ErrorReply> = {}) =>
    reply.error(
      429,
      "rate_limit_error",
      "Number of request tokens has exceeded your per-minute rate limit",
      options,
    ),
  serverError: (options: Partial<ErrorReply> = {}) =>
    reply.error(500, "api_error", "Internal server error", options),
  unauthorized: (options: Partial<ErrorReply> = {}) =>
    reply.error(401, "authentication_error", "invalid x-api-key", options),
  badRequest: (message: string) => reply.error(400, "invalid_request_error", message),
  hang: (partial?: MessageReply): HangReply =>
    partial ? { kind: "hang", partial } : { kind: "hang" },
};

function withUsage(message: MessageReply, usage: Partial<Usage> | undefined): MessageReply {
  return usage ? { ...message, usage } : message;
}
