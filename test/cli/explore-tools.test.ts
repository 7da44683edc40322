import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  blocksOf,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { serve, startLoopbackSite } from "../fakes/loopback-site.ts";
import { REPO_ROOT, runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/**
 * `explore --codebase DIR --mcp-config FILE` as a user runs it: the CLI as a child process, the
 * real Anthropic provider against the loopback fake, and a real MCP server the CLI starts over
 * stdio from the config file. With a codebase and MCP tools the run has more than 10 tools, so
 * the non-core ones are found through search_tools before they are called.
 */
const IDEA = "A pricing page generator for indie SaaS";
const SERVER = path.join(REPO_ROOT, "test/fixtures/mcp-server/server.ts");

let tree: TempTree;
let fake: FakeAnthropicServer;

beforeEach(async () => {
  tree = await gitTree({
    files: {
      "ideas/README.md": "Ideas\n",
      "app/src/pricing.ts": "export const PLANS = ['free', 'pro'];\n",
      "app/.env": "SECRET=do-not-show\n",
      "mcp.json": JSON.stringify({
        mcpServers: { calc: { command: process.execPath, args: [SERVER] } },
      }),
    },
  });
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await fake.close();
  await tree.cleanup();
});

const explore = (args: string[]) =>
  runCli(["explore", IDEA, ...args], {
    cwd: tree.dir,
    env: { ...fake.env, ...GIT_IDENTITY },
  });

const toolNames = (index: number) =>
  (fake.requests[index]?.body.tools ?? []).map((t) => (t as { name: string }).name);

describe("idea-explorer explore --codebase --mcp-config", () => {
  it("finds an MCP tool and a codebase tool with search_tools, calls both, and writes the report", async () => {
    fake.enqueue(
      reply.toolUses([
        { name: "search_tools", input: { query: "add two numbers" } },
        { name: "search_tools", input: { query: "read a source file of the codebase" } },
      ]),
      reply.toolUses([
        { name: "calc__add", input: { a: 40, b: 2 } },
        { name: "file_read", input: { path: "src/pricing.ts" } },
      ]),
      reply.text("# Pricing page generator\n\nTwo plans, 42 templates."),
    );
    const run = await explore(["--codebase", "app", "--mcp-config", "mcp.json", "--stats"]);

    expect(run.stderr).not.toMatch(/at .+\(.+:\d+:\d+\)/);
    expect(run.code).toBe(0);
    expect(fake.requests).toHaveLength(3);
    expect(toolNames(0)).toEqual(["read_research", "web_search", "search_tools"]);
    const step2 = toolNames(1);
    expect(step2.slice(0, 3)).toEqual(["read_research", "web_search", "search_tools"]);
    expect(step2).toEqual(expect.arrayContaining(["file_read", "calc__add"]));
    expect(toolNames(2)).toEqual(step2);

    // Both calls ran: the MCP server added, file_read read the codebase (read-only, sandboxed).
    const results = JSON.stringify(blocksOf(fake.requests[2]));
    expect(results).toContain("42");
    expect(results).toContain("PLANS");
    expect(run.stderr).toMatch(/calc__add → ok/);
    expect(run.stderr).toMatch(/file_read src\/pricing\.ts → ok/);

    const [folder] = readdirSync(path.join(tree.dir, "ideas")).filter((f) => f !== "README.md");
    const log = JSON.parse(
      readFileSync(path.join(tree.dir, "ideas", folder as string, "exploration-log.json"), "utf8"),
    );
    expect(JSON.stringify(log)).toContain("calc__add");
  });

  it("--dry-run lists the deferred tools by category and calls no model", async () => {
    const run = await explore(["--codebase", "app", "--mcp-config", "mcp.json", "--dry-run"]);
    expect(run.code).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(run.stdout).toContain("Tool search: on");
    expect(run.stdout).toMatch(
      /Tools loaded from the first step:\n {2}read_research: .*\n {2}web_search: .*\n {2}search_tools: /,
    );
    expect(run.stdout).toMatch(/Deferred tools \(\d+\)/);
    expect(run.stdout).toContain("  Codebase: list_files, file_read, search_files");
    expect(run.stdout).toMatch(/ {2}MCP: calc: calc__add, calc__echo_upper/);
    expect(run.stdout).toContain("## More tools (use search_tools first)");
  });

  it.each([
    [["--mcp-config", "missing.json"], "MCP config: the file could not be read (ENOENT)"],
    [["--mcp-config", "broken.json"], "MCP config: the file is not valid JSON"],
    [["--mcp-config", "dead.json"], '--mcp-config: MCP server "dead" did not start'],
    [["--codebase", "nowhere"], "--codebase: The codebase folder does not exist"],
    [["--tool-search", "sometimes"], "--tool-search must be one of auto, always, never, anthropic"],
  ])("%j is one line before any model call (exit 2)", async (args, message) => {
    writeFileSync(path.join(tree.dir, "broken.json"), "{ not json");
    writeFileSync(
      path.join(tree.dir, "dead.json"),
      JSON.stringify({
        mcpServers: { dead: { command: process.execPath, args: [SERVER, "crash"] } },
      }),
    );
    const run = await explore(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).not.toContain(tree.dir);
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses --tool-search anthropic with another provider", async () => {
    const run = await runCli(
      [
        "explore",
        IDEA,
        "--provider",
        "openai-compatible",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--model",
        "local",
        "--tool-search",
        "anthropic",
      ],
      { cwd: tree.dir, env: { ...GIT_IDENTITY } },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--tool-search anthropic needs the anthropic provider");
  });
});

describe("idea-explorer explore: web_fetch", () => {
  it("refuses a loopback address by default, reads it with --allow-private-fetch, and lists it as a source", async () => {
    const site = await startLoopbackSite({
      "/pricing": serve("text/html", "<title>Indie pricing</title><p>Most charge 9 EUR.</p>"),
    });
    try {
      const url = `${site.origin}/pricing`;
      const script = () =>
        fake.enqueue(
          reply.toolUse("web_fetch", { url }),
          reply.text("# Pricing page generator\n\nMost charge 9 EUR."),
        );
      // The user names the page, so the run has seen its URL: only the address policy refuses it.
      const context = ["--context", `Our current pricing page is ${url}`];
      script();
      const refused = await explore(context);
      expect(refused.code).toBe(0);
      // Four tools are under the threshold: web_fetch is loaded from the first step.
      expect(toolNames(0)).toEqual(["read_research", "web_search", "search_research", "web_fetch"]);
      expect(JSON.stringify(blocksOf(fake.requests[1]))).toMatch(/private|loopback|not public/i);
      expect(site.requests).toHaveLength(0);

      script();
      const allowed = await explore([...context, "--allow-private-fetch", "--force"]);
      expect(allowed.code).toBe(0);
      expect(JSON.stringify(blocksOf(fake.requests[3]))).toContain("Most charge 9 EUR.");
      const written = allowed.stdout.trim();
      const research = readFileSync(path.join(tree.dir, written), "utf8");
      expect(research).toContain(`[Indie pricing](${url})`);
    } finally {
      await site.close();
    }
  });

  it("leaves web_fetch out with --no-web-fetch or IDEA_EXPLORER_WEB_FETCH=off", async () => {
    fake.enqueue(reply.text("# Report\n\nNo pages read."));
    expect((await explore(["--no-web-fetch"])).code).toBe(0);
    expect(toolNames(0)).toEqual(["read_research", "web_search", "search_research"]);

    fake.enqueue(reply.text("# Report\n\nNo pages read."));
    const off = await runCli(["explore", IDEA, "--force"], {
      cwd: tree.dir,
      env: { ...fake.env, ...GIT_IDENTITY, IDEA_EXPLORER_WEB_FETCH: "off" },
    });
    expect(off.code).toBe(0);
    expect(toolNames(1)).not.toContain("web_fetch");
  });

  it("refuses a denied host and a fetch over the cap, in words the model reads", async () => {
    const site = await startLoopbackSite({ "/a": serve("text/plain", "page a") });
    try {
      const a = `${site.origin}/a`;
      fake.enqueue(
        reply.toolUses([
          { name: "web_fetch", input: { url: a } },
          { name: "web_fetch", input: { url: a } },
        ]),
        reply.toolUse("web_fetch", { url: "https://denied.example/x" }),
        reply.text("# Report\n\nDone."),
      );
      const run = await explore([
        "--context",
        `Read ${a} and https://denied.example/x`,
        "--private-fetch-hosts",
        "127.0.0.1",
        "--max-fetches",
        "1",
        "--fetch-deny-hosts",
        "denied.example",
      ]);
      expect(run.code).toBe(0);
      expect(site.requests).toHaveLength(1);
      expect(JSON.stringify(blocksOf(fake.requests[1]))).toContain(
        "this run has used all 1 of its web_fetch calls",
      );
      expect(JSON.stringify(blocksOf(fake.requests[2]))).toContain(
        "denied.example is on the operator's deny list for web_fetch",
      );
    } finally {
      await site.close();
    }
  });

  it("names a bad web_fetch flag in one line, before any model call", async () => {
    const bad = await explore(["--private-fetch-hosts", "10.0.0.0/40"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe(
      'idea-explorer explore: --private-fetch-hosts: "10.0.0.0/40" is not a host name, an IP address or a CIDR range such as 10.0.0.0/8',
    );
    const host = await explore(["--fetch-allow-hosts", "https://example.com/"]);
    expect(host.code).toBe(2);
    expect(host.stderr).toMatch(/--fetch-allow-hosts.*not a host name/);
    expect(fake.requests).toHaveLength(0);
  });
});
