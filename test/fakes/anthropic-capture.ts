import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One canned Messages API reply: text, or tool calls by name and input. */
export type CannedReply = { text: string } | { toolUses: { name: string; input: unknown }[] };

export interface AnthropicCapture {
  /** Pass as createAnthropic's baseURL. */
  baseURL: string;
  /** Every POST /v1/messages body received, parsed, in order. */
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * Test and bench fixture: a loopback server speaking the Anthropic Messages API (non-streaming),
 * so the real @ai-sdk/anthropic provider serializes requests exactly as it would for the API.
 * Replies follow the script; past its end it answers with a plain "done".
 */
export async function startAnthropicCapture(script: CannedReply[] = []): Promise<AnthropicCapture> {
  const requests: Record<string, unknown>[] = [];
  let turn = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      requests.push(JSON.parse(body) as Record<string, unknown>);
      const reply = script[turn++] ?? { text: "done" };
      const content =
        "text" in reply
          ? [{ type: "text", text: reply.text }]
          : reply.toolUses.map((t, i) => ({
              type: "tool_use",
              id: `toolu_${turn}_${i}`,
              name: t.name,
              input: t.input,
            }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: `msg_${turn}`,
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-5",
          content,
          stop_reason: "text" in reply ? "end_turn" : "tool_use",
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 5 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The tool names of one captured request, in the order sent. */
export function requestToolNames(request: Record<string, unknown> | undefined): string[] {
  const tools = (request?.tools ?? []) as { name: string }[];
  return tools.map((t) => t.name);
}
