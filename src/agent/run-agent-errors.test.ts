import { afterEach, describe, expect, it } from "vitest";
import {
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../test/fakes/anthropic-server.ts";
import { AgentError } from "./agent-error.ts";
import { runAgent } from "./run-agent.ts";

const base = { instructions: "Research the idea.", prompt: "A bakery for dogs" };
let fake: FakeAnthropicServer;

afterEach(async () => {
  await fake?.close();
});

async function failureOf(run: Promise<unknown>): Promise<AgentError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentError);
  return error as AgentError;
}

describe("runAgent model errors", () => {
  it("retries a 529 overloaded answer and succeeds", async () => {
    fake = await startFakeAnthropic({
      replies: [reply.overloaded(), reply.text("# Report\n\nDone.")],
    });
    const run = await runAgent({ model: fake.model(), ...base });

    expect(run.content).toBe("# Report\n\nDone.");
    expect(fake.requests).toHaveLength(2);
  });

  it("surfaces a lasting 529 as one clear line after 3 attempts", async () => {
    fake = await startFakeAnthropic({ handler: () => reply.overloaded() });
    const error = await failureOf(runAgent({ model: fake.model(), ...base }));

    expect(error.message).toBe("Anthropic API overloaded (529) after 3 attempts; try again later");
    expect(error).toMatchObject({ kind: "overloaded", status: 529 });
    expect(fake.requests).toHaveLength(3);
  });

  it("honours maxRetries for rate limits and keeps the API's explanation", async () => {
    fake = await startFakeAnthropic({ handler: () => reply.rateLimited() });
    const error = await failureOf(runAgent({ model: fake.model(), ...base, maxRetries: 1 }));

    expect(error.message).toBe(
      "Anthropic API rate limit reached (429) after 2 attempts: Number of request tokens has exceeded your per-minute rate limit",
    );
    expect(fake.requests).toHaveLength(2);
  });

  it("keeps a bug's own message (it may name host paths) out of the error a user reads", async () => {
    fake = await startFakeAnthropic({ replies: [reply.text("# Report")] });
    const bug = new Error("EACCES: permission denied, open '/home/me/.idea-explorer/jobs.sqlite'");
    const error = await failureOf(
      runAgent({
        model: fake.model(),
        ...base,
        prepareStep: () => {
          throw bug;
        },
      }),
    );

    expect(error.kind).toBe("unexpected");
    expect(error.message).toBe("the run failed on an unexpected error (set DEBUG=1 for details)");
    expect(error.cause).toBe(bug);
  });

  it("names a 500 as a server error", async () => {
    fake = await startFakeAnthropic({ handler: () => reply.serverError() });
    const error = await failureOf(runAgent({ model: fake.model(), ...base, maxRetries: 0 }));

    expect(error.message).toBe("Anthropic API server error (500): Internal server error");
    expect(error.kind).toBe("server_error");
  });

  it("does not retry a rejected API key and never echoes the key", async () => {
    fake = await startFakeAnthropic({ apiKey: "sk-ant-the-right-one" });
    const { createAnthropic } = await import("@ai-sdk/anthropic");
    const model = createAnthropic({ baseURL: fake.url, apiKey: "sk-ant-wrong-secret" })(
      "claude-sonnet-4-5",
    );
    const error = await failureOf(runAgent({ model, ...base }));

    expect(error.message).toBe(
      "Anthropic API rejected the API key (401): invalid x-api-key; check the key",
    );
    expect(error.message).not.toContain("sk-ant");
    expect(fake.requests).toHaveLength(1);
  });

  it("reports an unreachable API as a network error", async () => {
    fake = await startFakeAnthropic();
    const model = fake.model();
    await fake.close();
    const error = await failureOf(runAgent({ model, ...base, maxRetries: 0 }));

    expect(error.kind).toBe("network");
    expect(error.message).toMatch(/^Could not reach the Anthropic API: /);
    expect(error.message).not.toContain("\n");
  });
});
