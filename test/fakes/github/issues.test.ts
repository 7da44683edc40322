import { Octokit } from "@octokit/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGitHub, type FakeRepo, startFakeGitHub } from "../github-server.ts";

// The fake's Issues API, checked through plain Octokit so the intake tests can rely on it.
const TOKEN = "ghp_fakeIssuesSelfTest";
const BOT = { login: "github-actions[bot]", type: "Bot" as const, association: "NONE" };
let github: FakeGitHub;
let repo: FakeRepo;
let octokit: Octokit;
const me = { owner: "me", repo: "ideas" };

beforeAll(async () => {
  github = await startFakeGitHub({
    tokens: { [TOKEN]: { actor: BOT } },
    maxPerPage: 2,
    secondaryRateLimit: { burst: 3, retryAfterSeconds: 7 },
  });
  repo = github.addRepo("me/ideas");
  for (let i = 1; i <= 5; i++) repo.issues.add({ title: `Idea ${i}`, labels: ["new idea"] });
  repo.issues.add({ title: "Not one", labels: ["bug"] });
  repo.issues.add({ title: "A pull request", labels: ["new idea"], pullRequest: true });
  octokit = new Octokit({ auth: TOKEN, baseUrl: github.url });
});
afterAll(() => github.close());

describe("fake GitHub: Issues API", () => {
  it("pages issue lists with Link headers that Octokit's paginate follows", async () => {
    const first = await octokit.rest.issues.listForRepo({
      ...me,
      labels: "new idea",
      per_page: 100,
    });
    expect(first.data).toHaveLength(2);
    expect(first.headers.link).toMatch(/rel="next"/);
    expect(first.headers.link).toContain(`${github.url}/repos/me/ideas/issues?`);
    expect(first.headers.link).toContain("labels=new+idea");

    const all = await octokit.paginate(octokit.rest.issues.listForRepo, {
      ...me,
      labels: "new idea",
      direction: "asc",
    });
    expect(all.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(all.at(-1)?.pull_request).toBeDefined();
  });

  it("filters by state and answers one issue with its labels", async () => {
    repo.issues.setState(2, "closed");
    const open = await octokit.paginate(octokit.rest.issues.listForRepo, { ...me, state: "open" });
    expect(open.map((i) => i.number)).not.toContain(2);
    const { data } = await octokit.rest.issues.get({ ...me, issue_number: 2 });
    expect(data).toMatchObject({ state: "closed", state_reason: "completed", title: "Idea 2" });
    expect(data.labels).toEqual([expect.objectContaining({ name: "new idea" })]);
  });

  it("authors comments as the token's user and pages them", async () => {
    const { data: created } = await octokit.rest.issues.createComment({
      ...me,
      issue_number: 1,
      body: "hello",
    });
    expect(created.user?.login).toBe("github-actions[bot]");
    expect(created.user?.type).toBe("Bot");
    repo.issues.comment(1, "second");
    repo.issues.comment(1, "third");
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
      ...me,
      issue_number: 1,
      per_page: 100,
    });
    expect(comments.map((c) => c.body)).toEqual(["hello", "second", "third"]);
    await octokit.rest.issues.deleteComment({ ...me, comment_id: created.id });
    expect(repo.issues.commentsOn(1).map((c) => c.body)).toEqual(["second", "third"]);
  });

  it("adds and removes labels whose names need encoding; removing a missing one is a 404", async () => {
    const name = "team/review 100%";
    await octokit.rest.issues.addLabels({ ...me, issue_number: 3, labels: [name] });
    expect(repo.issues.issue(3).labels).toEqual(["new idea", name]);
    const removed = await octokit.rest.issues.removeLabel({ ...me, issue_number: 3, name });
    expect(removed.data.map((l) => l.name)).toEqual(["new idea"]);
    await expect(
      octokit.rest.issues.removeLabel({ ...me, issue_number: 3, name }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("creates repository labels once (422 already_exists after)", async () => {
    await octokit.rest.issues.createLabel({ ...me, name: "idea-done", color: "0e8a16" });
    const { data } = await octokit.rest.issues.getLabel({ ...me, name: "idea-done" });
    expect(data.color).toBe("0e8a16");
    await expect(
      octokit.rest.issues.createLabel({ ...me, name: "IDEA-DONE", color: "0e8a16" }),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { errors: [{ code: "already_exists" }] } },
    });
    await expect(octokit.rest.issues.getLabel({ ...me, name: "nope" })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("refuses a burst of comments with a secondary rate limit, shaped as GitHub's", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      try {
        await octokit.rest.issues.createComment({ ...me, issue_number: 4, body: `c${i}` });
        statuses.push(201);
      } catch (error) {
        const failure = error as { status: number; response: { headers: Record<string, string> } };
        statuses.push(failure.status);
        expect(failure.response.headers["retry-after"]).toBe("7");
        expect(String(error)).toMatch(/secondary rate limit/);
      }
    }
    // Three went through earlier in this file's run or here; the refused one was not applied.
    expect(statuses.filter((s) => s === 403)).toHaveLength(1);
    expect(repo.issues.commentsOn(4)).toHaveLength(4);
  });

  it("updates labels and state in one PATCH", async () => {
    await octokit.rest.issues.update({
      ...me,
      issue_number: 5,
      state: "closed",
      state_reason: "completed",
      labels: ["idea-done"],
    });
    expect(repo.issues.issue(5)).toMatchObject({ state: "closed", labels: ["idea-done"] });
  });

  it("lists who labelled an issue and answers each person's permission, as GitHub shapes them", async () => {
    const stranger = { login: "drive-by", type: "User" as const, association: "NONE" };
    const filed = repo.issues.add({
      title: "Filed by a form",
      labels: ["new idea"],
      author: stranger,
    });
    await octokit.rest.issues.addLabels({ ...me, issue_number: filed.number, labels: ["later"] });
    const events = await octokit.paginate(octokit.rest.issues.listEvents, {
      ...me,
      issue_number: filed.number,
    });
    expect(
      events.map((e) => [e.event, e.actor?.login, (e as { label?: { name: string } }).label?.name]),
    ).toEqual([
      ["labeled", "drive-by", "new idea"],
      ["labeled", "github-actions[bot]", "later"],
    ]);

    repo.collaborators.set("tina", "triage");
    const level = (username: string) =>
      octokit.rest.repos.getCollaboratorPermissionLevel({ ...me, username }).then((r) => r.data);
    // The legacy field has no triage (nor maintain): role_name says it.
    expect(await level("tina")).toMatchObject({ permission: "read", role_name: "triage" });
    expect(await level("octocat")).toMatchObject({ permission: "admin", role_name: "admin" });
    expect(await level("drive-by")).toMatchObject({ permission: "none", role_name: "none" });
    repo.isPrivate = false;
    expect(await level("drive-by")).toMatchObject({ permission: "read", role_name: "read" });
    repo.isPrivate = true;
  });
});
