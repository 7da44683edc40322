import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { block, reply } from "../../../test/fakes/anthropic-server.ts";
import { publishProblems, renderedHrefs } from "../../../test/helpers/gfm-render-check.ts";
import { githubReferences } from "../../../test/helpers/github-references.ts";
import { HOSTILE_PAGES, REPORT_ROWS, RETRIEVED } from "../../../test/helpers/hostile-markdown.ts";
import {
  INTAKE_LABEL,
  intakeComments,
  startIntakeWorld,
} from "../../../test/helpers/issue-intake-world.ts";
import type { Removal } from "../publish/removals.ts";
import { runIssueIntake } from "./issue-intake.ts";
import { replyBody } from "./issue-reply.ts";

const FILE_URL = "https://github.com/me/ideas/blob/main/ideas/2026-11-25-x/research.md";

/** The comment as GitHub renders it, without the product's own hidden outcome marker. */
function visible(body: string): string {
  return body.replace(/\n\n<!-- idea-explorer:[^\n]*-->$/, "");
}

describe("the answer comment, read by markdown-it", () => {
  it.each([...REPORT_ROWS.map((r) => r.markdown), ...HOSTILE_PAGES.map((p) => p.title)])(
    "shows model text and error messages as text only: %s",
    (text) => {
      const completed = replyBody(
        {
          kind: "completed",
          path: "ideas/2026-11-25-x/research.md",
          url: FILE_URL,
          summary: text.split("\n"),
          citedSources: 1,
          sources: 2,
        },
        "run-1",
        "idea",
      );
      const failed = replyBody({ kind: "failed", message: text }, "run-1", "idea");
      expect(publishProblems(visible(completed), [FILE_URL])).toEqual([]);
      expect(publishProblems(visible(failed), [])).toEqual([]);
      // One link, the product's own, to the committed research.md.
      expect(renderedHrefs(visible(completed))).toEqual([FILE_URL]);
      expect(renderedHrefs(visible(failed))).toEqual([]);
    },
  );

  // GitHub's own autolinks in a comment: mentions notify people, references link elsewhere.
  it.each([
    "Ask @octocat or @my-org/research-team about it",
    "Fixes #123, see GH-45 and gh-7",
    "Like octo-org/octo-repo#1 and octo-org/octo-repo@a5c3785",
    "Landed in a5c3785ed8d6a35868bc169f07e40e889087fd2e (short: a5c3785, upper: A5C3785ED)",
    "**Pursue** @octocat#12 [@x](#3) `@code` :rocket: :+1:",
  ])("mentions and references nobody: %s", (text) => {
    const completed = visible(
      replyBody(
        {
          kind: "completed",
          path: "ideas/2026-11-25-x/research.md",
          url: FILE_URL,
          summary: [text],
          citedSources: 1,
          sources: 2,
        },
        "run-1",
        "idea",
      ),
    );
    const failed = visible(replyBody({ kind: "failed", message: text }, "run-1", "idea"));
    const shown = (body: string) => body.replace(`(${FILE_URL})`, "");
    expect(githubReferences(shown(completed))).toEqual([]);
    expect(githubReferences(shown(failed))).toEqual([]);
    expect(renderedHrefs(completed)).toEqual([FILE_URL]);
    // Emoji shortcodes are no link and stay as written.
    if (text.includes(":rocket:")) expect(completed).toContain(":rocket: :+1:");
  });

  it("links the research file only when its address is http(s)", () => {
    const body = replyBody(
      { kind: "duplicate", path: "ideas/a/research.md", url: "javascript:alert(1)" },
      "run-1",
      "idea",
    );
    expect(publishProblems(visible(body), [])).toEqual([]);
    expect(body).toMatch(/^♻️ Already explored: ideas\/a\/research\.md\. /);
  });
});

describe("an issue explored from a hostile report (fake GitHub and Anthropic)", () => {
  it("answers with a comment that loads nothing and links only the research file", async () => {
    const verdict = [
      "**Pursue** ![x](https://evil.example/v.png?leak=1) <img src=https://evil.example/i.png> [click](https://evil.example/c) [js](javascript:alert(1))",
      "See www.evil.example/w?leak=1, mail leak@evil.example, <https://evil.example/a> or [r][r].",
      "Also <!-- hidden --> <details> ![[1]](https://market.example/refill-2026)",
      "",
      "[r]: https://evil.example/ref",
    ].join("\n");
    const world = await startIntakeWorld({
      secondaryRateLimit: false,
      answer: () =>
        reply.message([
          ...block.webSearch("refill market", [RETRIEVED.report]),
          block.text(`# Refills\n\n## Market\n\nGrowing.\n\n## Verdict\n\n${verdict}`, [
            block.cite(RETRIEVED.report, "Growing"),
          ]),
        ]),
    });
    try {
      world.repo.issues.add({ title: "Refill stations in corner shops", labels: [INTAKE_LABEL] });
      const [result] = await runIssueIntake(world.deps(), {
        signal: new AbortController().signal,
        newRunId: randomUUID,
        announce: () => {},
      });
      expect(result?.status).toBe("completed");

      const answer = intakeComments(world.repo, 1).at(-1)?.body ?? "";
      const fileUrl = /^✅ Explored: \[[^\]]*\]\((\S+)\)/.exec(answer)?.[1] ?? "";
      expect(fileUrl).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/me\/ideas\/blob\/main\/ideas\/[\w-]+\/research\.md$/,
      );
      expect(publishProblems(visible(answer), [fileUrl])).toEqual([]);
      expect(renderedHrefs(visible(answer))).toEqual([fileUrl]);
      // The verdict still reads, as text.
      expect(answer).toContain("> Pursue x \\<img src=\\> click js");
      expect(answer).not.toContain("evil.example");

      // The committed file is safe too, and its log lists what was taken out.
      const folder = fileUrl.replace(/^.*\/blob\/main\//, "").replace(/\/research\.md$/, "");
      const research = world.repo.readFile(`${folder}/research.md`) ?? "";
      expect(publishProblems(research, [RETRIEVED.report.url])).toEqual([]);
      const [entry] = JSON.parse(world.repo.readFile(`${folder}/exploration-log.json`) ?? "[]") as [
        { removed: Removal[] },
      ];
      expect(entry.removed.map((r) => r.kind)).toEqual(
        expect.arrayContaining([
          "image",
          "html",
          "link",
          "autolink",
          "email",
          "reference",
          "scheme",
        ]),
      );
    } finally {
      await world.close();
    }
  });
});
