import { readFileSync } from "node:fs";
import path from "node:path";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnthropicServer, reply, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { type SeedExploration, seedLibrary } from "../helpers/library-seed.ts";
import { GIT_IDENTITY, git, solarIdeasRepo } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";
import { connectMcp, type McpSession, textOf } from "./mcp-session.ts";

const OLD: SeedExploration = {
  idea: "Repair cafes with paid memberships",
  title: "Repair cafes",
  mode: "business",
  date: "2026-03-01",
  verdict: "Pursue with changes",
};

let repo: TempTree;
let fake: FakeAnthropicServer;
let session: McpSession;
let folder: string;

beforeEach(async () => {
  repo = await solarIdeasRepo();
  [folder] = seedLibrary(repo.dir, [OLD]) as [string];
  fake = await startFakeAnthropic();
  session = await connectMcp(["--repo", repo.dir], {
    cwd: repo.dir,
    env: { ...GIT_IDENTITY, ...fake.env },
  });
});

afterEach(async () => {
  await session.close();
  await fake.close();
  await repo.cleanup();
});

const commits = () => git(repo.dir, "rev-list", "--count", "HEAD").trim();

describe("mcp refresh_exploration (a real MCP client over stdio, fake Anthropic API)", () => {
  it("is listed as a paid, open-world, non-idempotent tool taking a folder or an idea and the limits", async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === "refresh_exploration");
    expect(tool?.annotations).toMatchObject({
      readOnlyHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    const properties = tool?.inputSchema.properties ?? {};
    expect(Object.keys(properties)).toEqual(
      expect.arrayContaining(["folder", "idea", "max_cost_usd"]),
    );
    for (const [name, schema] of Object.entries(properties)) {
      expect((schema as { description?: string }).description, name).toMatch(/\w{3,}/);
    }
    expect(tool?.inputSchema.additionalProperties).toBe(false);
  });

  it("refreshes the exploration named by its folder: one update in its research.md, one commit", async () => {
    fake.enqueue(reply.text("# Repair cafes\n\n### What changed\n\nMemberships now cost more."));
    const progress: string[] = [];
    const result = await session.call("refresh_exploration", { folder }, (p) =>
      progress.push(p.message ?? ""),
    );
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      status: "updated",
      path: `ideas/${folder}/research.md`,
    });
    expect(textOf(result)).toMatch(/^Updated ideas\//);
    expect(progress[0]).toMatch(/^Refreshing in business mode with /);
    const research = readFileSync(path.join(repo.dir, "ideas", folder, "research.md"), "utf8");
    expect(research).toMatch(/## Update - \d{4}-\d{2}-\d{2}/);
    expect(commits()).toBe("3");
    // The run was asked the exploration's own idea.
    expect(JSON.stringify(fake.requests[0]?.body)).toContain(OLD.idea);
  });

  it("finds the exploration by its idea too; an unknown one is a one-line error, and no run", async () => {
    const unknown = await session.call("refresh_exploration", { folder: "2026-01-01-nothing" });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^no exploration to refresh in ideas\/2026-01-01-nothing/);
    const noIdea = await session.call("refresh_exploration", { idea: "Something never explored" });
    expect(noIdea.isError).toBe(true);
    expect(textOf(noIdea)).toMatch(/no earlier exploration of this idea/);
    expect(fake.requests).toEqual([]);

    fake.enqueue(reply.text("# Repair cafes\n\n### What changed\n\nNothing much."));
    const byIdea = await session.call("refresh_exploration", { idea: OLD.idea.toUpperCase() });
    expect(byIdea.isError, textOf(byIdea)).toBeFalsy();
    expect(byIdea.structuredContent).toMatchObject({ path: `ideas/${folder}/research.md` });
  });

  it("refuses both or neither of folder and idea as invalid params", async () => {
    for (const args of [{}, { folder, idea: OLD.idea }]) {
      const error = await session.call("refresh_exploration", args).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
      expect((error as McpError).message).toMatch(/give either folder or idea/);
    }
  });
});
