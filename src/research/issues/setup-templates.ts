import { stringify } from "yaml";
import type { ResearchFile } from "../../store/research-store.ts";
import type { IntakeLabels } from "./intake-labels.ts";
import { FORM_FIELDS } from "./issue-form.ts";

export const ISSUE_FORM_PATH = ".github/ISSUE_TEMPLATE/idea.yml";
export const WORKFLOW_PATH = ".github/workflows/explore-ideas.yml";

/**
 * What `init github` writes into the ideas repository: the issue form people file ideas with
 * (it adds the intake label; its field labels are the sections the intake reads), and the
 * workflow that runs `idea-explorer issues` when that label is put on an issue. Both are built
 * as data and serialized, so any label name comes out as valid YAML.
 */
export function setupFiles(labels: IntakeLabels, version: string): ResearchFile[] {
  return [
    { path: ISSUE_FORM_PATH, content: issueForm(labels) },
    { path: WORKFLOW_PATH, content: workflow(labels, version) },
  ];
}

function issueForm(labels: IntakeLabels): string {
  const form = {
    name: "Idea",
    description: "Submit an idea: idea-explorer researches it and answers here with a link.",
    title: "Idea: ",
    labels: [labels.intake],
    body: [
      {
        type: "markdown",
        attributes: {
          value:
            "Describe the idea in a sentence or two. An agent searches the web, reads earlier research in this repository, commits `ideas/<date>-<slug>/research.md` and comments here with the link, the verdict and what it cost.",
        },
      },
      {
        type: "textarea",
        id: "idea",
        attributes: {
          label: FORM_FIELDS.idea,
          description: "What is the idea, in a sentence or two?",
          placeholder: "A solar-powered food dehydrator kit for market stalls",
        },
        validations: { required: true },
      },
      {
        type: "dropdown",
        id: "mode",
        attributes: {
          label: FORM_FIELDS.mode,
          description:
            "business: is it worth pursuing, with a verdict. exploration: 5-10 directions it could take.",
          options: ["business", "exploration"],
          default: 0,
        },
        validations: { required: true },
      },
      {
        type: "textarea",
        id: "context",
        attributes: {
          label: FORM_FIELDS.context,
          description:
            "Anything the research should know: who it is for, constraints, what you tried.",
        },
        validations: { required: false },
      },
      {
        type: "dropdown",
        id: "depth",
        attributes: {
          label: FORM_FIELDS.depth,
          description:
            "quick: one research run. deep: sub-questions researched in parallel (slower, costs more).",
          options: ["quick", "deep"],
          default: 0,
        },
        validations: { required: false },
      },
    ],
  };
  return `# Written by idea-explorer init github.\n${stringify(form, { lineWidth: 0 })}`;
}

function workflow(labels: IntakeLabels, version: string): string {
  const workflow = {
    name: "Explore ideas",
    on: {
      issues: { types: ["labeled"] },
      workflow_dispatch: {},
    },
    // Everything else is none: the run commits research and answers issues, nothing more.
    permissions: { contents: "write", issues: "write" },
    // One run at a time: each run takes every waiting issue, and a claim keeps two runs of one
    // issue apart anyway.
    concurrency: { group: "explore-ideas", "cancel-in-progress": false },
    jobs: {
      explore: {
        if: `github.event_name == 'workflow_dispatch' || github.event.label.name == '${labels.intake.replaceAll("'", "''")}'`,
        "runs-on": "ubuntu-latest",
        "timeout-minutes": 60,
        steps: [
          { uses: "actions/setup-node@v4", with: { "node-version": 24 } },
          {
            name: "Explore the issues labelled for intake",
            run: `npx --yes idea-explorer@${version} issues`,
            env: {
              ANTHROPIC_API_KEY: actions("secrets.ANTHROPIC_API_KEY"),
              GITHUB_TOKEN: actions("secrets.GITHUB_TOKEN"),
              GITHUB_REPO: actions("github.repository"),
              GITHUB_BRANCH: actions("github.event.repository.default_branch"),
              IDEA_EXPLORER_ISSUE_LABEL: labels.intake,
            },
          },
        ],
      },
    },
  };
  return `# Written by idea-explorer init github.\n${stringify(workflow, { lineWidth: 0 })}`;
}

/** A GitHub Actions expression, `${{ … }}`, evaluated by Actions when the step runs. */
function actions(expression: string): string {
  return `$\{{ ${expression} }}`;
}
