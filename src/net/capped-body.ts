import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { NetError } from "./net-error.ts";

export interface CappedBody {
  body: Buffer;
  /** The body was longer than the cap: reading stopped there and the connection was closed. */
  truncated: boolean;
}

/** The encodings an outbound request may ask for; the reader undoes them while streaming. */
export const ACCEPTED_ENCODINGS = "gzip, deflate, br";

/**
 * Reads a response body, decompressed, up to `maxBytes` and no further: the cap counts
 * decompressed bytes (a small gzip bomb stays small) and the socket is closed at the cap, so a
 * 100 MB answer never sits in memory. Rejects with the response's error (an abort's reason).
 */
export async function readCappedBody(
  response: IncomingMessage,
  maxBytes: number,
): Promise<CappedBody> {
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

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers["content-encoding"] ?? "identity")
    .trim()
    .toLowerCase();
  const decoder = decoderFor(encoding);
  if (decoder === undefined) {
    response.destroy();
    throw new NetError(
      "unsupported_encoding",
      `unsupported content encoding "${encoding.slice(0, 30)}"`,
    );
  }
  if (decoder === null) return response;
  response.on("error", (error) => decoder.destroy(error));
  return response.pipe(decoder);
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
