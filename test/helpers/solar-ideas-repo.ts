import { execFileSync } from "node:child_process";
import { block, type FakeAnthropicServer, reply } from "../fakes/anthropic-server.ts";
import { makeTempTree, type TempTree, type TreeSpec } from "./temp-tree.ts";

/**
 * The ideas repository the explore, MCP and tool tests share: a git repository holding one
 * earlier exploration, and a scripted exploration of a related idea that reads it and searches.
 */

/** A git identity for commits made by a child whose HOME holds no git config. */
export const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: "Test Author",
  GIT_AUTHOR_EMAIL: "author@example.test",
  GIT_COMMITTER_NAME: "Test Author",
  GIT_COMMITTER_EMAIL: "author@example.test",
};

/** Runs git in `dir` with the test identity; returns its stdout. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, ...GIT_IDENTITY },
  });
}

export const EARLIER_FOLDER = "2026-01-02-solar-dryer";
/** The earlier exploration as read_research names it (relative to ideas/). */
export const EARLIER_PATH = `${EARLIER_FOLDER}/research.md`;
export const EARLIER_TEXT = `---
title: Solar dryer
idea: A solar food dryer for smallholders
mode: business
fingerprint: 0000000000000000
---

# Solar dryer

Smallholders lose a third of their mango harvest.
`;
export const SOLAR_IDEA = "A solar-powered food dehydrator kit for market stalls";
export const SOLAR_HITS = [
  { url: "https://market.example/report", title: "Dehydrator market report" },
  { url: "https://news.example/stalls", title: "Market stalls go solar" },
] as const;

/** A temp git repository with `files` (default: the earlier exploration) in one "seed" commit. */
export async function gitTree(spec: TreeSpec = {}): Promise<TempTree> {
  const tree = await makeTempTree(spec);
  git(tree.dir, "init", "-q", "-b", "main");
  git(tree.dir, "add", ".");
  git(tree.dir, "commit", "-qm", "seed");
  return tree;
}

/** The ideas repository holding the earlier solar dryer exploration. */
export function solarIdeasRepo(): Promise<TempTree> {
  return gitTree({ files: { [`ideas/${EARLIER_PATH}`]: EARLIER_TEXT } });
}

/**
 * Two model turns: read_research on the earlier exploration, then a server-side web search
 * and the report (citing the first hit), each optionally after some narration. `tokensPerTurn`
 * fixes each turn's usage (instead of the fake's estimate), for an exact cost.
 */
export function scriptSolarExploration(
  fake: FakeAnthropicServer,
  options: {
    report?: string;
    narrate?: boolean;
    extra?: string;
    tokensPerTurn?: { input_tokens: number; output_tokens: number };
  } = {},
) {
  const [hit] = SOLAR_HITS;
  const report = options.report ?? "# Solar dehydrator kits\n\nDemand is growing.";
  const usage = options.tokensPerTurn ? { usage: options.tokensPerTurn } : {};
  fake.enqueue(
    reply.toolUse(
      "read_research",
      { path: EARLIER_PATH },
      {
        ...(options.narrate ? { narration: "Let me read the earlier research first." } : {}),
        ...usage,
      },
    ),
    reply.message(
      [
        ...(options.narrate ? [block.text("Now let me search the web.")] : []),
        ...block.webSearch("solar dehydrator market size", [...SOLAR_HITS]),
        block.text(report, [block.cite(hit, "Demand is growing")]),
        ...(options.extra ? [block.text(options.extra)] : []),
      ],
      usage,
    ),
  );
}
