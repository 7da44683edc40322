const NEWLINE = 0x0a;

export interface LineHandlers {
  /** A complete line, without its line break (LF or CRLF), decoded as UTF-8. */
  line(text: string): void;
  /** A line grew past the limit: called once, as soon as it does; the rest of it is skipped. */
  oversized(): void;
}

/**
 * Splits a byte stream into lines of at most `maxBytes` each. A longer line is never held
 * whole: once it passes the limit its bytes are dropped as they arrive, up to its line break,
 * and the next line is read as usual. So one huge line costs at most `maxBytes` of memory and
 * does not end the stream (the SDK's reader buffers it, then gives up on the connection).
 */
export class BoundedLineReader {
  readonly #maxBytes: number;
  readonly #handlers: LineHandlers;
  #pieces: Buffer[] = [];
  #bytes = 0;
  #skipping = false;

  constructor(maxBytes: number, handlers: LineHandlers) {
    this.#maxBytes = maxBytes;
    this.#handlers = handlers;
  }

  push(chunk: Buffer | string): void {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      this.#take(bytes.subarray(start, newline === -1 ? bytes.length : newline));
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  }

  #take(piece: Buffer): void {
    if (this.#skipping || piece.length === 0) return;
    if (this.#bytes + piece.length > this.#maxBytes) {
      this.#reset();
      this.#skipping = true;
      this.#handlers.oversized();
      return;
    }
    this.#pieces.push(piece);
    this.#bytes += piece.length;
  }

  #endLine(): void {
    if (this.#skipping) {
      this.#skipping = false;
      return;
    }
    // Decoded only once whole, so a character split across chunks stays intact.
    const text = Buffer.concat(this.#pieces, this.#bytes).toString("utf8").replace(/\r$/, "");
    this.#reset();
    this.#handlers.line(text);
  }

  #reset(): void {
    this.#pieces = [];
    this.#bytes = 0;
  }
}
