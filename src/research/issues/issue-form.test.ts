import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { TrackedIssue } from "../../store/issue-tracker.ts";
import { intakeLabels } from "./intake-labels.ts";
import { ideaTitle, issueRequest, parseIssueForm } from "./issue-form.ts";
import { summarizeResearch } from "./report-summary.ts";
import { ISSUE_FORM_PATH, setupFiles } from "./setup-templates.ts";

const issue = (title: string, body: string): TrackedIssue => ({
  number: 7,
  title,
  body,
  state: "open",
  labels: ["idea"],
  url: "https://github.com/me/ideas/issues/7",
  author: "octocat",
  authorAssociation: "OWNER",
});

/** A body as GitHub renders a submitted form: "### <label>" and the answer, in form order. */
function rendered(answers: Record<string, string>): string {
  const form = parseYaml(
    setupFiles(intakeLabels(), "1.0.0").find((f) => f.path === ISSUE_FORM_PATH)!.content,
  );
  return (form.body as { id?: string; attributes: { label: string } }[])
    .filter((field) => field.id)
    .map((field) => `### ${field.attributes.label}\n\n${answers[field.id!] ?? "_No response_"}`)
    .join("\n\n");
}

describe("the issue form", () => {
  it("reads every field of the form init github writes", () => {
    const body = rendered({
      idea: "Solar dryers\nfor market stalls",
      mode: "exploration",
      context: "Stallholders in Lagos.",
      depth: "deep",
    });
    expect(issueRequest(issue("Idea: anything", body))).toMatchObject({
      idea: "Solar dryers\nfor market stalls",
      mode: "exploration",
      context: "Stallholders in Lagos.",
      depth: "deep",
    });
  });

  it("leaves out the optional fields left empty, and keeps the runner's defaults", () => {
    const request = issueRequest(issue("x", rendered({ idea: "Refills", mode: "business" })), {
      maxSteps: 9,
      model: "opus",
    });
    expect(request).toMatchObject({
      idea: "Refills",
      mode: "business",
      maxSteps: 9,
      model: "opus",
    });
    expect(request.context).toBeUndefined();
    expect(request.depth).toBeUndefined();
  });

  it("takes the title (without the form's prefix) when there is no form, the body as context", () => {
    expect(issueRequest(issue("Idea: Refill stations", ""))).toMatchObject({
      idea: "Refill stations",
      mode: "business",
    });
    expect(issueRequest(issue("[Idea]: Refills", "For corner shops.")).context).toBe(
      "For corner shops.",
    );
  });

  it("names the form's field in a bad answer, in one line", () => {
    expect(() => issueRequest(issue("x", rendered({ idea: "Refills", mode: "sideways" })))).toThrow(
      /^Mode: must be "business" or "exploration"/,
    );
    expect(() => issueRequest(issue("   ", ""))).toThrow(/^Idea: must not be empty/);
  });

  it("cleans control characters out of a form's answers instead of refusing the issue", () => {
    const body = rendered({
      idea: "\u001b[31mSolar dryers\u001b[0m\nfor market stalls",
      mode: "exploration",
      context: "pasted\u0000 log\u009b2J\rnext line \ud800",
    }).replace(/\n/g, "\r\n");
    expect(issueRequest(issue("Idea: anything", body))).toMatchObject({
      idea: "Solar dryers\nfor market stalls",
      mode: "exploration",
      context: "pasted log\nnext line \ufffd",
    });
  });

  it("cleans the title and a free-text body the same way", () => {
    const request = issueRequest(issue("\u001b]0;pwned\u0007Refill\rstations", "a\u0007b\r\nc"));
    expect(request).toMatchObject({ idea: "Refill\nstations", context: "ab\nc" });
    expect(ideaTitle("Idea: \u001b[1mBold\u001b[0m")).toBe("Bold");
  });

  it("ignores sections it does not know and a repeated one", () => {
    expect(parseIssueForm("### Notes\n\nhi\n\n### Idea\n\nA\n\n### Idea\n\nB")).toEqual({
      idea: "A",
    });
  });
});

describe("the research in three lines", () => {
  const doc = (body: string) =>
    `---\ntitle: T\n---\n\n# T\n\n${body}\n\n## Sources\n\n1. [A](https://a.example)\n`;

  it("gives a business analysis's verdict without markers or links", () => {
    const markdown = doc(
      "## Market\n\nBig.\n\n## Verdict\n\n**Pursue with changes**\n\n- Demand is real.[[1]](https://a.example)\n- See [the study](https://a.example).\n- Margins are thin.\n- A fourth reason.",
    );
    expect(summarizeResearch(markdown, "business")).toEqual([
      "Pursue with changes",
      "Demand is real.",
      "See the study.",
    ]);
  });

  it("names an exploration's directions and the most promising one", () => {
    const markdown = doc(
      "## 1. Kits\n\nx\n\n## 2. Rentals\n\ny\n\n## Most promising\n\nRentals: they need no capital.\n\nFirst experiment: a week at one market.",
    );
    expect(summarizeResearch(markdown, "exploration")).toEqual([
      "2 directions: Kits · Rentals",
      "Rentals: they need no capital.",
      "First experiment: a week at one market.",
    ]);
  });
});
