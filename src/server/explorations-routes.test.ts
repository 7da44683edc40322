import type { LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { MockLanguageModelV4 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeGitHub } from "../../test/fakes/github-server.ts";
import { driveTool } from "../../test/helpers/drive-tool.ts";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import { git, gitTree } from "../../test/helpers/solar-ideas-repo.ts";
import type { TempTree } from "../../test/helpers/temp-tree.ts";
import { parseExploreRequest } from "../config/explore-request.ts";
import { newExplorePayload, runExploreInline } from "../research/explore/run-explore-inline.ts";
import { GitHubStore } from "../store/github-store.ts";
import { LocalStore } from "../store/local-store.ts";
import { StoreError } from "../store/research-reader.ts";
import type { ResearchSnapshot } from "../store/research-store.ts";
import { createSearchResearchTool } from "../tools/search-research.ts";
import { explorationDetailSchema, explorationListSchema } from "./routes/exploration-schemas.ts";

const TOKEN = "library-test-token";
const auth = { headers: { Authorization: `Bearer ${TOKEN}` } };

const research = (fields: Record<string, string>, body: string) =>
  `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join("\n")}\nfingerprint: "0000000000000000"\n---\n\n${body}\n`;

/** Seven explorations of both modes, one hand-written, one folder without research.md. */
const FILES: Record<string, string> = {
  "ideas/2026-01-02-solar-dryer/research.md": research(
    {
      title: "Solar dryer",
      idea: "A solar food dryer for smallholders",
      mode: "business",
      date: "2026-01-02",
    },
    "# Solar dryer\n\n## Market\n\nBig.[[1]](https://a.example/m)\n\n## Verdict\n\n**Pursue with changes**\n\nBecause.\n\n## Sources\n\n1. [Market](https://a.example/m)\n\n### Also consulted\n\n- [Other](https://b.example/o)\n",
  ),
  "ideas/2026-01-02-solar-dryer/exploration-log.json": JSON.stringify([
    {
      steps: 3,
      stoppedBy: "finished",
      cost: { priced: true, usd: 0.25 },
      tokens: { input: 10, output: 5, total: 15, cacheRead: 0, cacheWrite: 0 },
      searches: [{ query: "solar dryer market", resultCount: 2, ok: true }],
    },
  ]),
  "ideas/2026-02-10-night-buses/research.md": research(
    {
      title: "Night buses",
      idea: "Night buses for shift workers",
      mode: "exploration",
      date: "2026-02-10",
    },
    "# Night buses\n\n## On-demand vans\n\nx\n\n## Employer shuttles\n\ny\n\n## Bike pools\n\nz\n\n## Most promising\n\nVans.\n\n## Update - 2026-03-01\n\n### More\n\nw\n\n## Sources\n\n_No web pages were retrieved for this research._\n",
  ),
  "ideas/2026-03-05-solar-kiosk/research.md": research(
    {
      title: "Solar kiosks",
      idea: "Solar phone-charging kiosks",
      mode: "business",
      date: "2026-03-05",
    },
    "# Solar kiosks\n\n## Verdict\n\n**Do not pursue**\n",
  ),
  "ideas/2026-03-05-solar-kiosk/exploration-log.json": JSON.stringify([
    { steps: 1, cost: { priced: true, usd: 0.1 } },
    { steps: 1, isUpdate: true, cost: { priced: false, reason: "no price for local" } },
  ]),
  "ideas/2026-04-01-tea-bar/research.md": research(
    { title: "Tea bar", idea: "A tea bar in a library", mode: "business", date: "2026-04-01" },
    "# Tea bar\n\n## Verdict\n\nPursue\n",
  ),
  "ideas/2026-05-01-river-ferry/research.md": research(
    {
      title: "River ferry",
      idea: "Electric river ferries",
      mode: "exploration",
      date: "2026-05-01",
    },
    "# River ferry\n\n## Commuters\n\na\n\n## Tourists\n\nb\n",
  ),
  "ideas/handwritten-notes/research.md": "# My solar notes\n\nWritten by hand.\n",
  "ideas/2026-06-01-no-research/notes.txt": "not an exploration\n",
};
const NEWEST_FIRST = [
  "2026-05-01-river-ferry",
  "2026-04-01-tea-bar",
  "2026-03-05-solar-kiosk",
  "2026-02-10-night-buses",
  "2026-01-02-solar-dryer",
  "handwritten-notes",
];

/** The store, with every read it is asked for counted (the traversal tests expect none). */
function counted(store: ResearchSnapshot) {
  const reads: string[] = [];
  const snapshot: ResearchSnapshot = {
    listIdeaFolders: () => {
      reads.push("ideas/");
      return store.listIdeaFolders();
    },
    readText: (path) => {
      reads.push(path);
      return store.readText(path);
    },
  };
  return { snapshot, reads };
}

let tree: TempTree;
let store: LocalStore;
beforeEach(async () => {
  tree = await gitTree({ files: FILES });
  store = new LocalStore({ root: tree.dir });
});
afterEach(() => tree.cleanup());

function app(options: { tokens?: string[]; ideas?: ResearchSnapshot } = {}) {
  return createServiceFixture({
    auth: { tokens: options.tokens ?? [] },
    ideas: "ideas" in options ? options.ideas : store,
  }).app;
}

async function getJson(
  a: ReturnType<typeof app>,
  url: string,
  init?: RequestInit,
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
): Promise<{ status: number; body: any }> {
  const response = await a.request(url, init);
  return { status: response.status, body: await response.json() };
}

async function listAll(a: ReturnType<typeof app>, query: string): Promise<string[]> {
  const folders: string[] = [];
  let url = `/api/explorations?${query}`;
  for (let pages = 0; pages < 20; pages++) {
    const { status, body } = await getJson(a, url);
    expect(status).toBe(200);
    explorationListSchema.parse(body);
    folders.push(...body.explorations.map((e: { folder: string }) => e.folder));
    if (!body.next_cursor) return folders;
    url = `/api/explorations?${query}&cursor=${encodeURIComponent(body.next_cursor)}`;
  }
  throw new Error("the listing never ended");
}

describe("auth", () => {
  it("needs the bearer token on both routes, as every /api route but health and the document", async () => {
    const a = app({ tokens: [TOKEN] });
    for (const url of ["/api/explorations", "/api/explorations/2026-01-02-solar-dryer"]) {
      const denied = await getJson(a, url);
      expect(denied.status).toBe(401);
      expect(denied.body.error.code).toBe("unauthorized");
      const wrong = await getJson(a, url, { headers: { Authorization: "Bearer nope" } });
      expect(wrong.status).toBe(401);
      expect((await getJson(a, url, auth)).status).toBe(200);
    }
    expect((await a.request("/api/openapi.json")).status).toBe(200);
  });

  it("without tokens, answers loopback host names only", async () => {
    const response = await app().request("http://evil.example/api/explorations");
    expect(response.status).toBe(403);
  });
});

describe("GET /api/explorations", () => {
  it("lists every exploration of the repository newest first, whoever wrote it", async () => {
    expect(await listAll(app(), "limit=100")).toEqual(NEWEST_FIRST);
  });

  it("summarizes each one: verdict or directions, sources, cost when known, updates", async () => {
    const { body } = await getJson(app(), "/api/explorations");
    const by = Object.fromEntries(body.explorations.map((e: { folder: string }) => [e.folder, e]));
    expect(by["2026-01-02-solar-dryer"]).toEqual({
      folder: "2026-01-02-solar-dryer",
      path: "ideas/2026-01-02-solar-dryer/research.md",
      title: "Solar dryer",
      idea: "A solar food dryer for smallholders",
      mode: "business",
      date: "2026-01-02",
      verdict: "Pursue with changes",
      directions: null,
      cited_sources: 1,
      consulted_sources: 1,
      cost_usd: 0.25,
      updates: [],
      refreshed: [],
      last_researched: "2026-01-02",
      age_days: expect.any(Number),
      changed: false,
      url: "/api/explorations/2026-01-02-solar-dryer",
    });
    expect(by["2026-02-10-night-buses"]).toMatchObject({
      mode: "exploration",
      verdict: null,
      directions: 3,
      cited_sources: 0,
      cost_usd: null,
      updates: ["2026-03-01"],
    });
    // One run of two has no price: the total is not known.
    expect(by["2026-03-05-solar-kiosk"]).toMatchObject({
      verdict: "Do not pursue",
      cost_usd: null,
    });
    expect(by["2026-04-01-tea-bar"]).toMatchObject({ verdict: "Pursue" });
    expect(by["handwritten-notes"]).toMatchObject({
      title: "My solar notes",
      mode: null,
      date: null,
    });
  });

  it("pages with an opaque cursor until next_cursor is null, nothing twice, nothing left out", async () => {
    const a = app();
    for (const limit of [1, 2, 4]) {
      expect(await listAll(a, `limit=${limit}`)).toEqual(NEWEST_FIRST);
    }
    const first = await getJson(a, "/api/explorations?limit=2");
    expect(first.body.explorations).toHaveLength(2);
    expect(first.body.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("reads only the folders of the page (both files at once), and the listing once", async () => {
    const { snapshot, reads } = counted(store);
    await getJson(app({ ideas: snapshot }), "/api/explorations?limit=2");
    expect(reads).toEqual([
      "ideas/",
      // The newest folder holds no research.md: it is read, skipped, and the page filled on.
      "ideas/2026-06-01-no-research/research.md",
      "ideas/2026-06-01-no-research/exploration-log.json",
      "ideas/2026-05-01-river-ferry/research.md",
      "ideas/2026-05-01-river-ferry/exploration-log.json",
      "ideas/2026-04-01-tea-bar/research.md",
      "ideas/2026-04-01-tea-bar/exploration-log.json",
    ]);
  });

  it("filters by mode, across pages", async () => {
    const a = app();
    expect(await listAll(a, "mode=exploration&limit=1")).toEqual([
      "2026-05-01-river-ferry",
      "2026-02-10-night-buses",
    ]);
    expect(await listAll(a, "mode=business&limit=2")).toEqual([
      "2026-04-01-tea-bar",
      "2026-03-05-solar-kiosk",
      "2026-01-02-solar-dryer",
    ]);
  });

  it("searches with the ranking of the search_research tool, the same order", async () => {
    const a = app();
    const tools = { search_research: createSearchResearchTool({ store, onToolCall: () => {} }) };
    for (const q of ["solar", "solar dryer", "night shift", "ferry river", "kiosk charging"]) {
      const call = await driveTool(tools, "search_research", { query: q });
      if (call.part.type !== "tool-result") throw new Error("search_research failed");
      const output = call.part.output as { results: { path: string }[] };
      const expected = output.results.map((r) => r.path.replace(/\/research\.md$/, ""));
      expect(expected.length).toBeGreaterThan(0);
      expect(await listAll(a, `q=${encodeURIComponent(q)}&limit=1`)).toEqual(expected);
    }
    const { body } = await getJson(a, "/api/explorations?q=solar");
    expect(body.search).toEqual({ searched: 7, folders: 7 });
    expect(await listAll(a, "q=solar&mode=business")).toEqual([
      "2026-03-05-solar-kiosk",
      "2026-01-02-solar-dryer",
    ]);
  });

  it("answers no match with an empty page; a blank q lists by date", async () => {
    const a = app();
    const none = await getJson(a, "/api/explorations?q=submarine");
    expect(none.body).toEqual({ explorations: [], next_cursor: null, search: expect.any(Object) });
    expect(await listAll(a, "q=%20%20")).toEqual(NEWEST_FIRST);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["limit=1.5", "limit"],
    ["mode=poetry", "mode"],
    [`q=${"a".repeat(201)}`, "q"],
    ["q=%21%3F", "q"],
    ["cursor=forged", "cursor"],
    [`cursor=${"A".repeat(601)}`, "cursor"],
  ])("400 invalid_query for %s, in one line naming the field", async (query, field) => {
    const { status, body } = await getJson(app(), `/api/explorations?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_query");
    expect(body.error.message).not.toContain("\n");
    expect(body.error.message.startsWith(`${field}: `)).toBe(true);
    expect(body.error.details[0].path).toBe(field);
  });

  it("refuses a cursor issued for another q or mode", async () => {
    const a = app();
    const { body } = await getJson(a, "/api/explorations?limit=1");
    for (const other of ["q=solar", "mode=business"]) {
      const { status, body: refused } = await getJson(
        a,
        `/api/explorations?${other}&cursor=${body.next_cursor}`,
      );
      expect(status).toBe(400);
      expect(refused.error.message).toBe(
        "cursor: was issued for another q, mode, sort or older_than_days (start again without it)",
      );
    }
  });

  it("answers a repository that cannot be read with 502 store_error in one line", async () => {
    const broken: ResearchSnapshot = {
      listIdeaFolders: async () => {
        throw new StoreError("GitHub answered 500 (listing the ideas folder)\nstack", {
          status: 500,
        });
      },
      readText: async () => undefined,
    };
    const { status, body } = await getJson(app({ ideas: broken }), "/api/explorations");
    expect(status).toBe(502);
    expect(body.error).toEqual({
      code: "store_error",
      message:
        "the ideas repository could not be read: GitHub answered 500 (listing the ideas folder)",
    });
  });

  it("answers 503 not_configured on a server without an ideas repository", async () => {
    const a = app({ ideas: undefined });
    for (const url of ["/api/explorations", "/api/explorations/2026-01-02-solar-dryer"]) {
      const { status, body } = await getJson(a, url);
      expect(status).toBe(503);
      expect(body.error.code).toBe("not_configured");
    }
  });

  it("405 for other methods", async () => {
    const response = await app().request("/api/explorations", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET");
  });
});

describe("GET /api/explorations/:folder", () => {
  it("answers the document, its numbered sources and its log summary", async () => {
    const { status, body } = await getJson(app(), "/api/explorations/2026-01-02-solar-dryer");
    expect(status).toBe(200);
    explorationDetailSchema.parse(body);
    expect(body).toMatchObject({
      folder: "2026-01-02-solar-dryer",
      verdict: "Pursue with changes",
      markdown: FILES["ideas/2026-01-02-solar-dryer/research.md"],
      sources: [{ n: 1, title: "Market", url: "https://a.example/m" }],
      consulted: [{ title: "Other", url: "https://b.example/o" }],
      log: {
        steps: 3,
        cost_usd: 0.25,
        stopped_by: "finished",
        queries: [{ query: "solar dryer market", result_count: 2, ok: true }],
      },
    });
    expect(body.html).toContain(
      '<a href="https://a.example/m" rel="noopener noreferrer nofollow">[1]</a>',
    );
    expect(body.html).not.toContain("fingerprint");
  });

  it("404 exploration_not_found for a folder without research.md, or none at all", async () => {
    for (const folder of ["2026-06-01-no-research", "2027-01-01-nothing"]) {
      const { status, body } = await getJson(app(), `/api/explorations/${folder}`);
      expect(status).toBe(404);
      expect(body.error).toEqual({
        code: "exploration_not_found",
        message: `no exploration in ideas/${folder}`,
      });
    }
  });

  it("serves the committed state only: an uncommitted folder is not there", async () => {
    await import("node:fs/promises").then(async (fs) => {
      await fs.mkdir(`${tree.dir}/ideas/2026-07-01-draft`);
      await fs.writeFile(`${tree.dir}/ideas/2026-07-01-draft/research.md`, "# Draft\n");
    });
    expect((await getJson(app(), "/api/explorations/2026-07-01-draft")).status).toBe(404);
    git(tree.dir, "add", ".");
    git(tree.dir, "commit", "-qm", "draft");
    expect((await getJson(app(), "/api/explorations/2026-07-01-draft")).status).toBe(200);
  });

  it.each([
    ["a%2F..%2F..%2Fetc", "contains '..'"],
    ["..%2Fsecret", "contains '..'"],
    ["%2e%2e%2Fsecret", "contains '..'"],
    ["%2e%2e%5Csecret", "contains '..'"],
    ["..%5C..%5Cwindows", "contains '..'"],
    ["sub/folder", "contains '/'"],
    ["sub%2Ffolder", "contains '/'"],
    ["%2Fetc%2Fpasswd", "contains '/'"],
    ["C:%5Cwindows", "contains a backslash"],
    ["a%5Cb", "contains a backslash"],
    ["x%00y", "contains a control character or a NUL byte"],
    ["%00", "contains a control character or a NUL byte"],
    ["%252e%252e", "contains '%'"],
    ["%E0%A4%A", "contains '%'"],
    [".git", "starts with '.'"],
    ["...", "contains '..'"],
    ["a%20b", "may only contain"],
    [`${"a".repeat(189)}`, "is longer than 188 characters"],
  ])("400 invalid_folder for %s, one line, nothing read", async (folder, reason) => {
    const { snapshot, reads } = counted(store);
    const { status, body } = await getJson(app({ ideas: snapshot }), `/api/explorations/${folder}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_folder");
    expect(body.error.message).toContain(`folder: ${reason}`);
    expect(body.error.message).not.toMatch(/[\n\0]/);
    expect(body.error.message).not.toContain("secret");
    expect(reads).toEqual([]);
  });

  it("'..' and '%2e%2e' as a whole segment never reach the route: the URL is resolved first", async () => {
    const { snapshot, reads } = counted(store);
    const a = app({ ideas: snapshot });
    for (const folder of ["..", "%2e%2e", "%2E%2e", "../../etc/passwd"]) {
      const { status, body } = await getJson(a, `/api/explorations/${folder}`);
      expect(status).toBe(404);
      expect(body.error.code).toBe("not_found");
    }
    expect(reads).toEqual([]);
  });
});

describe("a completed exploration", () => {
  it("is listed and opened with its verdict, cited sources, steps, tokens, cost and queries", async () => {
    const idea = "A solar-powered food dehydrator kit for market stalls";
    const report =
      "# Solar dehydrator kits\n\n## Market\n\nKits sell for $120-$300 " +
      "([market report](https://market.example/report)).\n\n## Verdict\n\n" +
      "**Pursue with changes**\n\nStalls already rent panels ([stalls](https://news.example/stalls)).\n";
    const usage = {
      inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 5, text: 5, reasoning: 0 },
    };
    const answers: LanguageModelV4GenerateResult[] = [
      {
        content: [
          {
            type: "tool-call",
            toolCallId: "c1",
            toolName: "web_search",
            input: JSON.stringify({ query: "solar dehydrator market" }),
          },
        ],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: "text", text: report }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      },
    ];
    const model = new MockLanguageModelV4({ doGenerate: answers });
    const result = await runExploreInline(
      newExplorePayload(parseExploreRequest({ idea, mode: "business" })),
      {
        store,
        model: {
          model,
          provider: "openai-compatible",
          modelId: "scripted",
          supportsServerWebSearch: false,
          price: {
            inputPerMTok: 1000,
            outputPerMTok: 2000,
            cacheWritePerMTok: 0,
            cacheWrite1hPerMTok: 0,
            cacheReadPerMTok: 0,
            webSearchPer1k: 0,
            longContext: [],
            source: "test",
          },
        },
        search: async () => [
          { title: "Dehydrator market report", url: "https://market.example/report", snippet: "s" },
          { title: "Market stalls go solar", url: "https://news.example/stalls", snippet: "s" },
          { title: "Drying mangoes", url: "https://blog.example/mangoes", snippet: "s" },
        ],
        logSink: () => {},
      },
      { announce: () => {}, signal: new AbortController().signal },
    );
    const a = app({ tokens: [TOKEN] });
    const listed = await getJson(a, "/api/explorations?limit=1", auth);
    expect(listed.body.explorations[0]).toMatchObject({
      folder: result.folder.replace(/^ideas\//, ""),
      title: "Solar dehydrator kits",
      idea,
      mode: "business",
      verdict: "Pursue with changes",
      cited_sources: 2,
      consulted_sources: 1,
      cost_usd: 0.04,
      updates: [],
    });

    const { status, body } = await getJson(a, listed.body.explorations[0].url, auth);
    expect(status).toBe(200);
    explorationDetailSchema.parse(body);
    expect(body.model).toBe("scripted");
    expect(body.sources).toEqual([
      { n: 1, title: "Dehydrator market report", url: "https://market.example/report" },
      { n: 2, title: "Market stalls go solar", url: "https://news.example/stalls" },
    ]);
    expect(body.consulted).toEqual([
      { title: "Drying mangoes", url: "https://blog.example/mangoes" },
    ]);
    // Each [n] marker of the report links to its source's URL.
    for (const source of body.sources) {
      expect(body.markdown).toContain(`[[${source.n}]](${source.url})`);
      expect(body.html).toContain(
        `<a href="${source.url}" rel="noopener noreferrer nofollow">[${source.n}]</a>`,
      );
    }
    expect(body.log).toEqual({
      runs: [
        {
          started_at: expect.any(String),
          model: "scripted",
          mode: "business",
          update: false,
          steps: 2,
          tokens: { input: 20, output: 10, total: 30, cache_read: 0, cache_write: 0 },
          cost_usd: 0.04,
          stopped_by: expect.any(String),
          queries: 1,
        },
      ],
      steps: 2,
      tokens: { input: 20, output: 10, total: 30, cache_read: 0, cache_write: 0 },
      cost_usd: 0.04,
      stopped_by: body.log.runs[0].stopped_by,
      queries: [{ query: "solar dehydrator market", result_count: 3, ok: true }],
      // The figure check of the report's two citations, as the run logged it.
      checks: { citations: 2, supported: 0, not_found: 1, nothing_to_check: 1 },
    });
  });
});

describe("over the GitHub store (what the Worker serves)", () => {
  it("lists, searches and opens through the GitHub API, the listing read once per request", async () => {
    const token = "ghp_libraryTestToken1111111111111111";
    const github = await startFakeGitHub({ tokens: { [token]: {} } });
    try {
      github.addRepo("me/ideas", { files: FILES });
      const onGitHub = new GitHubStore({
        owner: "me",
        repo: "ideas",
        token,
        baseUrl: github.url,
        retry: { delayUnitMs: 1, writeSpacingMs: 0 },
      });
      const a = app({ ideas: onGitHub });
      expect(await listAll(a, "limit=4")).toEqual(NEWEST_FIRST);
      expect(await listAll(a, "q=solar")).toEqual(await listAll(app(), "q=solar"));

      github.requests.length = 0;
      await getJson(a, "/api/explorations?q=solar&limit=1");
      // One listing (head and two trees), then each research.md once and the page's log.
      expect(github.requestsTo("GET", "/git/trees/")).toHaveLength(2);
      const contents = github.requestsTo("GET", "/contents/").map((r) => r.path);
      expect(new Set(contents).size).toBe(contents.length);

      const { status, body } = await getJson(a, "/api/explorations/2026-01-02-solar-dryer");
      expect(status).toBe(200);
      expect(body).toMatchObject({ verdict: "Pursue with changes", log: { cost_usd: 0.25 } });
      const refused = await getJson(a, "/api/explorations/..%2F..%2FREADME.md");
      expect(refused.status).toBe(400);
    } finally {
      await github.close();
    }
  });
});
