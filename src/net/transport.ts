import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { CheckedTarget } from "./public-target.ts";
import type { WebBody } from "./web-body.ts";

/**
 * A response body left unread: node:http's message (the pinned transport, decoded while read) or
 * a WebBody (the fetch transport, decoded by the runtime). readCappedBody reads either; destroy()
 * drops either unread.
 */
export type ResponseBody = IncomingMessage | WebBody;

export interface HopRequest {
  headers: Record<string, string>;
  /** Aborts the connection, the request and the response body; rejects with signal.reason. */
  signal: AbortSignal;
}

export interface HopResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: ResponseBody;
}

/**
 * How fetchPublic sends one hop, after it has checked the hop's URL. The transport never follows
 * a redirect itself (fetchPublic does, checking each target like the first).
 */
export interface Transport {
  /**
   * true: the request connects to the checked addresses only, so a host name is resolved, every
   * address checked and the connection pinned to them (pinnedTransport). false: the runtime
   * resolves the name and connects by itself (fetchTransport), so a hop is judged by its URL
   * alone (checkTargetByName): what a public-looking name resolves to is not known.
   */
  readonly pinsAddresses: boolean;
  /** One GET to an already-checked target; the body is returned unread. */
  get(target: CheckedTarget, request: HopRequest): Promise<HopResponse>;
}
