/**
 * A loopback fake of an OpenAI-compatible chat server (Ollama, llama.cpp, vLLM, LM Studio):
 * `POST /v1/chat/completions`, answered as `chat.completion` JSON, or as `chat.completion.chunk`
 * server-sent events when the request has `stream: true`. The real `@ai-sdk/openai-compatible`
 * provider talks to it, so its request building and parsing run as they do against a local model.
 *
 *   const local = await startFakeOpenAiCompatible([
 *     { toolCall: { name: "read_research", arguments: { path: "x/research.md" } } },
 *     { text: "# Report" },
 *   ]);
 *   // --provider openai-compatible --base-url ${local.url} --model llama3.1:8b
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ChatReply =
  | (Reported & {
      text: string;
      /** Streamed: the text in deltas of this many characters (default: one delta). */
      chunkSize?: number;
    })
  | (Reported & {
      /** `rawArguments` is sent as the arguments string as is (e.g. broken JSON). */
      toolCall: { name: string; arguments?: unknown; rawArguments?: string };
    })
  | { status: number; message: string };

/** What the usage says beyond the fixed token counts. */
interface Reported {
  /** Sent as `completion_tokens_details.reasoning_tokens`, as vLLM and OpenAI report it. */
  reasoningTokens?: number;
}

export interface ChatRequest {
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    stream?: boolean;
    messages: Array<{ role: string; content?: unknown; tool_calls?: unknown[] }>;
    tools?: Array<{ type: "function"; function: { name: string; description?: string } }>;
    tool_choice?: unknown;
  };
}

export interface FakeOpenAiCompatible {
  /** The base URL to pass as --base-url (ends in /v1). */
  url: string;
  requests: ChatRequest[];
  enqueue(...replies: ChatReply[]): void;
  close(): Promise<void>;
}

const USAGE = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };

export async function startFakeOpenAiCompatible(
  replies: ChatReply[] = [],
): Promise<FakeOpenAiCompatible> {
  const queue = [...replies];
  const requests: ChatRequest[] = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    const request: ChatRequest = { headers: req.headers, body: JSON.parse(raw) };
    requests.push(request);
    const reply = queue.shift() ?? { status: 500, message: "the test scripted no more replies" };
    if ("status" in reply) {
      res
        .writeHead(reply.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: reply.message, type: "server_error" } }));
      return;
    }
    const id = `call_${requests.length}`;
    const message =
      "text" in reply
        ? { role: "assistant", content: reply.text }
        : {
            role: "assistant",
            content: null,
            tool_calls: [toolCall(id, reply.toolCall)],
          };
    const finish = "text" in reply ? "stop" : "tool_calls";
    const usage = usageOf(reply);
    if (request.body.stream) {
      sendChunks(res, message, finish, usage, "text" in reply ? reply.chunkSize : undefined);
    } else sendCompletion(res, message, finish, request.body.model, usage);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    enqueue: (...more) => queue.push(...more),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function toolCall(id: string, call: { name: string; arguments?: unknown; rawArguments?: string }) {
  const args = call.rawArguments ?? JSON.stringify(call.arguments ?? {});
  return { id, type: "function", function: { name: call.name, arguments: args } };
}

function usageOf(reply: Reported): object {
  return reply.reasoningTokens === undefined
    ? USAGE
    : { ...USAGE, completion_tokens_details: { reasoning_tokens: reply.reasoningTokens } };
}

function sendCompletion(
  res: ServerResponse,
  message: object,
  finish: string,
  model: string,
  usage: object,
) {
  res.writeHead(200, { "content-type": "application/json" }).end(
    JSON.stringify({
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: 0,
      model,
      choices: [{ index: 0, message, finish_reason: finish }],
      usage,
    }),
  );
}

function sendChunks(
  res: ServerResponse,
  message: Record<string, unknown>,
  finish: string,
  usage: object,
  chunkSize: number | undefined,
) {
  const chunk = (delta: unknown, finishReason: string | null) =>
    `data: ${JSON.stringify({
      id: "chatcmpl-fake",
      object: "chat.completion.chunk",
      created: 0,
      model: "fake",
      choices: [{ index: 0, delta, finish_reason: finishReason }],
      ...(finishReason ? { usage } : {}),
    })}\n\n`;
  const calls = message.tool_calls as Array<Record<string, unknown>> | undefined;
  const deltas = calls
    ? [{ role: "assistant", tool_calls: calls.map((c, index) => ({ index, ...c })) }]
    : pieces(String(message.content), chunkSize).map((content) => ({ role: "assistant", content }));
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const delta of deltas) res.write(chunk(delta, null));
  res.write(chunk({}, finish));
  res.end("data: [DONE]\n\n");
}

function pieces(text: string, size: number | undefined): string[] {
  if (!size) return [text];
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}
