import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { decodeTraceRequest, type ExportedSpan } from "./otlp/trace-request.ts";

export type { AttributeValue, ExportedSpan } from "./otlp/trace-request.ts";

export interface ReceivedExport {
  headers: IncomingHttpHeaders;
  /** The request body as sent, uncompressed: what any secret would have to travel in. */
  body: Buffer;
  spans: ExportedSpan[];
}

/**
 * A loopback OpenTelemetry collector for traces over OTLP/HTTP with protobuf bodies (the
 * exporters' default protocol): `POST /v1/traces`, decoded for real (otlp/trace-request.ts), and
 * answered as a collector does, 200 with an empty ExportTraceServiceResponse. Anything else is
 * refused: a 415 for another content type, a 404 for another path.
 */
export interface OtlpReceiver {
  /** http://127.0.0.1:<port>, the value for OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  exports: ReceivedExport[];
  /** Every span received so far, in arrival order. */
  spans(): ExportedSpan[];
  /** Requests that were refused, one line each. */
  refused: string[];
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const exports: ReceivedExport[] = [];
  const refused: string[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const refuse = (status: number, why: string) => {
      refused.push(`${request.method} ${request.url}: ${why}`);
      response.writeHead(status, { "content-type": "text/plain" }).end(why);
    };
    if (request.method !== "POST" || request.url !== "/v1/traces") {
      return refuse(404, "not found");
    }
    if (request.headers["content-type"] !== "application/x-protobuf") {
      return refuse(415, `unsupported content type ${request.headers["content-type"]}`);
    }
    let body = Buffer.concat(chunks);
    if (request.headers["content-encoding"] === "gzip") body = gunzipSync(body);
    try {
      exports.push({ headers: request.headers, body, spans: decodeTraceRequest(body) });
    } catch (error) {
      return refuse(400, `undecodable body: ${(error as Error).message}`);
    }
    response.writeHead(200, { "content-type": "application/x-protobuf" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    exports,
    spans: () => exports.flatMap((received) => received.spans),
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
