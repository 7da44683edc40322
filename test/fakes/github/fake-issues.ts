/**
 * One repository's issues, comments and labels in the fake GitHub, with GitHub's numbering:
 * issue numbers per repository from 1, comment and label ids increasing across the fake.
 */

/** Who made a request or a comment, as GitHub shows a user. */
export interface FakeActor {
  login: string;
  /** "Bot" for app and Actions tokens (github-actions[bot]). */
  type: "User" | "Bot";
  /** How the user relates to the repository (OWNER, COLLABORATOR, MEMBER, CONTRIBUTOR, NONE). */
  association: string;
}

export interface FakeLabel {
  id: number;
  name: string;
  color: string;
  description: string | null;
}

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  author: FakeActor;
  createdAt: string;
  updatedAt: string;
}

/** A "labeled" or "unlabeled" event on an issue's timeline, as GET …/issues/{n}/events lists it. */
export interface FakeIssueEvent {
  id: number;
  issue: number;
  event: "labeled" | "unlabeled";
  label: string;
  actor: FakeActor;
  createdAt: string;
}

export interface FakeIssue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: "open" | "closed";
  stateReason: string | null;
  /** Label names, in the order they were added. */
  labels: string[];
  author: FakeActor;
  /** A pull request shows in the issues listing too, as on GitHub. */
  pullRequest: boolean;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export interface NewFakeIssue {
  title: string;
  body?: string | null;
  labels?: string[];
  state?: "open" | "closed";
  author?: FakeActor;
  pullRequest?: boolean;
}

export const DEFAULT_ACTOR: FakeActor = { login: "octocat", type: "User", association: "OWNER" };

let nextId = 1000;
/** Ids increase across every repository of the fake, as GitHub's do. */
const newId = () => ++nextId;

export class FakeIssues {
  readonly issues = new Map<number, FakeIssue>();
  readonly comments = new Map<number, FakeComment>();
  /** The repository's labels, by lower-cased name (GitHub matches label names without case). */
  readonly labels = new Map<string, FakeLabel>();
  /** Label events, oldest first: who put a label on, and who took it off. */
  readonly events: FakeIssueEvent[] = [];
  #clock = 0;

  /** Files an issue as `author` (default octocat), creating any label it names. */
  add(issue: NewFakeIssue): FakeIssue {
    const now = this.#now();
    const number = this.issues.size + 1;
    const record: FakeIssue = {
      id: newId(),
      number,
      title: issue.title,
      body: issue.body ?? null,
      state: issue.state ?? "open",
      stateReason: issue.state === "closed" ? "completed" : null,
      labels: [],
      author: issue.author ?? DEFAULT_ACTOR,
      pullRequest: issue.pullRequest ?? false,
      createdAt: now,
      updatedAt: now,
      closedAt: issue.state === "closed" ? now : null,
    };
    this.issues.set(number, record);
    // An issue form's labels are put on by whoever files the issue.
    this.addLabels(number, issue.labels ?? [], record.author);
    return record;
  }

  get(number: number): FakeIssue | undefined {
    return this.issues.get(number);
  }

  /** The issue; throws in a test that names one that does not exist. */
  issue(number: number): FakeIssue {
    const issue = this.issues.get(number);
    if (!issue) throw new Error(`no fake issue #${number}`);
    return issue;
  }

  /** Comments on an issue, oldest first (as GitHub lists them). */
  commentsOn(number: number): FakeComment[] {
    return [...this.comments.values()]
      .filter((c) => c.issue === number)
      .sort((a, b) => a.id - b.id);
  }

  comment(number: number, body: string, author: FakeActor = DEFAULT_ACTOR): FakeComment {
    const issue = this.issue(number);
    const now = this.#now();
    const comment = { id: newId(), issue: number, body, author, createdAt: now, updatedAt: now };
    this.comments.set(comment.id, comment);
    issue.updatedAt = now;
    return comment;
  }

  /** The repository's label, created (grey, no description) if it does not exist yet. */
  ensureLabel(name: string, color = "ededed", description: string | null = null): FakeLabel {
    const key = name.toLowerCase();
    const existing = this.labels.get(key);
    if (existing) return existing;
    const label = { id: newId(), name, color, description };
    this.labels.set(key, label);
    return label;
  }

  label(name: string): FakeLabel | undefined {
    return this.labels.get(name.toLowerCase());
  }

  /**
   * Adds labels to an issue as `actor` (default octocat), recording a "labeled" event for each
   * it did not carry (GitHub creates a label that does not exist yet).
   */
  addLabels(number: number, names: string[], actor: FakeActor = DEFAULT_ACTOR): void {
    const issue = this.issue(number);
    for (const name of names) {
      const label = this.ensureLabel(name);
      if (!issue.labels.some((l) => l.toLowerCase() === label.name.toLowerCase())) {
        issue.labels.push(label.name);
        this.#event(number, "labeled", label.name, actor);
      }
    }
    issue.updatedAt = this.#now();
  }

  /** Removes a label from an issue; false when the issue did not have it. */
  removeLabel(number: number, name: string, actor: FakeActor = DEFAULT_ACTOR): boolean {
    const issue = this.issue(number);
    const at = issue.labels.findIndex((l) => l.toLowerCase() === name.toLowerCase());
    if (at < 0) return false;
    const [removed] = issue.labels.splice(at, 1);
    this.#event(number, "unlabeled", removed!, actor);
    issue.updatedAt = this.#now();
    return true;
  }

  /** Sets an issue's whole label set as `actor`: events for what it removes and adds. */
  setLabels(number: number, names: string[], actor: FakeActor = DEFAULT_ACTOR): void {
    const wanted = new Set(names.map((n) => n.toLowerCase()));
    for (const label of [...this.issue(number).labels]) {
      if (!wanted.has(label.toLowerCase())) this.removeLabel(number, label, actor);
    }
    this.addLabels(number, names, actor);
    // In the order given, as GitHub answers a PUT.
    const order = [...new Set(names.map((n) => this.ensureLabel(n).name))];
    this.issue(number).labels = order;
  }

  /** The issue's label events, oldest first. */
  eventsOn(number: number): FakeIssueEvent[] {
    return this.events.filter((e) => e.issue === number);
  }

  #event(number: number, event: FakeIssueEvent["event"], label: string, actor: FakeActor): void {
    const createdAt = this.#now();
    this.events.push({ id: newId(), issue: number, event, label, actor, createdAt });
  }

  setState(number: number, state: "open" | "closed", reason?: string | null): void {
    const issue = this.issue(number);
    const now = this.#now();
    if (issue.state !== state) issue.closedAt = state === "closed" ? now : null;
    issue.state = state;
    issue.stateReason =
      state === "closed" ? (reason ?? "completed") : reason === "reopened" ? "reopened" : null;
    issue.updatedAt = now;
  }

  /**
   * Real time, but monotonic and at least a millisecond apart, so ordering by time is stable and
   * a claim's age is what a runner's clock sees (a test ages a comment by moving its createdAt).
   */
  #now(): string {
    this.#clock = Math.max(Date.now(), this.#clock + 1);
    return new Date(this.#clock).toISOString();
  }
}
