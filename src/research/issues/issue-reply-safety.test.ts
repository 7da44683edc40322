import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { block, reply } from "../../../test/fakes/anthropic-server.ts";
import { publishProblems } from "../../../test/helpers/gfm-render-check.ts";
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
    },
  );

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
      expect(fileUrl).toMatch(/\/research\.md$/);
      expect(publishProblems(visible(answer), [fileUrl])).toEqual([]);
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
