/**
 * A loopback fake of the GitHub REST API that real Octokit talks to (give it `baseUrl: fake.url`).
 *
 * What it serves, per repository (in-memory git objects hashed like real git):
 * - GET  /repos/{o}/{r}                       repository, with `permissions.push` for the caller
 * - GET  /repos/{o}/{r}/branches/{branch}
 * - GET  /repos/{o}/{r}/contents/{path}?ref=  files (base64 wrapped in 60-char lines; over 1 MB
 *        `encoding: "none"` and `content: ""`), arrays for folders, `symlink` / `submodule`
 *        objects; a link to an in-repo file is dereferenced and answers with the TARGET's path
 * - GET  /repos/{o}/{r}/commits?sha=&path=, GET /repos/{o}/{r}/commits/{ref} (with `files`)
 * - Git Data: POST git/blobs, GET git/blobs/{sha}, POST git/trees (base_tree), GET
 *        git/trees/{sha|ref}?recursive=1, POST git/commits, GET git/commits/{sha},
 *        GET git/ref/heads/{b} and git/refs/heads/{b}, PATCH git/refs/heads/{b} (422 "Update is
 *        not a fast forward" unless force), POST git/refs, DELETE git/refs/{ref} (422 "Reference
 *        does not exist"); refs of a namespace of their own (refs/idea-explorer/…) the same way,
 *        kept in `repo.otherRefs`
 * - GET  /repos/{o}/{r}/compare/{base}...{head}  status / ahead_by / behind_by / commits
 * - Issues: GET/POST issues (state, labels, direction filters), GET/PATCH issues/{n},
 *        GET/POST issues/{n}/comments, GET/PATCH/DELETE issues/comments/{id},
 *        GET/POST/PUT/DELETE issues/{n}/labels, DELETE issues/{n}/labels/{name} (404 "Label does
 *        not exist" when the issue lacks it), GET/POST labels, GET labels/{name} (422
 *        already_exists). Lists are paged (per_page up to `maxPerPage`, Link headers); what a
 *        token writes is authored by its `login`. Seed and inspect through `repo.issues`.
 * - A secondary rate limit on content creation (new comments and issues): with
 *        `secondaryRateLimit: { burst }`, every (burst+1)th creation is refused with GitHub's 403
 *        "You have exceeded a secondary rate limit" and `retry-after`, and not applied.
 *
 * Auth like GitHub: an unknown token is 401 "Bad credentials" on every route; a private repo
 * the token cannot see is 404 (never 403); a token without push gets 403 on writes.
 *
 * Test controls: `requests` logs every call; `intercept()` answers matching requests with a
 * canned reply (rate limits, 5xx — see the reply builders in ./github/http.ts) and/or runs a
 * hook first (e.g. `repo.push(...)` to move a branch head between a client's calls). It also
 * loses answers the way a network does: a request handled for real but answered with an error
 * (`replyAfterHandling`), or an answer held back for a while or for ever (`delayMs`).
 *
 *   const github = await startFakeGitHub({ tokens: { "ghp_test": {} } });
 *   const repo = github.addRepo("me/ideas", { files: { "ideas/a/research.md": "# A" } });
 *   new Octokit({ auth: "ghp_test", baseUrl: github.url });
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_ACTOR, type FakeActor } from "./github/fake-issues.ts";
import { FakeRepo, type SeedEntry } from "./github/fake-repo.ts";
import { gitDataRoute } from "./github/git-data-routes.ts";
import {
  type GitHubReply,
  type GitHubRequest,
  githubError,
  notFound,
  secondaryRateLimit,
} from "./github/http.ts";
import { issueRoute } from "./github/issue-routes.ts";
import { repoRoute } from "./github/repo-routes.ts";

export type { FakeActor, FakeComment, FakeIssue } from "./github/fake-issues.ts";
export type { SeedEntry } from "./github/fake-repo.ts";
export { FakeRepo } from "./github/fake-repo.ts";
export { gitBlobSha } from "./github/git-objects.ts";
export {
  type GitHubReply,
  type GitHubRequest,
  githubError,
  rateLimitExceeded,
  secondaryRateLimit,
  serverError,
} from "./github/http.ts";
/** Paths a commit changed relative to its first parent: assert what one commit holds. */
export { changedFiles } from "./github/repo-routes.ts";

/** What a token may do. Omitted `repos` = every repository; `push` defaults to true. */
export interface TokenGrant {
  repos?: string[];
  push?: boolean;
  /** Whose token it is: the author of its comments and issues (default octocat, the owner). */
  actor?: FakeActor;
}

export interface InterceptRule {
  method?: string;
  /** Matched against the decoded path: a substring, or a RegExp. */
  path?: string | RegExp;
  /** How many matching requests it applies to (default 1; Infinity for all). */
  times?: number;
  /** Runs before the request is handled (or answered with `reply`). */
  before?: (request: GitHubRequest) => void;
  /** Answer with this instead of the normal handling. */
  reply?: GitHubReply;
  /**
   * Handle the request for real (a ref update lands), then answer with this instead of the real
   * answer: GitHub applied it, but its answer was lost on the way back (a 502 from a proxy).
   */
  replyAfterHandling?: GitHubReply;
  /**
   * Hold the answer back this long, in ms; Infinity never answers, leaving the connection open
   * until the client gives up. The request is handled when it arrives, so an update held back
   * has already landed (combine with `reply` for one that has not).
   */
  delayMs?: number;
}

export interface RepoOptions {
  defaultBranch?: string;
  private?: boolean;
  /** Initial content, committed as one "seed" commit on the default branch. */
  files?: Record<string, SeedEntry>;
}

export interface FakeGitHub {
  /** Base URL for Octokit's `baseUrl` (no trailing slash). */
  readonly url: string;
  readonly requests: GitHubRequest[];
  addRepo(fullName: string, options?: RepoOptions): FakeRepo;
  repo(fullName: string): FakeRepo;
  addToken(token: string, grant?: TokenGrant): void;
  intercept(rule: InterceptRule): void;
  /** Drops every intercept rule still waiting (use in afterEach/beforeEach). */
  clearIntercepts(): void;
  /** Requests whose method matches and whose decoded path contains `fragment`. */
  requestsTo(method: string, fragment: string | RegExp): GitHubRequest[];
  close(): Promise<void>;
}

export interface FakeGitHubOptions {
  tokens?: Record<string, TokenGrant>;
  /** Largest page a list answers with, whatever per_page asks (GitHub: 100). */
  maxPerPage?: number;
  /** Refuse every (burst+1)th comment or issue creation with a secondary rate limit. */
  secondaryRateLimit?: { burst: number; retryAfterSeconds?: number };
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const repos = new Map<string, FakeRepo>();
  const tokens = new Map(Object.entries(options.tokens ?? {}));
  const rules: (InterceptRule & { left: number })[] = [];
  const requests: GitHubRequest[] = [];
  let url = "";
  let creationsSinceLimit = 0;
  /** GitHub's secondary limit on content creation: a burst of new comments or issues is refused. */
  const overCreationLimit = (request: GitHubRequest): GitHubReply | undefined => {
    const limit = options.secondaryRateLimit;
    if (!limit || request.method !== "POST") return undefined;
    if (!/^\/repos\/[^/]+\/[^/]+\/issues(\/\d+\/comments)?$/.test(request.path)) return undefined;
    if (creationsSinceLimit < limit.burst) {
      creationsSinceLimit += 1;
      return undefined;
    }
    creationsSinceLimit = 0;
    return {
      ...secondaryRateLimit({ retryAfterSeconds: limit.retryAfterSeconds ?? 1, status: 403 }),
    };
  };

  /** The answer to a request: its intercept rule's, or the real one (then maybe replaced). */
  const answerFor = (request: GitHubRequest, rule: InterceptRule | undefined): GitHubReply => {
    rule?.before?.(request);
    if (rule?.reply) return rule.reply;
    const real = route(request);
    return rule?.replyAfterHandling ?? real;
  };

  /** The real handling: auth like GitHub, then the repository and Git Data routes. */
  const route = (request: GitHubRequest): GitHubReply => {
    const auth = request.headers.authorization;
    const token = auth?.replace(/^(token|bearer)\s+/i, "");
    const grant = token === undefined ? undefined : tokens.get(token);
    if (token !== undefined && !grant) return githubError(401, "Bad credentials");

    const match = /^\/repos\/([^/]+)\/([^/]+)(?:\/(.*))?$/.exec(request.path);
    if (!match) return notFound();
    const repo = repos.get(`${match[1]}/${match[2]}`.toLowerCase());
    const canSee =
      grant !== undefined && (!grant.repos || grant.repos.includes(repo?.fullName ?? ""));
    if (!repo || (repo.isPrivate && !canSee)) return notFound();
    const canPush = canSee && grant?.push !== false;
    const rest = match[3] ?? "";
    if (request.method !== "GET" && token === undefined) {
      return githubError(401, "Requires authentication");
    }
    if (request.method !== "GET" && !canPush) {
      return githubError(403, "Resource not accessible by personal access token");
    }
    const ctx = { repo, request, apiUrl: url, canPush };
    if (
      rest === "issues" ||
      rest.startsWith("issues/") ||
      rest === "labels" ||
      rest.startsWith("labels/")
    ) {
      const limited = overCreationLimit(request);
      if (limited) return limited;
      const actor = grant?.actor ?? DEFAULT_ACTOR;
      const maxPerPage = options.maxPerPage ?? 100;
      return issueRoute({ repo, request, apiUrl: url, actor, maxPerPage }) ?? notFound();
    }
    const reply = rest.startsWith("git/")
      ? gitDataRoute({ ...ctx, rest: rest.slice(4) })
      : repoRoute({ ...ctx, rest });
    return reply ?? notFound();
  };

  const heldAnswers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = record(req, Buffer.concat(chunks));
      requests.push(request);
      const rule = rules.find((r) => r.left > 0 && matches(r, request));
      if (rule) rule.left -= 1;
      let reply: GitHubReply;
      try {
        reply = answerFor(request, rule);
      } catch (error) {
        reply = githubError(500, `fake GitHub bug: ${String(error)}`);
      }
      const delayMs = rule?.delayMs ?? 0;
      if (delayMs === 0) return send(res, reply);
      // Never answered: the connection stays open until the client gives up or the fake closes.
      if (delayMs === Number.POSITIVE_INFINITY) return;
      const timer = setTimeout(() => {
        heldAnswers.delete(timer);
        if (!res.destroyed) send(res, reply);
      }, delayMs);
      heldAnswers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    addRepo(fullName, repoOptions = {}) {
      const [owner, name] = fullName.split("/");
      if (!owner || !name) throw new Error(`repository name must be owner/name: ${fullName}`);
      const repo = new FakeRepo(owner, name, {
        defaultBranch: repoOptions.defaultBranch ?? "main",
        private: repoOptions.private ?? true,
      });
      repo.push(repoOptions.files ?? { "README.md": "# Ideas\n" });
      repos.set(fullName.toLowerCase(), repo);
      return repo;
    },
    repo(fullName) {
      const repo = repos.get(fullName.toLowerCase());
      if (!repo) throw new Error(`no fake repository ${fullName}`);
      return repo;
    },
    addToken(token, grant = {}) {
      tokens.set(token, grant);
    },
    intercept(rule) {
      rules.push({ ...rule, left: rule.times ?? 1 });
    },
    clearIntercepts() {
      rules.length = 0;
    },
    requestsTo(method, fragment) {
      return requests.filter(
        (r) =>
          r.method === method &&
          (typeof fragment === "string" ? r.path.includes(fragment) : fragment.test(r.path)),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of heldAnswers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function matches(rule: InterceptRule, request: GitHubRequest): boolean {
  if (rule.method && rule.method.toUpperCase() !== request.method) return false;
  if (rule.path === undefined) return true;
  return typeof rule.path === "string"
    ? request.path.includes(rule.path)
    : rule.path.test(request.path);
}

function record(req: IncomingMessage, raw: Buffer): GitHubRequest {
  const parsed = new URL(req.url ?? "/", "http://fake.github");
  let body: unknown;
  if (raw.length > 0) {
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      body = raw.toString("utf8");
    }
  }
  let path = parsed.pathname;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    // Keep the raw path: a malformed escape then simply matches no route.
  }
  return {
    method: req.method ?? "GET",
    path,
    rawPath: parsed.pathname,
    query: parsed.searchParams,
    headers: req.headers,
    body,
  };
}

const STANDARD_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "x-github-api-version-selected": "2022-11-28",
  "x-ratelimit-limit": "5000",
  "x-ratelimit-remaining": "4999",
  "x-ratelimit-used": "1",
  "x-ratelimit-resource": "core",
};

function send(res: ServerResponse, reply: GitHubReply): void {
  const raw = reply.rawBody ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
  const reset = String(Math.floor(Date.now() / 1000) + 3600);
  res.writeHead(reply.status, {
    ...STANDARD_HEADERS,
    "x-ratelimit-reset": reset,
    ...reply.headers,
  });
  res.end(raw);
}
