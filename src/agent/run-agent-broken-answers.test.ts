import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAnthropic } from "@ai-sdk/anthropic";
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeAnthropic } from "../../test/fakes/anthropic-server.ts";
import { AgentError } from "./agent-error.ts";
import { runAgent } from "./run-agent.ts";

/**
 * Answers that break in ways the SDK reports in its own terms, told to the user in theirs.
 *
 * The Messages API starts a 200 answer, then the connection breaks before the body is whole
 * (a proxy's idle cut, a dropped network). That is a broken connection, never a refusal.
 */
let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
});

async function cuttingServer(): Promise<string> {
  const cutting = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const body = JSON.stringify({
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [{ type: "text", text: "# Report\n\nA long answer that never ends" }],
        stop_reason: "end_turn",
        usage: { input_tokens: 10, output_tokens: 10 },
      });
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": String(body.length),
      });
      res.write(body.slice(0, 60));
      setTimeout(() => res.socket?.destroy(), 20);
    });
  });
  server = cutting;
  await new Promise<void>((resolve) => cutting.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(cutting.address() as AddressInfo).port}/v1`;
}

describe("an answer cut off mid-body", () => {
  it("is reported as a broken connection, in one line, after the retries", async () => {
    const baseURL = await cuttingServer();
    const model = createAnthropic({ baseURL, apiKey: "sk-ant-test" })("claude-sonnet-4-5");
    const error = await runAgent({
      model,
      instructions: "Research.",
      prompt: "An idea",
      maxRetries: 1,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).kind).toBe("network");
    expect((error as AgentError).message).toMatch(
      /^The answer of the Anthropic API was cut off before it was complete \(the connection broke\)/,
    );
    expect((error as AgentError).message).not.toContain("\n");
  });
});

describe("a model whose turns never stop pausing", () => {
  it("is reported as such, not as a tool-choice violation", async () => {
    const fake = await startFakeAnthropic({
      handler: () => reply.webSearch("more", [{ url: "https://a.example/x", title: "A" }]),
    });
    try {
      const error = await runAgent({
        model: fake.model(),
        instructions: "Research.",
        prompt: "An idea",
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AgentError);
      expect((error as AgentError).message).toBe(
        "the model paused its turn 5 times (pause_turn) and kept searching instead of writing its report; try again, or allow more steps with --max-steps",
      );
    } finally {
      await fake.close();
    }
  });
});
