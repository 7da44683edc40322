import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  publishProblems,
  renderedHrefs,
  renderGfm,
} from "../../../test/helpers/gfm-render-check.ts";
import {
  CITED_ROWS,
  HOSTILE_PAGES,
  type HostileRow,
  REPORT_ROWS,
  RETRIEVED,
} from "../../../test/helpers/hostile-markdown.ts";
import { ISOLATED_GIT_ENV, isolatedGit } from "../../../test/helpers/isolated-git.ts";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { citationPlaceholder } from "../../agent/citation-placeholder.ts";
import { parseExploreRequest } from "../../config/explore-request.ts";
import { LocalStore } from "../../store/local-store.ts";
import { commitExploration } from "../explore/commit-exploration.ts";
import type { ResearchOutcome } from "../explore/research-outcome.ts";
import { fingerprintIdea, slugifyIdea } from "../idea-identity.ts";
import type { Source } from "../source-links.ts";
import { publishedMarkdown } from "./publish-research.ts";
import type { Removal } from "./removals.ts";

/**
 * Each form goes through the real commit (citedReport → numbering → publishResearch → render →
 * LocalStore), and the committed research.md is read by markdown-it, a different parser from the
 * one that sanitizes: no image, no raw HTML, no link but to a retrieved page, every removal in
 * exploration-log.json, and the file its own fixed point.
 */
let tree: TempTree;
let store: LocalStore;
beforeAll(async () => {
  tree = await makeTempTree({ files: { "README.md": "seed\n" } });
  isolatedGit(tree.dir, "init", "-q", "-b", "main");
  isolatedGit(tree.dir, "add", ".");
  isolatedGit(tree.dir, "commit", "-qm", "seed");
  store = new LocalStore({ root: tree.dir, git: { env: ISOLATED_GIT_ENV } });
});
afterAll(() => tree.cleanup());

let runs = 0;
async function commitReport(report: string, sources: Source[]) {
  const idea = `Hostile markdown case ${++runs}`;
  const folder = `ideas/2026-11-25-${slugifyIdea(idea)}`;
  const outcome: ResearchOutcome = {
    report,
    model: "claude-test",
    startedAt: "2026-11-25T10:00:00.000Z",
    endedAt: "2026-11-25T10:01:00.000Z",
    steps: 1,
    stoppedBy: "end",
    usage: {
      inputTokens: 1,
      outputTokens: 1,
      totalTokens: 2,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    },
    limits: { maxSteps: 5, tokenBudget: 100_000, maxOutputTokens: 16_384 },
    toolCalls: [],
    sources,
  };
  const committed = await commitExploration(
    {
      request: parseExploreRequest({ idea }),
      requestedAt: outcome.startedAt,
      runId: `run-${runs}`,
    },
    {
      action: "explore",
      isUpdate: false,
      folder,
      date: "2026-11-25",
      fingerprint: fingerprintIdea(idea),
      priorResearch: [],
    },
    outcome,
    store,
  );
  const research = (await store.readText(committed.researchPath)) as string;
  const log = JSON.parse((await store.readText(committed.logPath)) as string) as [
    { removed?: Removal[]; removedLinks?: string[] },
  ];
  return { research, log: log[0] };
}

function expectLogged(removed: Removal[] | undefined, expected: HostileRow["removed"]) {
  for (const [kind, piece] of expected) {
    expect(removed, `${kind} ${piece}`).toContainEqual({
      kind,
      value: expect.stringContaining(piece),
    });
  }
}

const retrieved = [RETRIEVED.report, RETRIEVED.planet];
const retrievedUrls = retrieved.map((s) => s.url);

describe("published research.md, read by markdown-it", () => {
  it.each(REPORT_ROWS)("a report with $name", async (row) => {
    const { research, log } = await commitReport(
      `# Case\n\nA fact.[[cite]](${RETRIEVED.report.url})\n\n${row.markdown}\n\nClosing words.`,
      retrieved,
    );
    expect(publishProblems(research, retrievedUrls)).toEqual([]);
    expectLogged(log.removed, row.removed);
    expect(publishedMarkdown(research)).toBe(research);
  });

  it.each(CITED_ROWS)("a report with $name keeps it as a citation", async (row) => {
    const { research, log } = await commitReport(`# Case\n\n${row.markdown}`, retrieved);
    expect(publishProblems(research, retrievedUrls)).toEqual([]);
    // The citation's marker and the page's Sources entry, both to the retrieved page.
    expect(renderedHrefs(research).filter((h) => !h.includes("wikipedia")).length).toBeGreaterThan(
      0,
    );
    expect(research).toMatch(/\[\[1\]\]\(https:\/\/(market\.example|en\.wikipedia)/);
    expectLogged(log.removed, row.removed);
    expect(publishedMarkdown(research)).toBe(research);
  });

  it.each(HOSTILE_PAGES)(
    "a retrieved page's $name stays inside its Sources entry",
    async (page) => {
      const consulted = { title: page.title, url: "https://pages.example/consulted" };
      const { research, log } = await commitReport(
        `# Case\n\nA claim.${citationPlaceholder(page.url)} Another.${citationPlaceholder(RETRIEVED.report.url)}`,
        [RETRIEVED.report, { title: page.title, url: page.url }, consulted],
      );
      const urls = [RETRIEVED.report.url, page.url, consulted.url];
      expect(publishProblems(research, urls)).toEqual([]);
      // The title is shown as the text it is, in the numbered list and under "Also consulted".
      const title = page.title.replace(/\s+/g, " ").trim();
      const html = renderGfm(research);
      const shown = [...html.matchAll(/<li><a href="[^"]*">(.*?)<\/a><\/li>/g)].map(([, t = ""]) =>
        t
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, "&"),
      );
      expect(shown).toContain(title);
      if (page.removed) {
        expectLogged(log.removed, page.removed);
        expect(research).not.toContain(page.url);
      } else {
        // Cited, so numbered: the marker and the entry link the page as it was retrieved.
        expect(
          renderedHrefs(research).filter((h) => h.startsWith("https://pages.example/")).length,
        ).toBeGreaterThanOrEqual(3);
      }
      expect(publishedMarkdown(research)).toBe(research);
    },
  );

  it("rebuilds an update's earlier sections too, and logs what it took from them", async () => {
    const idea = "Hostile markdown update";
    const folder = `ideas/2026-11-25-${slugifyIdea(idea)}`;
    const handWritten = [
      "---",
      "title: Old",
      `idea: ${idea}`,
      "mode: business",
      "model: old",
      "date: 2026-11-20",
      `fingerprint: ${fingerprintIdea(idea)}`,
      "sources: 1",
      "---",
      "",
      "# Old",
      "",
      `Earlier.[[1]](${RETRIEVED.report.url}) ![pixel](https://evil.example/old.png) <b>bold</b>`,
      "",
      "## Sources",
      "",
      `1. [Old <img src=x>](${RETRIEVED.report.url})`,
      "",
    ].join("\n");
    await store.commitOnHead(async () => ({
      kind: "commit",
      files: [{ path: `${folder}/research.md`, content: handWritten }],
      message: "hand-written",
      value: null,
    }));
    const outcome: ResearchOutcome = {
      report: "# Old\n\nNew facts.",
      model: "claude-test",
      startedAt: "2026-11-26T10:00:00.000Z",
      endedAt: "2026-11-26T10:01:00.000Z",
      steps: 1,
      stoppedBy: "end",
      usage: {
        inputTokens: 1,
        outputTokens: 1,
        totalTokens: 2,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
      },
      limits: { maxSteps: 5, tokenBudget: 100_000, maxOutputTokens: 16_384 },
      toolCalls: [],
      sources: [RETRIEVED.report],
    };
    const committed = await commitExploration(
      {
        request: parseExploreRequest({ idea, update: true }),
        requestedAt: outcome.startedAt,
        runId: "run-update",
      },
      {
        action: "explore",
        isUpdate: true,
        folder,
        date: "2026-11-26",
        fingerprint: fingerprintIdea(idea),
        priorResearch: [],
        previous: { path: `${folder}/research.md`, content: handWritten },
      },
      outcome,
      store,
    );
    const research = (await store.readText(committed.researchPath)) as string;
    const [entry] = JSON.parse((await store.readText(committed.logPath)) as string);
    expect(publishProblems(research, [RETRIEVED.report.url])).toEqual([]);
    expect(research).toContain(`Earlier.[[1]](${RETRIEVED.report.url}) pixel \\<b\\>bold\\</b\\>`);
    expect(research).toContain(`1. [Old \\<img src=x\\>](${RETRIEVED.report.url})`);
    expectLogged(entry.removed, [
      ["image", "evil.example/old.png"],
      ["html", "<b>"],
    ]);
    expect(publishedMarkdown(research)).toBe(research);
  });
});
