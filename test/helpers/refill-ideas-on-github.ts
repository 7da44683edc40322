import {
  block,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { type FakeGitHub, type FakeRepo, startFakeGitHub } from "../fakes/github-server.ts";
import { makeTempTree, type TempTree } from "./temp-tree.ts";

/**
 * The GitHub side the explore and MCP tests share: a fake GitHub holding me/ideas with one
 * earlier exploration, a token that may push to it, and a scripted exploration that reads it.
 */
export const GITHUB_TOKEN = "ghp_cliTestToken0000000000000000000000";
export const REFILL_IDEA = "Refill stations for eco cleaning products in corner shops";
export const REFILL_EARLIER = "ideas/2026-03-01-eco-refills/research.md";
export const REFILL_HIT = { url: "https://refill.example/study", title: "Refill study" };

/** Everything a GitHub-backed CLI test runs against, and the environment that points at it. */
export interface RefillWorld {
  github: FakeGitHub;
  repo: FakeRepo;
  fake: FakeAnthropicServer;
  /** An empty working folder: nothing may be written to it. */
  cwd: TempTree;
  /** The API keys and URLs of the fakes; `token` replaces the GitHub token. */
  env(token?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startRefillWorld(): Promise<RefillWorld> {
  const github = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: {} } });
  const repo = github.addRepo("me/ideas", {
    files: {
      [REFILL_EARLIER]: "---\ntitle: Eco refills\n---\n\n# Eco refills\n\nMargins are thin.\n",
    },
  });
  const fake = await startFakeAnthropic();
  const cwd = await makeTempTree({});
  return {
    github,
    repo,
    fake,
    cwd,
    env: (token = GITHUB_TOKEN) => ({
      ...fake.env,
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: token,
    }),
    close: async () => {
      await Promise.all([github.close(), fake.close(), cwd.cleanup()]);
    },
  };
}

/** read_research on the earlier exploration, then a web search and a report citing it. */
export function scriptRefillExploration(fake: FakeAnthropicServer) {
  fake.enqueue(
    reply.toolUse("read_research", { path: REFILL_EARLIER.replace(/^ideas\//, "") }),
    reply.message([
      ...block.webSearch("refill station economics", [REFILL_HIT]),
      block.text("# Corner-shop refills\n\nRefills cut packaging costs.", [
        block.cite(REFILL_HIT, "cut packaging"),
      ]),
    ]),
  );
}
