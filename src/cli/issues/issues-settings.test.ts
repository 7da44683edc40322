import { describe, expect, it } from "vitest";
import { parseEnv } from "../../config/env.ts";
import type { ActionsRun } from "./actions-run.ts";
import { parseIssuesFlags } from "./issues-options.ts";
import { issuesRepository, withEnvDefaults } from "./issues-settings.ts";

const run: ActionsRun = { repository: "Me/Ideas", defaultBranch: "trunk" };

describe("issuesRepository", () => {
  it("takes --github, then GITHUB_REPO, then the repository of the Actions run", () => {
    const env = parseEnv({ GITHUB_REPO: "team/ideas" });
    expect(issuesRepository("me/other", env, run)).toMatchObject({
      github: "me/other",
      name: "--github",
    });
    expect(issuesRepository(undefined, env, run)).toMatchObject({
      github: "team/ideas",
      name: "GITHUB_REPO",
    });
    expect(issuesRepository(undefined, parseEnv({}), run)).toMatchObject({
      github: "Me/Ideas",
      name: "GITHUB_REPOSITORY",
    });
    expect(issuesRepository(undefined, parseEnv({}), {})).toBeUndefined();
  });

  it("commits to GITHUB_BRANCH, else to the default branch of the run's own repository only", () => {
    const branchOf = (flag: string | undefined, env: Record<string, string> = {}) =>
      issuesRepository(flag, parseEnv(env), run)?.env.GITHUB_BRANCH;
    expect(branchOf(undefined)).toBe("trunk");
    expect(branchOf("me/ideas")).toBe("trunk");
    expect(branchOf("me/other")).toBeUndefined();
    expect(branchOf(undefined, { GITHUB_BRANCH: "research" })).toBe("research");
  });
});

describe("withEnvDefaults", () => {
  const env = parseEnv({ IDEA_EXPLORER_MODEL: "haiku", IDEA_EXPLORER_MAX_COST: "2" });

  it("fills the model and the cost cap from the environment, naming it for messages", () => {
    const { defaults, model, names } = withEnvDefaults(parseIssuesFlags([]), env);
    expect(defaults).toMatchObject({ model: "haiku", maxCostUsd: 2 });
    expect(model.model).toBe("haiku");
    expect(names).toMatchObject({
      model: "IDEA_EXPLORER_MODEL",
      maxCostUsd: "IDEA_EXPLORER_MAX_COST",
    });
  });

  it("lets the flags win", () => {
    const flags = parseIssuesFlags(["--model", "sonnet", "--max-cost", "0.5"]);
    const { defaults, model, names } = withEnvDefaults(flags, env);
    expect(defaults).toMatchObject({ model: "sonnet", maxCostUsd: 0.5 });
    expect(model.model).toBe("sonnet");
    expect(names).toMatchObject({ model: "--model", maxCostUsd: "--max-cost" });
  });

  it("adds nothing when neither says", () => {
    const { defaults, model } = withEnvDefaults(parseIssuesFlags([]), parseEnv({}));
    expect(defaults).not.toHaveProperty("model");
    expect(defaults).not.toHaveProperty("maxCostUsd");
    expect(model.model).toBeUndefined();
  });
});

describe("IDEA_EXPLORER_MAX_COST", () => {
  it.each(["abc", "0", "-1", "1001", "2 USD"])("refuses %j in one line", (value) => {
    expect(() => parseEnv({ IDEA_EXPLORER_MAX_COST: value })).toThrow(
      /^IDEA_EXPLORER_MAX_COST: must be a number of US dollars from 0\.01 to 1000, such as 2$/,
    );
  });

  it("takes dollars, and an empty value (an unset repository variable) as none", () => {
    expect(parseEnv({ IDEA_EXPLORER_MAX_COST: "0.25" }).IDEA_EXPLORER_MAX_COST).toBe(0.25);
    expect(parseEnv({ IDEA_EXPLORER_MAX_COST: "" }).IDEA_EXPLORER_MAX_COST).toBeUndefined();
  });
});
