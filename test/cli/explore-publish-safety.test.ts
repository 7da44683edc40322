import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publishedMarkdown } from "../../src/research/publish/publish-research.ts";
import type { Removal } from "../../src/research/publish/removals.ts";
import {
  block,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { publishProblems, renderedHrefs } from "../helpers/gfm-render-check.ts";
import { CITED_ROWS, HOSTILE_PAGES, REPORT_ROWS, RETRIEVED } from "../helpers/hostile-markdown.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/**
 * The whole path as a user runs it: the fake Messages API answers one web search whose results
 * carry hostile titles and URLs, and a report holding every link, image and HTML form of the
 * table, some of its blocks citing the hostile pages natively. The committed research.md, read by
 * markdown-it, has no image, no raw HTML and no link outside the pages the search returned, and
 * exploration-log.json lists each removal.
 */
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

describe("idea-explorer explore: what it commits is safe to render (fake Anthropic API)", () => {
  it("sanitizes a hostile report and hostile search results", async () => {
    const hits = [RETRIEVED.report, RETRIEVED.planet, ...HOSTILE_PAGES];
    const report = [...REPORT_ROWS, ...CITED_ROWS].map((row) => row.markdown).join("\n\n");
    fake.enqueue(
      reply.webSearch("refill market", hits, {
        answer: [
          block.text(`# Refill stations\n\n${report}\n\n`),
          ...HOSTILE_PAGES.map((page, i) =>
            block.text(`Claim ${i + 1}. `, [block.cite(page, `claim ${i + 1}`)]),
          ),
        ],
      }),
    );
    const run = await runCli(["explore", "Refill stations in corner shops", "--json"], {
      cwd: repo.dir,
      env: { ...fake.env, ...GIT_IDENTITY },
    });

    expect(run.code, run.stderr).toBe(0);
    const folder = path.join(repo.dir, path.dirname(JSON.parse(run.stdout).path));
    const research = readFileSync(path.join(folder, "research.md"), "utf8");
    const [log] = JSON.parse(readFileSync(path.join(folder, "exploration-log.json"), "utf8")) as [
      { removed: Removal[]; sources: { url: string }[] },
    ];
    expect(
      publishProblems(
        research,
        hits.map((hit) => hit.url),
      ),
    ).toEqual([]);
    // Pages with a publishable URL are cited and listed, linked exactly as retrieved.
    const linked = new Set(renderedHrefs(research));
    expect(linked.size).toBeGreaterThanOrEqual(2 + HOSTILE_PAGES.filter((p) => !p.removed).length);
    for (const row of [...REPORT_ROWS, ...CITED_ROWS]) {
      for (const [kind, piece] of row.removed) {
        expect(log.removed, `${row.name}: ${kind} ${piece}`).toContainEqual({
          kind,
          value: expect.stringContaining(piece),
        });
      }
    }
    // A page whose URL cannot be published is logged if the search's result reached the run.
    for (const page of HOSTILE_PAGES.filter((p) => p.removed)) {
      if (!log.sources.some((s) => s.url === page.url)) continue;
      expect(log.removed).toContainEqual({
        kind: "source",
        value: expect.stringContaining(page.url.slice(0, 20)),
      });
    }
    expect(publishedMarkdown(research)).toBe(research);
  });
});
