import { stringify } from "yaml";
import type { ResearchFile } from "../../store/research-store.ts";
import type { SetupGroup } from "../../store/setup-files.ts";
import type { IntakeLabels } from "./intake-labels.ts";
import { BUNDLE_PATH, intakeWorkflow, WORKFLOW_PATH } from "./intake-workflow.ts";
import { FORM_FIELDS } from "./issue-form.ts";
import { REFRESH_WORKFLOW_PATH, refreshWorkflow } from "./refresh-workflow.ts";

export { BUNDLE_PATH, WORKFLOW_PATH } from "./intake-workflow.ts";
export { REFRESH_WORKFLOW_PATH } from "./refresh-workflow.ts";
export const ISSUE_FORM_PATH = ".github/ISSUE_TEMPLATE/idea.yml";

/**
 * What `init github` writes into the ideas repository: the issue form people file ideas with
 * (it adds the intake label; its field labels are the sections the intake reads), and, as one
 * group that is only ever written or kept together, the workflow that runs `idea-explorer
 * issues` when that label is put on an issue and `bundle`, the single-file build it runs, whose
 * SHA-256 it pins (and, with `schedule`, the weekly refresh workflow that pins it too). Form and workflow are built as data and serialized, so any label name comes
 * out as valid YAML.
 */
export function setupGroups(
  labels: IntakeLabels,
  bundle: string,
  options: { schedule?: boolean } = {},
): SetupGroup[] {
  return [
    [{ path: ISSUE_FORM_PATH, content: issueForm(labels) }],
    [
      { path: WORKFLOW_PATH, content: intakeWorkflow(labels, bundle) },
      // The scheduled refresh pins the same bundle: written when asked for (--schedule), and
      // otherwise replaced with the bundle wherever it is there, so it never pins an old one.
      {
        path: REFRESH_WORKFLOW_PATH,
        content: refreshWorkflow(bundle),
        ...(options.schedule ? {} : { onlyIfPresent: true }),
      },
      { path: BUNDLE_PATH, content: bundle },
    ],
  ];
}

/** Every set-up file, in the order they are listed (the refresh workflow when scheduled). */
export function setupFiles(
  labels: IntakeLabels,
  bundle: string,
  options: { schedule?: boolean } = {},
): ResearchFile[] {
  return setupGroups(labels, bundle, options)
    .flat()
    .filter((file) => !file.onlyIfPresent);
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
