import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import {
  type FakeOpenAiCompatible,
  startFakeOpenAiCompatible,
} from "../fakes/openai-compatible-server.ts";
import { type FakeSearchServer, startSearxngFake } from "../fakes/search-servers.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";
import { connectMcp, type McpSession, textOf } from "./mcp-session.ts";

/** explore_idea runs the preflight the CLI runs; what it warns about is in its result. */

const IDEA = "Bicycle couriers for pharmacies";

let repo: TempTree | undefined;
let session: McpSession | undefined;
let searxng: FakeSearchServer | undefined;
let local: FakeOpenAiCompatible | undefined;
afterEach(async () => {
  await session?.close();
  await searxng?.close();
  await local?.close();
  await repo?.cleanup();
  session = searxng = local = repo = undefined;
});

type Structured = { status: string; warnings?: string[] };

describe("mcp explore_idea: warnings in the result", () => {
  it("a SearXNG that does not answer the probe, and a search that fails", async () => {
    searxng = await startSearxngFake({ jsonEnabled: false });
    searxng.replyOnce("hang"); // the preflight's probe
    local = await startFakeOpenAiCompatible([
      { toolCall: { name: "web_search", arguments: { query: "pharmacy couriers" } } },
      { text: "# Couriers\n\nNo data." },
    ]);
    repo = await gitTree({ files: { "README.md": "seed\n" } });
    session = await connectMcp(
      [
        "--repo",
        repo.dir,
        "--provider",
        "openai-compatible",
        "--base-url",
        local.url,
        "--model",
        "llama3.1:8b",
      ],
      { cwd: repo.dir, env: { SEARXNG_URL: searxng.url, ...GIT_IDENTITY } },
    );
    const result = await session.call("explore_idea", { idea: IDEA });
    expect(result.isError, textOf(result)).toBeFalsy();
    const probe = `web search may fail: SearXNG at ${searxng.url} did not answer within 3 s; check that it is running and that SEARXNG_URL is right`;
    const structured = result.structuredContent as Structured;
    expect(structured.status).toBe("created");
    expect(structured.warnings).toEqual([
      probe,
      expect.stringMatching(
        /^1 of 1 web searches failed: .+; the report rests on no web search: check the search backend$/,
      ),
    ]);
    expect(textOf(result)).toContain(` Warning: ${probe}.`);
    expect(textOf(result)).toContain(" Warning: 1 of 1 web searches failed: ");
    expect(session.stderr()).toContain(`warning: ${probe}\n`);
    expect(searxng.requests.map((r) => r.path)).toEqual(["/", "/search"]);
  }, 60_000);

  it("an Anthropic model id that does not look like one", async () => {
    const fake = await startFakeAnthropic();
    try {
      fake.enqueue(reply.text("# Couriers\n\nA report."));
      repo = await gitTree({ files: { "README.md": "seed\n" } });
      session = await connectMcp(["--repo", repo.dir, "--model", "gpt-4o"], {
        cwd: repo.dir,
        env: { ...fake.env, ...GIT_IDENTITY },
      });
      const result = await session.call("explore_idea", { idea: IDEA });
      expect(result.isError, textOf(result)).toBeFalsy();
      const warning =
        '"gpt-4o" does not look like an Anthropic model id (they start with "claude-"); the API may refuse it. For another provider use --provider openai-compatible --base-url URL.';
      expect((result.structuredContent as Structured).warnings).toEqual([warning]);
      expect(textOf(result)).toContain(` Warning: ${warning}.`);
    } finally {
      await fake.close();
    }
  }, 60_000);
});
