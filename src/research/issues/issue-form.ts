import { cleanUntrustedText } from "../../config/clean-text.ts";
import {
  type ExploreRequest,
  type ExploreRequestInput,
  parseExploreRequest,
} from "../../config/explore-request.ts";
import type { TrackedIssue } from "../../store/issue-tracker.ts";

/** The fields of the issue form, by the id each has in the template, in its order. */
export const FORM_FIELDS = {
  idea: "Idea",
  mode: "Mode",
  context: "Context",
  depth: "Depth",
} as const;

export type FormField = keyof typeof FORM_FIELDS;

/** A free-text body becomes the context, cut to what a context may hold. */
const MAX_FREE_TEXT = 10_000;
/** What GitHub writes for an optional field left empty. */
const NO_RESPONSE = "_No response_";
/** The issue form's title prefix, taken off when the title stands in for the idea. */
const TITLE_PREFIX = /^\s*\[?idea\]?\s*:\s*/i;

/** Everything of the request but what the issue gives: the runner's model, limits, budget. */
export type IssueRequestDefaults = Omit<
  ExploreRequestInput,
  "idea" | "mode" | "context" | "depth" | "update" | "force" | "continueFrom"
>;

/**
 * The fields of an issue form's body. GitHub renders a submitted form as "### <label>" sections
 * in the form's order, each followed by the answer ("_No response_" when an optional one was left
 * empty); a dropdown's answer is the option's text. Unknown sections are ignored.
 */
export function parseIssueForm(body: string): Partial<Record<FormField, string>> {
  const fields: Partial<Record<FormField, string>> = {};
  const byLabel = new Map(
    Object.entries(FORM_FIELDS).map(([key, label]) => [label.toLowerCase(), key as FormField]),
  );
  const sections = body
    .replace(/\r\n/g, "\n")
    .split(/^###[ \t]+/m)
    .slice(1);
  for (const section of sections) {
    const newline = section.indexOf("\n");
    const heading = (newline < 0 ? section : section.slice(0, newline)).trim().toLowerCase();
    const field = byLabel.get(heading);
    if (!field || fields[field] !== undefined) continue;
    const value = (newline < 0 ? "" : section.slice(newline + 1)).trim();
    if (value !== "" && value !== NO_RESPONSE) fields[field] = value;
  }
  return fields;
}

/**
 * The exploration an issue asks for: the form's idea (or, for an issue without the form, its
 * title, with any body as context), mode, context and depth, over the runner's defaults.
 * Throws ConfigError with the field named as the form names it, e.g. "Mode must be…".
 *
 * Anyone can write an issue, and the job that answers it has nobody to ask for a fixed copy:
 * control characters and escape sequences in the title and body (pasted terminal output, a
 * Windows line break) are cleaned away rather than refused (see cleanUntrustedText), so the
 * request never fails on them and the model, the commit and the reply never see them.
 */
export function issueRequest(
  issue: TrackedIssue,
  defaults: IssueRequestDefaults = {},
): ExploreRequest {
  const body = cleanUntrustedText(issue.body);
  const form = parseIssueForm(body);
  const hasForm = Object.keys(form).length > 0;
  const title = ideaTitle(issue.title);
  const freeText = hasForm ? undefined : body.trim().slice(0, MAX_FREE_TEXT) || undefined;
  return parseExploreRequest(
    {
      ...defaults,
      idea: form.idea ?? title,
      ...(form.mode ? { mode: firstWord(form.mode) } : {}),
      ...((form.context ?? freeText) ? { context: form.context ?? freeText } : {}),
      ...(form.depth ? { depth: firstWord(form.depth) } : {}),
    },
    { idea: "Idea", mode: "Mode", context: "Context", depth: "Depth" },
  );
}

/** The issue's title without the form's "Idea: " prefix, cleaned like the body. */
export function ideaTitle(title: string): string {
  return cleanUntrustedText(title).replace(TITLE_PREFIX, "").trim();
}

/** "Business (a verdict)" → "business": the option's leading word is its value. */
function firstWord(answer: string): string {
  return (answer.trim().split(/[\s:(—-]/)[0] ?? "").toLowerCase();
}
