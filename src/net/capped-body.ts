import { Buffer } from "node:buffer";
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { NetError } from "./net-error.ts";
import type { ResponseBody } from "./transport.ts";
import { WebBody } from "./web-body.ts";

export interface CappedBody {
  body: Buffer;
  /** The body was longer than the cap: reading stopped there and the connection was closed. */
  truncated: boolean;
}

/** The encodings an outbound request may ask for; the reader undoes them while streaming. */
export const ACCEPTED_ENCODINGS = "gzip, deflate, br";
/** What a runtime's fetch undoes by itself (it asks for them): anything else is refused. */
const RUNTIME_DECODED = new Set(["", "identity", "gzip", "x-gzip", "deflate", "br"]);

/**
 * Reads a response body, decompressed, up to `maxBytes` and no further: the cap counts
 * decompressed bytes (a small gzip bomb stays small) and the socket is closed at the cap, so a
 * 100 MB answer never sits in memory. Rejects with the response's error (an abort's reason).
 */
export async function readCappedBody(
  response: ResponseBody,
  maxBytes: number,
): Promise<CappedBody> {
  if (response instanceof WebBody) return readWebBody(response, maxBytes);
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const piece = chunk as Buffer;
      if (size + piece.length > maxBytes) {
        chunks.push(piece.subarray(0, maxBytes - size));
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(piece);
      size += piece.length;
    }
  } catch (error) {
    if (response.errored) throw response.errored;
    throw error;
  } finally {
    // Leaving the loop early destroys `stream`; the socket under a decoder must go too.
    response.destroy();
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

/**
 * The fetch transport's body: the runtime has undone the encoding, so bytes count as they come.
 * Cancelling the reader at the cap closes the connection; an abort rejects a pending read at once
 * (a cancelled read would end like a complete body).
 */
async function readWebBody(body: WebBody, maxBytes: number): Promise<CappedBody> {
  if (!RUNTIME_DECODED.has(body.encoding)) {
    body.destroy();
    throw unsupportedEncoding(body.encoding);
  }
  const { signal } = body;
  if (body.destroyed || !body.stream) return { body: Buffer.alloc(0), truncated: false };
  const reader = body.stream.getReader();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  aborted.catch(() => {});
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) return { body: Buffer.concat(chunks), truncated: false };
      if (size + value.length > maxBytes) {
        chunks.push(value.subarray(0, maxBytes - size));
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(value);
      size += value.length;
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    signal.removeEventListener("abort", onAbort);
    reader.cancel().catch(() => {});
    body.destroy();
  }
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers["content-encoding"] ?? "identity")
    .trim()
    .toLowerCase();
  const decoder = decoderFor(encoding);
  if (decoder === undefined) {
    response.destroy();
    throw unsupportedEncoding(encoding);
  }
  if (decoder === null) return response;
  response.on("error", (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

function unsupportedEncoding(encoding: string): NetError {
  return new NetError(
    "unsupported_encoding",
    `unsupported content encoding "${encoding.slice(0, 30)}"`,
  );
}

function decoderFor(encoding: string) {
  switch (encoding) {
    case "":
    case "identity":
      return null;
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      return undefined;
  }
}
