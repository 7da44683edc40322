import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { BoundedLineReader } from "./bounded-line-reader.ts";
import { checkIncomingMessage, type ToolInputSchemaOf } from "./incoming-message.ts";
import { type ErrorReply, errorReply } from "./json-rpc-error-reply.ts";

/** The longest message line read (README, "Use it from an MCP client"); longer ones are refused. */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
const MESSAGE_TOO_LARGE = `message too large: the limit is ${MAX_MESSAGE_BYTES / 2 ** 20} MiB`;

export interface GuardedStdioOptions {
  /** Tool arguments that do not fit are refused as invalid params before the SDK sees them. */
  toolInputSchemaOf: ToolInputSchemaOf;
  /** Diagnostics (stderr): one line per refused message. */
  log(line: string): void;
}

/**
 * MCP over stdio, one JSON-RPC message per line, like the SDK's StdioServerTransport, except
 * that every malformed message gets an error reply in one line (the SDK's drops most of them
 * silently) and a line over MAX_MESSAGE_BYTES is refused and skipped as it streams in (the SDK's
 * buffers it, then closes the connection). Only JSON-RPC is ever written to `stdout`.
 */
export class GuardedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #options: GuardedStdioOptions;
  readonly #lines: BoundedLineReader;
  #started = false;

  constructor(stdin: Readable, stdout: Writable, options: GuardedStdioOptions) {
    this.#stdin = stdin;
    this.#stdout = stdout;
    this.#options = options;
    this.#lines = new BoundedLineReader(MAX_MESSAGE_BYTES, {
      line: (text) => this.#receive(text),
      // Its id is somewhere in the skipped bytes: JSON-RPC answers an unreadable id with null.
      oversized: () =>
        this.#refuse(
          MESSAGE_TOO_LARGE,
          errorReply(null, ErrorCode.InvalidRequest, MESSAGE_TOO_LARGE),
        ),
    });
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error("the stdio transport is already started");
    this.#started = true;
    this.#stdin.on("data", this.#onData);
    this.#stdin.on("error", this.#onError);
  }

  async close(): Promise<void> {
    this.#stdin.off("data", this.#onData);
    this.#stdin.off("error", this.#onError);
    // Paused only if nobody else reads it, so a stdin shared with other code keeps flowing.
    if (this.#stdin.listenerCount("data") === 0) this.#stdin.pause();
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#write(message);
  }

  readonly #onData = (chunk: Buffer | string) => {
    try {
      this.#lines.push(chunk);
    } catch (error) {
      // A bug in a handler, not the client's fault: reported, and the session goes on.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  };

  readonly #onError = (error: Error) => this.onerror?.(error);

  #receive(line: string): void {
    // Blank lines between messages carry nothing to answer.
    if (!line.trim()) return;
    const checked = checkIncomingMessage(line, this.#options.toolInputSchemaOf);
    if (checked.ok) this.onmessage?.(checked.message);
    else this.#refuse(checked.problem, checked.reply);
  }

  #refuse(problem: string, reply: ErrorReply | undefined): void {
    this.#options.log(`refused a message from the MCP client: ${problem}`);
    if (reply) void this.#write(reply);
  }

  /** Resolves once written, or once `stdout` drained if it had to buffer, as the SDK's does. */
  #write(message: JSONRPCMessage | ErrorReply): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.#stdout.once("drain", resolve);
    });
  }
}
