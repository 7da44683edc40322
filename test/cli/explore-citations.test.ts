import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  block,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/**
 * Anthropic's web search answers in many text blocks, the ones that state a fact carrying
 * `web_search_result_location` citations; research.md turns each into a numbered marker.
 */
const IDEA = "Refill stations for cleaning products in corner shops";
const tips = { url: "https://blog.example/refill-tips", title: "Ten refill tips" };
const rival = { url: "https://rival.example/ecorefill", title: "EcoRefill raises $4M" };
const survey = { url: "https://survey.example/refill-2026", title: "Refill survey 2026" };
const prices = { url: "https://news.example/refill-prices", title: "Refill prices fall" };

let repo: TempTree;
let fake: FakeAnthropicServer;

beforeEach(async () => {
  repo = await gitTree({ files: { "README.md": "ideas\n" } });
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

const explore = (...args: string[]) =>
  runCli(["explore", IDEA, "--json", ...args], {
    cwd: repo.dir,
    env: { ...fake.env, ...GIT_IDENTITY },
  });

function readRun(result: { path: string }) {
  const folder = path.join(repo.dir, path.dirname(result.path));
  const research = readFileSync(path.join(folder, "research.md"), "utf8");
  const [, body = "", sources = ""] =
    /^---\n[\s\S]*?\n---\n\n([\s\S]*?)\n\n(## Sources\n[\s\S]*)$/.exec(research) ?? [];
  const log = JSON.parse(readFileSync(path.join(folder, "exploration-log.json"), "utf8"));
  return { research, body, sources, log };
}

/** Each marker "[[n]](url)" of the body, checked against the numbered Sources list. */
function markers(body: string, sources: string) {
  const numbered = [...sources.matchAll(/^(\d+)\. \[[^\]]*\]\((\S+)\)$/gm)].map((m) => m[2]);
  return [...body.matchAll(/\[\[(\d+)\]\]\(([^)]+)\)/g)].map(([, n, url]) => {
    expect(numbered[Number(n) - 1]).toBe(url);
    return url;
  });
}

describe("idea-explorer explore: citations (fake Anthropic API)", () => {
  it("puts a numbered marker after each cited block and numbers Sources by first citation", async () => {
    fake.enqueue(
      reply.webSearch("refill station market", [tips, rival, survey], {
        narration: "Let me search for the refill market.",
        answer: [
          block.text("# Refill stations\n\n## Market\n\n"),
          block.text("62% of shoppers would refill detergent", [block.cite(survey, "62%")]),
          block.text(" and EcoRefill raised $4M in 2026.", [
            block.cite(rival, "raised $4M"),
            block.cite(survey, "2026"),
          ]),
          block.text("\n\n## Verdict\n\nCompetition is thin (see "),
          block.text("[a blog](https://invented.example/post)).\n\n"),
          block.text("EcoRefill is the only chain.", [block.cite(rival, "only chain")]),
        ],
      }),
    );
    const run = await explore();

    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    const { body, sources, log } = readRun(result);
    expect(body).toBe(
      "# Refill stations\n\n## Market\n\n" +
        `62% of shoppers would refill detergent[[1]](${survey.url}) and EcoRefill raised $4M in 2026.[[1]](${survey.url})[[2]](${rival.url})\n\n` +
        "## Verdict\n\nCompetition is thin (see a blog).\n\n" +
        `EcoRefill is the only chain.[[2]](${rival.url})`,
    );
    expect(sources).toBe(
      `## Sources\n\n1. [Refill survey 2026](${survey.url})\n2. [EcoRefill raises $4M](${rival.url})\n\n` +
        `### Also consulted\n\n- [Ten refill tips](${tips.url})\n`,
    );
    // Every marker points at a page the search returned, by its number in Sources.
    const retrieved = [tips, rival, survey].map((hit) => hit.url);
    for (const url of markers(body, sources)) expect(retrieved).toContain(url);

    expect(log[0]).toMatchObject({
      citations: {
        markers: 4,
        citedSources: 2,
        consultedSources: 1,
        paragraphs: 3,
        paragraphsWithCitation: 2,
      },
      removedLinks: ["https://invented.example/post"],
    });
    expect(result.stats).toMatchObject({ sources: 3, citedSources: 2, consultedSources: 1 });
    expect(run.stderr).toMatch(/Wrote \S+research\.md.*cited 2 of 3 sources/);
  });

  it("--update continues the numbering: an old page keeps its number, a new page takes the next", async () => {
    fake.enqueue(
      reply.webSearch("refill station market", [survey, tips], {
        answer: [
          block.text("# Refill stations\n\n"),
          block.text("62% would refill.", [block.cite(survey, "62%")]),
        ],
      }),
    );
    expect((await explore()).code).toBe(0);
    fake.enqueue(
      reply.webSearch("refill prices 2026", [prices, survey], {
        answer: [
          block.text("# Refill stations\n\n"),
          block.text("Prices fell 10%", [block.cite(prices, "fell 10%")]),
          block.text(" while demand held at 62%.", [block.cite(survey, "62%")]),
        ],
      }),
    );
    const run = await explore("--update");

    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.status).toBe("updated");
    const { body, sources, log } = readRun(result);
    expect(body.replace(/\d{4}-\d{2}-\d{2}/, "<date>")).toBe(
      `# Refill stations\n\n62% would refill.[[1]](${survey.url})\n\n` +
        "## Update - <date>\n\n### Refill stations\n\n" +
        `Prices fell 10%[[2]](${prices.url}) while demand held at 62%.[[1]](${survey.url})`,
    );
    expect(sources).toBe(
      `## Sources\n\n1. [Refill survey 2026](${survey.url})\n2. [Refill prices fall](${prices.url})\n\n` +
        `### Also consulted\n\n- [Ten refill tips](${tips.url})\n`,
    );
    markers(body, sources);
    expect(log[1].citations).toEqual({
      markers: 2,
      citedSources: 2,
      consultedSources: 0,
      paragraphs: 1,
      paragraphsWithCitation: 1,
    });
    expect(run.stderr).toMatch(/Updated \S+research\.md.*cited 2 of 2 sources/);
  });
});
