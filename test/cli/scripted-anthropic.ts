import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A stop-gap until test/fakes/anthropic-server.ts lands: just enough of the Messages API's
// streaming wire format (SSE events as Anthropic sends them) to script an interview.

export type ScriptedReply =
  | { text?: string; toolUses?: { name: string; input: unknown }[] }
  | { status: number; errorType: string; message: string };

export interface ScriptedAnthropic {
  /** The base URL to put in ANTHROPIC_BASE_URL (ends in /v1). */
  url: string;
  /** Every request body received, in order. */
  requests: Array<{ messages: unknown[]; system?: unknown; tools?: unknown[]; stream?: boolean }>;
  close(): Promise<void>;
}

export async function startScriptedAnthropic(replies: ScriptedReply[]): Promise<ScriptedAnthropic> {
  const requests: ScriptedAnthropic["requests"] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/messages") {
        res.writeHead(404).end();
        return;
      }
      requests.push(JSON.parse(body));
      const reply = replies[next++];
      if (!reply) {
        sendError(res, 500, "api_error", `script has no reply ${next}`);
        return;
      }
      if ("status" in reply) {
        sendError(res, reply.status, reply.errorType, reply.message);
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const [event, data] of events(reply, next)) {
        res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function sendError(
  res: import("node:http").ServerResponse,
  status: number,
  type: string,
  message: string,
) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ type: "error", error: { type, message } }));
}

function events(
  reply: { text?: string; toolUses?: { name: string; input: unknown }[] },
  call: number,
): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [
    [
      "message_start",
      {
        type: "message_start",
        message: {
          id: `msg_${call}`,
          type: "message",
          role: "assistant",
          model: "claude-fake",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      },
    ],
  ];
  let index = 0;
  if (reply.text) {
    out.push([
      "content_block_start",
      { type: "content_block_start", index, content_block: { type: "text", text: "" } },
    ]);
    // Two deltas: text arrives in pieces, as it does from the real API.
    const half = Math.ceil(reply.text.length / 2);
    for (const piece of [reply.text.slice(0, half), reply.text.slice(half)]) {
      out.push([
        "content_block_delta",
        { type: "content_block_delta", index, delta: { type: "text_delta", text: piece } },
      ]);
    }
    out.push(["content_block_stop", { type: "content_block_stop", index }]);
    index += 1;
  }
  for (const use of reply.toolUses ?? []) {
    const id = `toolu_${call}_${index}`;
    out.push([
      "content_block_start",
      {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id, name: use.name, input: {} },
      },
    ]);
    out.push([
      "content_block_delta",
      {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(use.input) },
      },
    ]);
    out.push(["content_block_stop", { type: "content_block_stop", index }]);
    index += 1;
  }
  const stopReason = reply.toolUses?.length ? "tool_use" : "end_turn";
  out.push([
    "message_delta",
    {
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 5 },
    },
  ]);
  out.push(["message_stop", { type: "message_stop" }]);
  return out;
}
