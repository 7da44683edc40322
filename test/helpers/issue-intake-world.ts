import { resolveModel } from "../../src/models/resolve-model.ts";
import { fingerprintIdea, slugifyIdea } from "../../src/research/idea-identity.ts";
import { type IntakeLabels, intakeLabels } from "../../src/research/issues/intake-labels.ts";
import type { IssueWorkflowDeps } from "../../src/research/issues/issue-workflow.ts";
import { signGitHubBody } from "../../src/server/github-webhook/verify-signature.ts";
import { createGitHubIntake } from "../../src/store/github/issues/github-intake.ts";
import { GitHubStore } from "../../src/store/github-store.ts";
import {
  block,
  type FakeAnthropicServer,
  type RecordedRequest,
  type ReplyHandler,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { type FakeGitHub, type FakeRepo, startFakeGitHub } from "../fakes/github-server.ts";

/**
 * The GitHub side of the issue-intake tests: a fake GitHub holding me/ideas (lists paged two at a
 * time, a secondary rate limit after every three new comments), a bot token that may push, and
 * a fake Anthropic API that answers by the idea in the prompt: a business report with a cited
 * page and a verdict, or, for an idea with "FAILS" in it, a refusal.
 */
export const INTAKE_TOKEN = "ghp_intakeTestToken00000000000000000000";
export const BOT = { login: "github-actions[bot]", type: "Bot" as const, association: "NONE" };
/** A label that must be encoded on the wire. */
export const INTAKE_LABEL = "new idea";
export const DUPLICATE_IDEA = "Bicycle courier co-ops for small towns";
export const HIT = { url: "https://dryers.example/market", title: "Dryer market" };

export interface IntakeWorld {
  github: FakeGitHub;
  repo: FakeRepo;
  fake: FakeAnthropicServer;
  labels: IntakeLabels;
  /** A runner's dependencies, on its own clients (a second runner is another machine). */
  deps(overrides?: Partial<IssueWorkflowDeps>): IssueWorkflowDeps;
  /** The environment a CLI child process needs to reach the fakes. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export async function startIntakeWorld(
  options: { secondaryRateLimit?: boolean; answer?: ReplyHandler } = {},
): Promise<IntakeWorld> {
  const github = await startFakeGitHub({
    tokens: { [INTAKE_TOKEN]: { actor: BOT } },
    maxPerPage: 2,
    ...(options.secondaryRateLimit === false ? {} : { secondaryRateLimit: { burst: 3 } }),
  });
  const repo = github.addRepo("me/ideas", {
    files: {
      [`ideas/2026-01-10-${slugifyIdea(DUPLICATE_IDEA)}/research.md`]: earlier(DUPLICATE_IDEA),
    },
  });
  const fake = await startFakeAnthropic({ handler: options.answer ?? answerByIdea });
  const labels = intakeLabels(INTAKE_LABEL);
  const fast = { delayUnitMs: 1, writeSpacingMs: 0 };
  return {
    github,
    repo,
    fake,
    labels,
    deps: (overrides = {}) => {
      const options = { owner: "me", repo: "ideas", token: INTAKE_TOKEN, baseUrl: github.url };
      return {
        store: new GitHubStore({ ...options, retry: fast }),
        issues: createGitHubIntake({ ...options, retry: fast }).issues,
        labels,
        resolveModel: () => resolveModel({ apiKey: fake.env.ANTHROPIC_API_KEY, baseURL: fake.url }),
        ...overrides,
      };
    },
    env: () => ({
      ...fake.env,
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: INTAKE_TOKEN,
      GITHUB_REPO: "me/ideas",
      IDEA_EXPLORER_ISSUE_LABEL: INTAKE_LABEL,
    }),
    close: async () => {
      await Promise.all([github.close(), fake.close()]);
    },
  };
}

/** An issue as the issue form files it. */
export function formBody(fields: {
  idea: string;
  mode?: string;
  context?: string;
  depth?: string;
}) {
  return [
    `### Idea\n\n${fields.idea}`,
    `### Mode\n\n${fields.mode ?? "business"}`,
    `### Context\n\n${fields.context ?? "_No response_"}`,
    `### Depth\n\n${fields.depth ?? "quick"}`,
  ].join("\n\n");
}

/** Comments on an issue that carry no hidden marker are people's; these are the intake's. */
export function intakeComments(repo: FakeRepo, issue: number) {
  return repo.issues.commentsOn(issue).filter((c) => c.body.includes("<!-- idea-explorer:"));
}

function answerByIdea(request: RecordedRequest) {
  const prompt = JSON.stringify(request.body.messages);
  if (prompt.includes("FAILS"))
    return reply.badRequest("prompt is too long: 250000 tokens > 200000 maximum");
  const title = /Solar/.test(prompt) ? "Solar dryers" : "Corner-shop refills";
  return reply.message([
    ...block.webSearch("market size", [HIT]),
    block.text(
      `# ${title}\n\n## Market\n\nThe market grows 8% a year.\n\n## Verdict\n\n**Pursue with changes**\n\nDemand is real and rising.`,
      [block.cite(HIT, "grows 8% a year")],
    ),
  ]);
}

function earlier(idea: string): string {
  return `---\ntitle: Courier co-ops\nidea: ${idea}\nmode: business\nmodel: claude-sonnet-4-5\ndate: 2026-01-10\nfingerprint: ${fingerprintIdea(idea)}\nsources: 0\n---\n\n# Courier co-ops\n\n## Verdict\n\n**Do not pursue**\n`;
}

/** An `issues` event putting the intake label on open issue `number` of me/ideas. */
export function labelledEvent(number: number, title: string) {
  return {
    action: "labeled",
    label: { name: INTAKE_LABEL },
    issue: { number, title, state: "open", labels: [{ name: INTAKE_LABEL }] },
    repository: { full_name: "me/ideas" },
  };
}

/** One GitHub webhook delivery to a service at `url`, signed with `secret` as GitHub signs it. */
export async function deliverIssueEvent(
  url: string,
  payload: unknown,
  options: { id: string; secret: string },
) {
  const body = JSON.stringify(payload);
  const response = await fetch(`${url}/api/github/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-GitHub-Event": "issues",
      "X-GitHub-Delivery": options.id,
      "X-Hub-Signature-256": await signGitHubBody(options.secret, body),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
