import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeGitHub,
  githubError,
  rateLimitExceeded,
  secondaryRateLimit,
  serverError,
  startFakeGitHub,
} from "../../test/fakes/github-server.ts";
import { GitHubStore } from "../store/github-store.ts";
import {
  createToolExecutor,
  FILE_TOO_LARGE_MESSAGE,
  MAX_RESEARCH_FILE_BYTES,
} from "./tool-executor.ts";

// Every case goes through the real GitHubStore and Octokit against the loopback fake GitHub.
const TOKEN = "ghp_executorTestToken0000000000000000";
const multiByte = "# Café research\n\nÜnïcödé — 日本語 🚀\n";

let github: FakeGitHub;

beforeAll(async () => {
  github = await startFakeGitHub({ tokens: { [TOKEN]: {} } });
  github.addRepo("me/ideas", {
    files: {
      "README.md": "# not research\n",
      "ideas/market/2024-06.md": "# Market June\n",
      "ideas/competitor-analysis.md": "competitors",
      "ideas/empty.md": "",
      "ideas/unicode.md": multiByte,
      "ideas/at-limit.md": "a".repeat(MAX_RESEARCH_FILE_BYTES),
      "ideas/over-limit.md": "a".repeat(MAX_RESEARCH_FILE_BYTES + 1),
      "ideas/huge.md": "b".repeat(1024 * 1024 + 10),
      "ideas/binary.bin": Buffer.from([0xff, 0xfe, 0x00, 0x01]),
      "ideas/link-to-file.md": { symlink: "market/2024-06.md" },
      "ideas/link-out.md": { symlink: "../README.md" },
      "ideas/link-to-folder": { symlink: "market" },
      "ideas/vendored": { submodule: "a".repeat(40) },
    },
  });
});
afterAll(() => github.close());
beforeEach(() => {
  github.requests.length = 0;
  github.clearIntercepts();
});

function executorFor(token = TOKEN) {
  const store = new GitHubStore({
    owner: "me",
    repo: "ideas",
    token,
    baseUrl: github.url,
    retry: { delayUnitMs: 1, writeSpacingMs: 0 },
  });
  return createToolExecutor(store);
}

describe("Tool Executor (GitHub through Octokit)", () => {
  it("returns file content for valid path", async () => {
    const result = await executorFor().readResearch("market/2024-06.md");
    expect(result).toEqual({ ok: true, content: "# Market June\n", bytes: 14 });
    const [request] = github.requestsTo("GET", "/contents/");
    expect(request?.path).toBe("/repos/me/ideas/contents/ideas/market/2024-06.md");
    expect(request?.query.get("ref")).toBe("main");
  });

  it("returns error for file not found", async () => {
    expect(await executorFor().readResearch("market/missing.md")).toEqual({
      ok: false,
      error_type: "file_not_found",
      message: "File not found: market/missing.md",
    });
  });

  it.each([
    ["returns error for path traversal attempt (../)", "../secrets", "'..'"],
    ["returns error for absolute path (/etc/passwd)", "/etc/passwd", "absolute"],
    ["returns error for path containing percent sign", "%2e%2e/secrets", "'%'"],
    ["returns error for path starting with ideas/", "ideas/market.md", "starts with 'ideas/'"],
    ["returns error for trailing slash", "market/", "ends with '/'"],
    ["returns error for double slash", "market//file.md", "'//'"],
    ["returns error for path longer than 200 chars", `${"a".repeat(198)}.md`, "200 characters"],
    ["returns error for control characters in path", "market/\u0000x.md", "control"],
  ])("%s", async (_name, path, rule) => {
    const result = await executorFor().readResearch(path);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error_type).toBe("path_validation");
    expect(result.message).toContain(rule);
    expect(github.requests).toHaveLength(0);
  });

  it("returns error for file exceeding 50KB", async () => {
    expect(await executorFor().readResearch("over-limit.md")).toEqual({
      ok: false,
      error_type: "file_too_large",
      message: FILE_TOO_LARGE_MESSAGE,
    });
    expect(FILE_TOO_LARGE_MESSAGE).toBe(
      "File exceeds 50KB limit. Try a more specific path or request a summary.",
    );
  });

  it("returns error for directory response", async () => {
    expect(await executorFor().readResearch("market")).toEqual({
      ok: false,
      error_type: "api_error",
      message: "Path is not a file: market",
    });
  });

  it("returns error for missing size field", async () => {
    github.intercept({
      path: "/contents/ideas/market/2024-06.md",
      reply: {
        status: 200,
        body: { type: "file", path: "ideas/market/2024-06.md", encoding: "base64", content: "" },
      },
    });
    const result = await executorFor().readResearch("market/2024-06.md");
    expect(result).toMatchObject({ ok: false, error_type: "api_error" });
    expect(result.ok === false && result.message).toContain("size");
  });

  it("returns empty string for empty file", async () => {
    expect(await executorFor().readResearch("empty.md")).toEqual({
      ok: true,
      content: "",
      bytes: 0,
    });
  });

  it("returns bytes count in successful result", async () => {
    const result = await executorFor().readResearch("unicode.md");
    expect(result).toEqual({ ok: true, content: multiByte, bytes: Buffer.byteLength(multiByte) });
    // Bytes, not characters: the multi-byte text makes the two differ.
    expect(Buffer.byteLength(multiByte)).not.toBe(multiByte.length);
  });
});

describe("Tool Executor: size boundary and content checks", () => {
  it("accepts a file of exactly 51,200 bytes", async () => {
    const result = await executorFor().readResearch("at-limit.md");
    expect(result).toMatchObject({ ok: true, bytes: 51_200 });
    expect(result.ok && result.content.length).toBe(51_200);
  });

  it("refuses a file over 1 MB (served with empty content) as too large, never as empty", async () => {
    expect(await executorFor().readResearch("huge.md")).toMatchObject({
      ok: false,
      error_type: "file_too_large",
    });
  });

  it("never treats empty content with a non-zero size as an empty file", async () => {
    github.intercept({
      path: "/contents/ideas/empty.md",
      reply: {
        status: 200,
        body: { type: "file", path: "ideas/empty.md", size: 120, encoding: "none", content: "" },
      },
    });
    expect(await executorFor().readResearch("empty.md")).toMatchObject({
      ok: false,
      error_type: "api_error",
    });
  });

  it("refuses content whose decoded length differs from size", async () => {
    github.intercept({
      path: "/contents/ideas/empty.md",
      reply: {
        status: 200,
        body: {
          type: "file",
          path: "ideas/empty.md",
          size: 3,
          encoding: "base64",
          content: Buffer.from("abcdef").toString("base64"),
        },
      },
    });
    expect(await executorFor().readResearch("empty.md")).toMatchObject({
      ok: false,
      error_type: "api_error",
    });
  });

  it.each([
    ["a string size", "14"],
    ["a fractional size", 1.5],
    ["a negative size", -1],
  ])("refuses %s", async (_label, size) => {
    github.intercept({
      path: "/contents/ideas/market/2024-06.md",
      reply: {
        status: 200,
        body: {
          type: "file",
          path: "ideas/market/2024-06.md",
          size,
          encoding: "base64",
          content: "",
        },
      },
    });
    expect(await executorFor().readResearch("market/2024-06.md")).toMatchObject({
      ok: false,
      error_type: "api_error",
    });
  });

  it("refuses binary content as not UTF-8 text", async () => {
    const result = await executorFor().readResearch("binary.bin");
    expect(result).toMatchObject({ ok: false, error_type: "api_error" });
    expect(result.ok === false && result.message).toContain("not UTF-8");
  });
});

describe("Tool Executor: links and other non-files", () => {
  it("refuses a link to an in-repo file: GitHub answers with the target's path", async () => {
    const result = await executorFor().readResearch("link-to-file.md");
    expect(result).toEqual({
      ok: false,
      error_type: "api_error",
      message: "Path is not a file: link-to-file.md (it is a link to another path)",
    });
  });

  it("never returns a file outside ideas/ through a link", async () => {
    const result = await executorFor().readResearch("link-out.md");
    expect(result).toMatchObject({ ok: false, error_type: "api_error" });
    expect(JSON.stringify(result)).not.toContain("not research");
  });

  it.each([
    ["a link to a folder", "link-to-folder"],
    ["a submodule", "vendored"],
  ])("refuses %s as not a file", async (_label, path) => {
    expect(await executorFor().readResearch(path)).toEqual({
      ok: false,
      error_type: "api_error",
      message: `Path is not a file: ${path}`,
    });
  });

  it("refuses a hidden segment without asking GitHub", async () => {
    expect(await executorFor().readResearch("x/.env")).toMatchObject({
      error_type: "path_validation",
    });
    expect(github.requests).toHaveLength(0);
  });

  it("answers a non-string path with path_validation instead of throwing", async () => {
    const executor = createToolExecutor({ getContent: () => Promise.reject(new Error("unused")) });
    for (const input of [undefined, null, 42, {}, ["a.md"]]) {
      expect(await executor.readResearch(input as never)).toMatchObject({
        ok: false,
        error_type: "path_validation",
      });
    }
  });
});

describe("Tool Executor: GitHub failures", () => {
  it("reports a primary rate limit as rate limited, not as a missing file", async () => {
    github.intercept({
      path: "/contents/",
      times: Infinity,
      reply: rateLimitExceeded({ resetInSeconds: 1800 }),
    });
    const result = await executorFor().readResearch("market/2024-06.md");
    expect(result).toMatchObject({ ok: false, error_type: "api_error" });
    expect(result.ok === false && result.message).toMatch(/rate limited.*retry in 1[78]\d\d s/);
    // The reset is half an hour away: reported at once, not waited for.
    expect(github.requestsTo("GET", "/contents/")).toHaveLength(1);
  });

  it("reports a 429 with retry-after as rate limited after retrying once", async () => {
    github.intercept({
      path: "/contents/",
      times: 2,
      reply: secondaryRateLimit({ retryAfterSeconds: 7 }),
    });
    const result = await executorFor().readResearch("market/2024-06.md");
    expect(result).toMatchObject({ ok: false, error_type: "api_error" });
    expect(result.ok === false && result.message).toContain("rate limited");
    expect(github.requestsTo("GET", "/contents/")).toHaveLength(2);
  });

  it("recovers when a short secondary rate limit clears", async () => {
    github.intercept({
      path: "/contents/",
      reply: secondaryRateLimit({ retryAfterSeconds: 1, status: 403 }),
    });
    expect(await executorFor().readResearch("market/2024-06.md")).toMatchObject({ ok: true });
  });

  it("retries a transient 500 and then succeeds", async () => {
    github.intercept({ path: "/contents/", reply: serverError(502) });
    expect(await executorFor().readResearch("market/2024-06.md")).toMatchObject({ ok: true });
    expect(github.requestsTo("GET", "/contents/")).toHaveLength(2);
  });

  it("reports a lasting 500 as api_error with GitHub's message and no token", async () => {
    github.intercept({ path: "/contents/", times: 4, reply: githubError(500, `boom ${TOKEN}`) });
    const result = await executorFor().readResearch("market/2024-06.md");
    expect(result).toMatchObject({ ok: false, error_type: "api_error" });
    const message = result.ok ? "" : result.message;
    expect(message).toMatch(/^Failed to read file: GitHub answered 500/);
    expect(message).not.toContain(TOKEN);
    expect(message).not.toContain(github.url);
  });

  it("reports a bad token as api_error without echoing it", async () => {
    const result = await executorFor("ghp_wrongToken").readResearch("market/2024-06.md");
    expect(result).toMatchObject({ ok: false, error_type: "api_error" });
    expect(result.ok === false && result.message).toContain("401");
    expect(JSON.stringify(result)).not.toContain("ghp_wrongToken");
  });

  it("answers a reader that throws something unexpected without leaking its text", async () => {
    const executor = createToolExecutor({
      getContent: () => Promise.reject(new Error("EACCES /home/alice/secret")),
    });
    const result = await executor.readResearch("a.md");
    expect(result).toMatchObject({ ok: false, error_type: "api_error" });
    expect(JSON.stringify(result)).not.toContain("/home/alice");
  });
});
