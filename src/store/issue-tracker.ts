/** An issue as the intake reads it (a plain object: a workflow step may return it). */
export type TrackedIssue = {
  number: number;
  title: string;
  /** The body as written (an issue form renders "### Field" sections); "" when empty. */
  body: string;
  state: "open" | "closed";
  /** Label names, as the issue carries them. */
  labels: string[];
  /** The issue's web page. */
  url: string;
  /** Who filed it, and how they relate to the repository (OWNER, MEMBER, COLLABORATOR, NONE…). */
  author: string;
  authorAssociation: string;
};

export type TrackedComment = {
  id: number;
  body: string;
  author: string;
  /** When GitHub says it was written (ISO 8601): how old a claim is. */
  createdAt: string;
  /**
   * Written by a bot or by someone with a say in the repository (owner, member, collaborator):
   * only such comments count as a run's claim or answer, so a passer-by cannot fake one.
   */
  trusted: boolean;
};

/** A label the intake uses, as `init github` creates it. */
export interface LabelSpec {
  name: string;
  /** Six hex digits, no "#". */
  color: string;
  description: string;
}

/**
 * The issues of the ideas repository. Every list is read whole (all pages); a failure is a
 * StoreError whose message is one safe line, rate limits handled as the store handles them.
 */
export interface IssueTracker {
  /** "owner/repo", for messages. */
  readonly description: string;
  /** Open issues that carry `label` (not pull requests), oldest first. */
  listOpen(label: string): Promise<TrackedIssue[]>;
  /** The issue, or undefined when there is none with that number (or it is a pull request). */
  get(issueNumber: number): Promise<TrackedIssue | undefined>;
  /** Comments on the issue, oldest first. */
  comments(issueNumber: number): Promise<TrackedComment[]>;
  comment(issueNumber: number, body: string): Promise<TrackedComment>;
  /** Deletes a comment; one that is already gone is no failure. */
  deleteComment(commentId: number): Promise<void>;
  addLabels(issueNumber: number, labels: string[]): Promise<void>;
  /** Takes a label off the issue; a label it does not carry is no failure. */
  removeLabel(issueNumber: number, label: string): Promise<void>;
  /** Sets the issue's whole label set and, when given, its state, in one request. */
  update(
    issueNumber: number,
    change: { labels: string[]; state?: "open" | "closed" },
  ): Promise<void>;
  /** Who last put `label` on the issue (its newest "labeled" event), if anyone did. */
  labelledBy(issueNumber: number, label: string): Promise<string | undefined>;
  /**
   * What `login` may do in the repository: admin, maintain, write, triage, read or none (a
   * custom role reads as the base permission GitHub gives it; an unknown user as none).
   */
  permissionOf(login: string): Promise<string>;
  /** Whether anyone may read the repository and file issues in it (its visibility is public). */
  isPublic(): Promise<boolean>;
  /** Creates the labels the repository lacks; returns the names created. */
  ensureLabels(labels: readonly LabelSpec[]): Promise<string[]>;
  /** The web address of a file of the ideas repository, on the branch research is written to. */
  fileUrl(repoPath: string): string;
}
