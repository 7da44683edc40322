import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EchoingGateway, startEchoingGateway } from "../fakes/echoing-gateway.ts";
import {
  commitsText,
  echoEnv,
  expectNoSecret,
  expectNoSecretInFiles,
  OTHER_SECRETS_ECHO,
  SECRETS,
} from "../helpers/echoed-secrets.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, git, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";
import { connectMcp, textOf } from "./mcp-session.ts";

/**
 * A model gateway that answers 401 with everything it was sent (the key, the URL with its query)
 * and more credentials besides: what the user sees of it on every surface is the failure, with
 * each secret replaced by [redacted], in the terminal, in --json, in MCP results and in files.
 */

let gateway: EchoingGateway;
let repo: TempTree;

beforeAll(async () => {
  gateway = await startEchoingGateway({ alsoEcho: OTHER_SECRETS_ECHO });
  repo = await gitTree({ files: { "README.md": "ideas\n" } });
});
afterAll(async () => {
  await gateway.close();
  await repo.cleanup();
});

const REJECTED = "Anthropic API rejected the API key (401): invalid x-api-key: [redacted]";

async function explore(args: string[], env: Record<string, string> = echoEnv(gateway)) {
  const head = git(repo.dir, "rev-parse", "HEAD");
  const requests = gateway.requests;
  const run = await runCli(["explore", "Solar dryers for market stalls", ...args], {
    cwd: repo.dir,
    env: { ...GIT_IDENTITY, ...env },
  });
  // The gateway did answer with the echo: the test is of what became of it.
  expect(gateway.requests).toBeGreaterThan(requests);
  expect(run.code).toBe(1);
  expectNoSecret(run.stdout, "stdout");
  expectNoSecret(run.stderr, "stderr");
  expectNoSecretInFiles(repo.dir);
  expect(git(repo.dir, "rev-parse", "HEAD")).toBe(head);
  expectNoSecret(commitsText(repo.dir), "the commits");
  return run;
}

describe("an upstream 401 that echoes the secrets", () => {
  it("explore: the terminal line names the failure, every secret masked", async () => {
    const run = await explore([]);
    const line = run.stderr.trim().split("\n").at(-1) ?? "";
    expect(line).toMatch(/^idea-explorer explore: /);
    expect(line).toContain(REJECTED);
    expect(line).toContain(
      `at ${gateway.origin}/v1?[redacted]; seen [redacted] [redacted] [redacted] [redacted]; check the key`,
    );
  });

  it("explore --json: the JSON error too", async () => {
    const run = await explore(["--json"]);
    const error = JSON.parse(run.stdout) as { error: { code: string; message: string } };
    expect(error.error.code).toBe("model_error");
    expect(error.error.message).toContain(REJECTED);
  });

  it("explore with --api-key and --base-url: the flags' key and query are masked too", async () => {
    const run = await explore(
      [
        "--provider",
        "openai-compatible",
        `--base-url=${gateway.origin}/v1?key=${SECRETS.flagQuery}`,
        "--api-key",
        SECRETS.flagKey,
        "--model",
        "local-model",
      ],
      { ...echoEnv(gateway), ANTHROPIC_API_KEY: "" },
    );
    const line = run.stderr.trim().split("\n").at(-1) ?? "";
    expect(line).toContain(
      `openai-compatible API rejected the API key (401): invalid authorization: Bearer [redacted]; at ${gateway.origin}/v1?[redacted]`,
    );
  });

  it("mcp explore_idea: the tool error and the server's log", async () => {
    const session = await connectMcp(["--repo", repo.dir], {
      cwd: repo.dir,
      env: { ...GIT_IDENTITY, ...echoEnv(gateway) },
    });
    try {
      const result = await session.call("explore_idea", { idea: "Solar dryers for market stalls" });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(REJECTED);
      expectNoSecret(JSON.stringify(result), "the MCP result");
    } finally {
      await session.close();
    }
    expectNoSecret(session.stderr(), "the MCP server's stderr");
    expectNoSecretInFiles(repo.dir);
  });
});
