import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "../../config/env.ts";
import { actionsRunFromEnv } from "./actions-run.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "actions-event-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The environment of a step of an Actions run started by `name` with `payload`. */
async function actionsEnv(name: string, payload: unknown) {
  const file = path.join(dir, "event.json");
  await writeFile(file, typeof payload === "string" ? payload : JSON.stringify(payload));
  return parseEnv({
    GITHUB_REPOSITORY: "me/ideas",
    GITHUB_EVENT_NAME: name,
    GITHUB_EVENT_PATH: file,
  });
}

const repository = { full_name: "me/ideas", default_branch: "trunk" };

describe("actionsRunFromEnv", () => {
  it("reads the repository, its default branch and the label an issues event put on", async () => {
    const env = await actionsEnv("issues", {
      action: "labeled",
      label: { name: "idea", color: "1d76db" },
      issue: { number: 7, title: "An idea" },
      repository,
      sender: { login: "someone" },
    });
    expect(await actionsRunFromEnv(env)).toEqual({
      repository: "me/ideas",
      defaultBranch: "trunk",
      labelled: { label: "idea", issue: 7 },
    });
  });

  it("names no label for a run by hand or a label taken off, and no branch for another repository's event", async () => {
    expect(await actionsRunFromEnv(await actionsEnv("workflow_dispatch", { repository }))).toEqual({
      repository: "me/ideas",
      defaultBranch: "trunk",
    });
    const unlabeled = { action: "unlabeled", label: { name: "idea" }, issue: { number: 7 } };
    expect(await actionsRunFromEnv(await actionsEnv("issues", unlabeled))).toEqual({
      repository: "me/ideas",
    });
    const elsewhere = { full_name: "someone/else", default_branch: "dev" };
    expect(await actionsRunFromEnv(await actionsEnv("issues", { repository: elsewhere }))).toEqual({
      repository: "me/ideas",
    });
  });

  it("is empty outside Actions", async () => {
    expect(await actionsRunFromEnv(parseEnv({}))).toEqual({});
  });

  it("refuses an event file it cannot use in one line, naming the variable, not the path", async () => {
    const missing = parseEnv({ GITHUB_EVENT_PATH: path.join(dir, "nowhere.json") });
    await expect(actionsRunFromEnv(missing)).rejects.toThrow(
      /^GITHUB_EVENT_PATH: the event file could not be read \(ENOENT\)$/,
    );
    await expect(actionsRunFromEnv(await actionsEnv("issues", "{not json"))).rejects.toThrow(
      /^GITHUB_EVENT_PATH: the event file is not JSON$/,
    );
    await expect(actionsRunFromEnv(await actionsEnv("issues", { issue: "7" }))).rejects.toThrow(
      /^GITHUB_EVENT_PATH: the event file is not a GitHub event payload$/,
    );
  });
});
