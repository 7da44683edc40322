/**
 * A loopback fake of the Anthropic Messages API (`POST /v1/messages`) that the REAL
 * `@ai-sdk/anthropic` provider talks to, so tests run the provider's request building, SSE
 * parsing, retries and error mapping exactly as production does, without a network.
 *
 * ```ts
 * import { reply, block, startFakeAnthropic } from "../../test/fakes/anthropic-server.ts";
 *
 * const fake = await startFakeAnthropic({ replies: [
 *   reply.toolUse("read_research", { path: "2026-01-02-foo/research.md" }),
 *   reply.webSearch("solar dryer market", [{ url: "https://a.example", title: "A" }], {
 *     answer: [block.text("# Report\n\nMarket is growing.", [block.cite(hit, "growing")])],
 *   }),
 * ]});
 * const model = fake.model("claude-sonnet-4-5");      // or createAnthropic({ baseURL: fake.url, apiKey })
 * // ... run the code under test ...
 * fake.requests[0].body.tools;                          // what went over the wire
 * await fake.close();
 * ```
 *
 * - Replies come from a queue (`replies`, `enqueue`) and then from `handler(request)`; with
 *   neither, the fake answers 400 naming the request, so a test that makes an unexpected call
 *   fails with a clear message instead of hanging.
 * - The same scripted message is sent as JSON, or as the API's SSE event stream when the
 *   request has `stream: true` (streamText).
 * - Requests are checked the way the API checks them (API key and version headers, tool_use
 *   without tool_result, tool blocks without tools, more than 4 cache_control breakpoints).
 * - Usage not given in a reply is estimated at ~4 characters per token, so token budgets move;
 *   a reply with server-side searches reports `server_tool_use.web_search_requests`, counting
 *   only the searches that returned results, as the API bills them.
 * - A request whose connection the client closes before its reply is complete (e.g. a call
 *   aborted while a `hang` reply holds it open) gets `closedByClient: true`; the fake's own
 *   `close()` does not count. Poll it (`vi.waitFor`) to check that a cancel reached the request.
 * - For a CLI child-process test, start it in the test process and pass `fake.url` as
 *   `ANTHROPIC_BASE_URL` (and any `ANTHROPIC_API_KEY`) in the child's environment.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createAnthropic } from "@ai-sdk/anthropic";
import type { ErrorReply, MessageReply, ScriptedReply } from "./anthropic/reply.ts";
import { encodeSse, messageToSse, midStreamErrorSse } from "./anthropic/sse.ts";
import { validateRequest } from "./anthropic/validate-request.ts";
import type { ErrorBody, Message, MessagesRequestBody } from "./anthropic/wire-types.ts";

export { block, reply, type ScriptedReply, type SearchHit } from "./anthropic/reply.ts";
export { cacheBreakpoints } from "./anthropic/validate-request.ts";
export type { MessagesRequestBody } from "./anthropic/wire-types.ts";

export interface RecordedRequest {
  /** 0-based, in arrival order. */
  index: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: MessagesRequestBody;
  stream: boolean;
  /**
   * Set to true when the client closed the connection before this request's reply was complete,
   * e.g. by aborting it during a `hang` reply. Replies sent whole, and the fake's own close(),
   * leave it false.
   */
  closedByClient: boolean;
}

/**
 * The content blocks of one message of a recorded request (default: the last one), a string
 * content as one text block, so tests can read tool_result and text blocks directly.
 */
export function blocksOf(request: RecordedRequest | undefined, messageIndex = -1) {
  const content = request?.body.messages.at(messageIndex)?.content;
  if (content === undefined) return [];
  return typeof content === "string" ? [{ type: "text", text: content }] : content;
}

export type ReplyHandler = (request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>;

export interface FakeAnthropicOptions {
  replies?: ScriptedReply[];
  /** Answers once the queue is empty. */
  handler?: ReplyHandler;
  /** When set, any other `x-api-key` gets 401 authentication_error. */
  apiKey?: string;
}

export interface FakeAnthropicServer {
  /** The provider's base URL, `http://127.0.0.1:<port>/v1` (ANTHROPIC_BASE_URL). */
  url: string;
  /** What a child process (the CLI, the server) needs in its environment to call this server. */
  env: { ANTHROPIC_API_KEY: string; ANTHROPIC_BASE_URL: string };
  /** Every request to /v1/messages, in order (including those answered with an error). */
  requests: RecordedRequest[];
  enqueue(...replies: ScriptedReply[]): void;
  setHandler(handler: ReplyHandler | undefined): void;
  /** Replies still queued. */
  readonly pending: number;
  /** The real provider pointed at this server. */
  model(modelId?: string): ReturnType<ReturnType<typeof createAnthropic>>;
  close(): Promise<void>;
}

export const FAKE_API_KEY = "sk-ant-fake-test-key";

export async function startFakeAnthropic(
  options: FakeAnthropicOptions = {},
): Promise<FakeAnthropicServer> {
  const queue: ScriptedReply[] = [...(options.replies ?? [])];
  let handler = options.handler;
  const requests: RecordedRequest[] = [];
  let messageCount = 0;
  /** Set by close() before it drops the open connections, which the client did not close. */
  let closingAll = false;
  /** Responses whose connection is still open: close() resolves once each has closed. */
  const openResponses = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    openResponses.add(res);
    res.on("close", () => openResponses.delete(res));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method !== "POST" || path !== "/v1/messages") {
      return sendError(res, errorReply(404, "not_found_error", `Not found: ${req.method} ${path}`));
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return sendError(res, errorReply(400, "invalid_request_error", "body is not valid JSON"));
    }
    const index = requests.length;
    const recorded: RecordedRequest = {
      index,
      method: req.method,
      path,
      headers: req.headers,
      body: body as MessagesRequestBody,
      stream: (body as { stream?: unknown })?.stream === true,
      closedByClient: false,
    };
    requests.push(recorded);
    res.on("close", () => {
      if (!res.writableFinished && !closingAll) recorded.closedByClient = true;
    });

    const invalid = validateRequest(req.headers, body, options.apiKey);
    if (invalid) return sendError(res, invalid);
    const scripted =
      queue.shift() ??
      (await handler?.(recorded)) ??
      errorReply(
        400,
        "invalid_request_error",
        `fake anthropic server: no scripted reply for request #${index + 1}`,
      );
    if (scripted.kind === "hang") {
      // Held open until the client's abort or close().
      if (scripted.partial && recorded.stream) {
        const events = messageToSse(toMessage(recorded, scripted.partial, ++messageCount));
        const firstStop = events.findIndex((e) => e.event === "content_block_stop");
        sendSseStart(res);
        for (const event of events.slice(0, firstStop)) res.write(encodeSse(event));
      }
      return;
    }
    if (scripted.kind === "error") {
      if (scripted.midStream && recorded.stream) {
        return sendSse(
          res,
          midStreamErrorSse(toMessage(recorded, emptyReply(), 0), errorBody(scripted)),
        );
      }
      return sendError(res, scripted);
    }
    const message = toMessage(recorded, scripted, ++messageCount);
    if (recorded.stream) return sendSse(res, messageToSse(message));
    res.writeHead(200, { "content-type": "application/json", "request-id": requestId() });
    res.end(JSON.stringify(message));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/v1`;
  let closing: Promise<void> | undefined;

  return {
    url,
    env: { ANTHROPIC_API_KEY: options.apiKey ?? FAKE_API_KEY, ANTHROPIC_BASE_URL: url },
    requests,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    setHandler: (next) => {
      handler = next;
    },
    get pending() {
      return queue.length;
    },
    model: (modelId = "claude-sonnet-4-5") =>
      createAnthropic({ baseURL: url, apiKey: options.apiKey ?? FAKE_API_KEY })(modelId),
    close: () => {
      // Idempotent, so a test may close early (e.g. to make the API unreachable) and again in afterEach.
      closing ??= (async () => {
        closingAll = true;
        const dropped = [...openResponses].map(
          (res) => new Promise<void>((resolve) => res.once("close", () => resolve())),
        );
        server.closeAllConnections();
        await new Promise<void>((resolve, reject) =>
          server.close((error) => (error ? reject(error) : resolve())),
        );
        // Their "close" events come just after the server's: wait, so closedByClient is final.
        await Promise.all(dropped);
      })();
      return closing;
    },
  };
}

function toMessage(request: RecordedRequest, scripted: MessageReply, n: number): Message {
  const { system, tools, messages } = request.body;
  const estimate = (value: unknown) => Math.max(1, Math.ceil(JSON.stringify(value).length / 4));
  // As the API bills them: a search whose result is an error is not counted.
  const searched = scripted.content.some((b) => b.type === "server_tool_use");
  const webSearches = scripted.content.filter(
    (b) => b.type === "web_search_tool_result" && Array.isArray(b.content),
  ).length;
  return {
    id: `msg_fake${String(n).padStart(4, "0")}`,
    type: "message",
    role: "assistant",
    model: request.body.model,
    content: scripted.content,
    stop_reason: scripted.stopReason,
    stop_sequence: null,
    usage: {
      input_tokens: estimate({ system, tools, messages }),
      output_tokens: estimate(scripted.content),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      ...(searched ? { server_tool_use: { web_search_requests: webSearches } } : {}),
      ...scripted.usage,
    },
  };
}

function emptyReply(): MessageReply {
  return { kind: "message", content: [], stopReason: "end_turn" };
}

function sendSse(res: ServerResponse, events: ReturnType<typeof messageToSse>): void {
  sendSseStart(res);
  for (const event of events) res.write(encodeSse(event));
  res.end();
}

function sendSseStart(res: ServerResponse): void {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    "request-id": requestId(),
  });
}

function sendError(res: ServerResponse, error: ErrorReply): void {
  const retryable =
    error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  const retryAfter = error.retryAfterSeconds === undefined ? 0 : error.retryAfterSeconds;
  res.writeHead(error.status, {
    "content-type": "application/json",
    "request-id": requestId(),
    "x-should-retry": String(retryable),
    ...(retryable && retryAfter !== null ? { "retry-after": String(retryAfter) } : {}),
  });
  res.end(JSON.stringify(errorBody(error)));
}

function errorReply(
  status: number,
  errorType: ErrorReply["errorType"],
  message: string,
): ErrorReply {
  return { kind: "error", status, errorType, message };
}

function errorBody(error: ErrorReply): ErrorBody {
  return {
    type: "error",
    error: { type: error.errorType, message: error.message },
    request_id: requestId(),
  };
}

let requestCounter = 0;
function requestId(): string {
  return `req_fake${String(++requestCounter).padStart(6, "0")}`;
}
