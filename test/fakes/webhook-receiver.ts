import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The raw body, exactly as sent (what a signature covers). */
  body: string;
}

/** How the receiver answers one request: a status (e.g. 500, or 302 with a location), or never. */
export type ReceiverReply = { status: number; headers?: Record<string, string> } | { hang: true };

/**
 * A loopback webhook receiver speaking plain HTTP. It records every request and answers from a
 * queue of scripted replies (then 204), so tests can make it fail, redirect or stall.
 */
export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  received: ReceivedWebhook[];
  /** Replies for the next requests, in order. */
  reply(...replies: ReceiverReply[]): void;
  waitForRequests(count: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const replies: ReceiverReply[] = [];
  const waiters: Array<{ count: number; resolve: (all: ReceivedWebhook[]) => void }> = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({
      method: request.method ?? "",
      path: request.url ?? "",
      headers: request.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    for (const waiter of waiters.filter((w) => received.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve([...received]);
    }
    const reply = replies.shift() ?? { status: 204 };
    if ("hang" in reply) {
      hanging.add(response);
      return;
    }
    response.writeHead(reply.status, reply.headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    reply: (...next) => replies.push(...next),
    waitForRequests(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
