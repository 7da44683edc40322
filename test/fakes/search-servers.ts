/**
 * Loopback fakes of three web search APIs, speaking their real wire formats closely enough that
 * our backends' request building, auth headers, parsing and error handling run for real:
 * - SearXNG: GET {base}/search?q=&format=json, 403 unless json is enabled, optional basic auth.
 * - Tavily:  POST /search, Authorization: Bearer, JSON body; 401 `{detail:{error}}` on a bad key.
 * - Brave:   GET /res/v1/web/search?q=&count=, X-Subscription-Token; 422 SUBSCRIPTION_TOKEN_INVALID.
 * Each records the requests it saw; `replyOnce` queues canned replies (429, 500, HTML, a hang).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A result as a test describes it; each fake renders it in its own API's shape. */
export interface FakeHit {
  title: string;
  url: string;
  snippet: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A canned reply, or "hang" to hold the request open until the client gives up. */
export type CannedReply =
  | { status: number; headers?: Record<string, string>; body?: unknown; rawBody?: string }
  | "hang";

export interface FakeSearchServer {
  /** Base URL to give the backend factory (SearXNG: the instance root, with base path). */
  url: string;
  requests: RecordedRequest[];
  /** Results the next normal replies return. */
  hits: FakeHit[];
  replyOnce(reply: CannedReply): void;
  close(): Promise<void>;
}

export const sampleHits: FakeHit[] = [
  {
    title: "Solar <b>dryers</b> &amp; food waste",
    url: "https://example.org/solar-dryers",
    snippet: "How <strong>solar dryers</strong> cut post-harvest losses by 30&#37;.",
  },
  {
    title: "Market size of dried fruit",
    url: "https://example.com/market?x=1&y=2",
    snippet: "The dried fruit market was worth $8bn in 2025.",
  },
];

type Handler = (request: RecordedRequest, fake: FakeSearchServer) => CannedReply;

async function startFake(handler: Handler, basePath = ""): Promise<FakeSearchServer> {
  const queued: CannedReply[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      fake.requests.push(recorded);
      const reply = queued.shift() ?? handler(recorded, fake);
      send(res, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeSearchServer = {
    url: `http://127.0.0.1:${port}${basePath}`,
    requests: [],
    hits: [...sampleHits],
    replyOnce: (reply) => {
      queued.push(reply);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

function send(res: ServerResponse, reply: CannedReply): void {
  if (reply === "hang") return;
  const raw = reply.rawBody ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
  const type = reply.rawBody === undefined ? "application/json" : "text/html; charset=utf-8";
  res.writeHead(reply.status, { "content-type": type, ...reply.headers });
  res.end(raw);
}

const json = (status: number, body: unknown): CannedReply => ({ status, body });

export interface SearxngFakeOptions {
  /** Instances reject format=json with 403 until settings.yml lists it. */
  jsonEnabled?: boolean;
  /** Served under this path, like an instance behind a reverse proxy at /searxng. */
  basePath?: string;
  basicAuth?: { user: string; password: string };
}

export function startSearxngFake(options: SearxngFakeOptions = {}): Promise<FakeSearchServer> {
  const basePath = options.basePath ?? "";
  return startFake((req, fake) => {
    if (options.basicAuth) {
      const { user, password } = options.basicAuth;
      const expected = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
      if (req.headers.authorization !== expected) return { status: 401, rawBody: "Unauthorized" };
    }
    if (req.method !== "GET" || req.path !== `${basePath}/search`) {
      return { status: 404, rawBody: "<h1>Not Found</h1>" };
    }
    if (req.query.get("format") !== "json" || options.jsonEnabled === false) {
      return { status: 403, rawBody: "<title>403 Forbidden</title><h1>Forbidden</h1>" };
    }
    const q = req.query.get("q") ?? "";
    if (!q) return { status: 400, rawBody: "Bad Request" };
    return json(200, {
      query: q,
      number_of_results: 0,
      results: fake.hits.map((hit, i) => ({
        url: hit.url,
        title: hit.title,
        content: hit.snippet,
        engine: "duckduckgo",
        engines: ["duckduckgo"],
        parsed_url: [],
        template: "default.html",
        positions: [i + 1],
        score: 1 / (i + 1),
        category: "general",
      })),
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    });
  }, basePath);
}

export function startTavilyFake(apiKey: string): Promise<FakeSearchServer> {
  return startFake((req, fake) => {
    if (req.method !== "POST" || req.path !== "/search") {
      return json(404, { detail: { error: "Not Found" } });
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return json(401, { detail: { error: "Unauthorized: missing or invalid API key." } });
    }
    let body: { query?: unknown; max_results?: unknown };
    try {
      body = JSON.parse(req.body) as typeof body;
    } catch {
      return json(400, { detail: { error: "Invalid JSON body" } });
    }
    if (typeof body.query !== "string" || !body.query) {
      return json(400, { detail: { error: "Query is missing." } });
    }
    const max = typeof body.max_results === "number" ? body.max_results : 5;
    return json(200, {
      query: body.query,
      follow_up_questions: null,
      answer: null,
      images: [],
      results: fake.hits.slice(0, max).map((hit, i) => ({
        title: hit.title,
        url: hit.url,
        content: hit.snippet,
        score: 0.9 - i / 10,
        raw_content: null,
      })),
      response_time: 0.42,
      request_id: "fake-request-id",
    });
  });
}

export function startBraveFake(apiKey: string): Promise<FakeSearchServer> {
  return startFake((req, fake) => {
    if (req.method !== "GET" || req.path !== "/res/v1/web/search") {
      return json(404, { type: "ErrorResponse", error: { status: 404, code: "NOT_FOUND" } });
    }
    if (req.headers["x-subscription-token"] !== apiKey) {
      return json(422, {
        type: "ErrorResponse",
        error: {
          id: "fake-error-id",
          status: 422,
          code: "SUBSCRIPTION_TOKEN_INVALID",
          detail: "The provided subscription token is invalid.",
          meta: { component: "authentication" },
        },
        time: 1_700_000_000,
      });
    }
    const q = req.query.get("q") ?? "";
    const count = Number(req.query.get("count") ?? "20");
    if (!q || !Number.isInteger(count) || count < 1 || count > 20) {
      return json(422, {
        type: "ErrorResponse",
        error: {
          id: "fake-error-id",
          status: 422,
          code: "VALIDATION",
          detail: "Unable to validate request parameter(s)",
        },
      });
    }
    const hits = fake.hits.slice(0, count);
    return json(200, {
      type: "search",
      query: { original: q, more_results_available: false },
      mixed: { type: "mixed", main: [] },
      ...(hits.length > 0 && {
        web: {
          type: "search",
          family_friendly: true,
          results: hits.map((hit) => ({
            type: "search_result",
            title: hit.title,
            url: hit.url,
            description: hit.snippet,
            is_source_local: false,
            language: "en",
            profile: { name: new URL(hit.url).hostname },
          })),
        },
      }),
    });
  });
}
