import type { ContentBlock, ErrorBody, Message } from "./wire-types.ts";

/** One server-sent event as the Messages API streams it. */
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

export function encodeSse({ event, data }: SseEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The event sequence the API streams for a complete message: message_start, a ping, then per
 * block content_block_start / deltas / content_block_stop, message_delta (stop reason and
 * usage), message_stop. Text and tool input are split into several deltas so clients that
 * assemble them are exercised; citations arrive as citations_delta, before the text they cite.
 */
export function messageToSse(message: Message): SseEvent[] {
  const { usage } = message;
  const events: SseEvent[] = [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: {
          ...message,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: usage.input_tokens,
            output_tokens: 1,
            cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
            cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
          },
        },
      },
    },
    { event: "ping", data: { type: "ping" } },
  ];
  message.content.forEach((block, index) => {
    events.push({
      event: "content_block_start",
      data: { type: "content_block_start", index, content_block: emptied(block) },
    });
    for (const delta of deltasOf(block)) {
      events.push({
        event: "content_block_delta",
        data: { type: "content_block_delta", index, delta },
      });
    }
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
  });
  events.push(
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: message.stop_reason, stop_sequence: message.stop_sequence },
        usage,
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  );
  return events;
}

/** The events of a stream that fails after it started (e.g. overloaded mid-response). */
export function midStreamErrorSse(message: Message, error: ErrorBody): SseEvent[] {
  const [start, ping] = messageToSse({ ...message, content: [] });
  return [start as SseEvent, ping as SseEvent, { event: "error", data: { ...error } }];
}

function emptied(block: ContentBlock): Record<string, unknown> {
  switch (block.type) {
    case "text":
      return { type: "text", text: "" };
    case "tool_use":
    case "server_tool_use":
      return { ...block, input: {} };
    case "web_search_tool_result":
      return { ...block }; // arrives whole in content_block_start
  }
}

function deltasOf(block: ContentBlock): Record<string, unknown>[] {
  switch (block.type) {
    case "text":
      return [
        ...(block.citations ?? []).map((citation) => ({ type: "citations_delta", citation })),
        ...halves(block.text).map((text) => ({ type: "text_delta", text })),
      ];
    case "tool_use":
    case "server_tool_use":
      return halves(JSON.stringify(block.input)).map((partial_json) => ({
        type: "input_json_delta",
        partial_json,
      }));
    case "web_search_tool_result":
      return [];
  }
}

function halves(text: string): string[] {
  if (text.length < 2) return [text];
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)];
}
