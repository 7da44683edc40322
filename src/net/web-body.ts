/**
 * A response body from the runtime's `fetch` (the fetch transport), not read yet: what
 * readCappedBody reads, or what destroy() drops unread. It mirrors the part of node:http's
 * IncomingMessage the callers use (`destroy()`, `destroyed`), so a caller holds either without
 * asking which transport sent the request. The runtime has already undone the content encoding.
 */
export class WebBody {
  readonly stream: ReadableStream<Uint8Array> | null;
  /** The Content-Encoding the server named (lower case), to refuse one the runtime did not undo. */
  readonly encoding: string;
  /** Aborts the request; a body read after it rejects with its reason. */
  readonly signal: AbortSignal;
  #destroyed = false;

  constructor(response: Response, signal: AbortSignal) {
    this.stream = response.body;
    this.encoding = (response.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
    this.signal = signal;
  }

  get destroyed(): boolean {
    return this.#destroyed;
  }

  /** Cancels the body (and so the connection under it); reading it afterwards finds nothing. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.stream?.cancel().catch(() => {});
  }
}
