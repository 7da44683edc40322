import { block, type FakeAnthropicServer, reply } from "../fakes/anthropic-server.ts";
import { type FakeGitHub, type FakeRepo, startFakeGitHub } from "../fakes/github-server.ts";

/**
 * The GitHub side the explore and MCP tests share: a fake GitHub holding me/ideas with one
 * earlier exploration, a token that may push to it, and a scripted exploration that reads it.
 */
export const GITHUB_TOKEN = "ghp_cliTestToken0000000000000000000000";
export const REFILL_IDEA = "Refill stations for eco cleaning products in corner shops";
export const REFILL_EARLIER = "ideas/2026-03-01-eco-refills/research.md";
export const REFILL_HIT = { url: "https://refill.example/study", title: "Refill study" };

export async function refillIdeasOnGitHub(): Promise<{ github: FakeGitHub; repo: FakeRepo }> {
  const github = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: {} } });
  const repo = github.addRepo("me/ideas", {
    files: {
      [REFILL_EARLIER]: "---\ntitle: Eco refills\n---\n\n# Eco refills\n\nMargins are thin.\n",
    },
  });
  return { github, repo };
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
