import { ConfigError } from "../../config/config-error.ts";
import type { IssueTracker } from "../../store/issue-tracker.ts";
import { hasLabel, type IntakeLabels } from "./intake-labels.ts";

/**
 * Who may start a paid run from an issue. "collaborators" (the default): the issue's author is
 * an owner, member or collaborator, or whoever put the intake label on has triage rights or
 * more. "everyone": any labelled issue (an explicit opt-out, for a private repository whose
 * readers are all trusted). An issue form applies its labels for any author, so on a public
 * repository the label alone says nothing about who asked.
 */
export type TrustPolicy = "collaborators" | "everyone";
export const TRUST_POLICIES: readonly TrustPolicy[] = ["collaborators", "everyone"];

const TRUSTED_AUTHORS = new Set(["OWNER", "MEMBER", "COLLABORATOR"]);
/** Triage rights and above: the people GitHub itself lets put labels on issues. */
const LABELLING_PERMISSIONS = new Set(["triage", "write", "maintain", "admin"]);

export function trustPolicy(value: string | undefined, name = "--trust"): TrustPolicy {
  if (value === undefined) return "collaborators";
  const policy = TRUST_POLICIES.find((p) => p === value.trim().toLowerCase());
  if (!policy) {
    throw new ConfigError(`${name} must be one of ${TRUST_POLICIES.join(", ")}, got "${value}"`);
  }
  return policy;
}

/** What the decision rests on, as GitHub reports it. */
export interface TrustEvidence {
  /** The issue's `author_association`. */
  authorAssociation: string;
  /** Who put the intake label on (the webhook's sender, or the newest "labeled" event). */
  labeller?: string | undefined;
  /** Their permission on the repository (admin, maintain, write, triage, read, none). */
  labellerPermission?: string | undefined;
}

export type TrustDecision = { trusted: boolean; because: string };

/** The one rule every path (webhook, Actions, `issues`) applies. */
export function decideTrust(policy: TrustPolicy, evidence: TrustEvidence): TrustDecision {
  if (policy === "everyone") return { trusted: true, because: "every issue is trusted" };
  const association = evidence.authorAssociation.toUpperCase();
  if (TRUSTED_AUTHORS.has(association)) {
    return { trusted: true, because: `its author is ${association.toLowerCase()}` };
  }
  const permission = evidence.labellerPermission?.toLowerCase();
  if (evidence.labeller && permission && LABELLING_PERMISSIONS.has(permission)) {
    return { trusted: true, because: `${evidence.labeller} (${permission}) labelled it` };
  }
  const by = evidence.labeller
    ? `, labelled by ${evidence.labeller} (${permission ?? "none"})`
    : "";
  return { trusted: false, because: `its author is ${association.toLowerCase()}${by}` };
}

/**
 * Reads the evidence the rule needs, and no more: nothing under "everyone", nothing beyond the
 * issue for a trusted author, else the labeller (given by a webhook's sender, or read from the
 * issue's events) and their permission. An issue that is no longer waiting is left to the
 * claim, which refuses it with the reason.
 */
export async function checkIssueTrust(
  tracker: IssueTracker,
  issueNumber: number,
  options: { policy: TrustPolicy; labels: IntakeLabels; labeller?: string | undefined },
): Promise<TrustDecision> {
  if (options.policy === "everyone") return decideTrust("everyone", { authorAssociation: "" });
  const issue = await tracker.get(issueNumber);
  if (issue?.state !== "open" || !hasLabel(issue.labels, options.labels.intake)) {
    return { trusted: true, because: "not waiting: the claim decides" };
  }
  const byAuthor = decideTrust(options.policy, { authorAssociation: issue.authorAssociation });
  if (byAuthor.trusted) return byAuthor;
  const labeller =
    options.labeller ?? (await tracker.labelledBy(issueNumber, options.labels.intake));
  const labellerPermission = labeller ? await tracker.permissionOf(labeller) : undefined;
  return decideTrust(options.policy, {
    authorAssociation: issue.authorAssociation,
    labeller,
    labellerPermission,
  });
}
