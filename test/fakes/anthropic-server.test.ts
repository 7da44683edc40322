import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { anthropic } from "@ai-sdk/anthropic";
import { generateText, isStepCount, streamText, tool } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  block,
  FAKE_API_KEY,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "./anthropic-server.ts";

const hit = { url: "https://example.com/a", title: "A" };
const echo = tool({
  description: "Echo",
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => ({ ok: true, path }),
});
let fake: FakeAnthropicServer;

afterEach(async () => {
  await fake?.close();
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${fake.url}/messages`, {
    method: "POST",
    headers: { "x-api-key": FAKE_API_KEY, "anthropic-version": "2023-06-01", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("fake Anthropic Messages API", () => {
  it("streams the scripted messages as SSE that the provider assembles", async () => {
    fake = await startFakeAnthropic({
      replies: [
        reply.toolUse("echo", { path: "a/b.md" }, { narration: "Reading." }),
        reply.webSearch("q", [hit], {
          answer: [block.text("# R\n\nCited", [block.cite(hit, "Cited")]), block.text(" fact.")],
        }),
      ],
    });
    const result = streamText({
      model: fake.model(),
      prompt: "go",
      tools: { echo, web_search: anthropic.tools.webSearch_20250305({ maxUses: 2 }) },
      stopWhen: isStepCount(3),
    });

    expect(await result.text).toBe("# R\n\nCited fact.");
    const steps = await result.steps;
    expect(steps[0]?.toolCalls).toMatchObject([{ toolName: "echo", input: { path: "a/b.md" } }]);
    expect(await result.sources).toMatchObject([{ sourceType: "url", url: hit.url, title: "A" }]);
    // The citations_delta events land on the text part they belong to, as with the real API.
    const texts = steps[1]?.content.flatMap((part) =>
      part.type === "text"
        ? [{ text: part.text, cited: part.citations?.map((c) => c.citedText) ?? [] }]
        : [],
    );
    expect(texts).toEqual([
      { text: "# R\n\nCited", cited: ["Cited"] },
      { text: " fact.", cited: [] },
    ]);
    expect(fake.requests.map((r) => r.stream)).toEqual([true, true]);
    expect(fake.requests[0]?.headers["x-api-key"]).toBe(FAKE_API_KEY);
  });

  it("answers the same script as JSON without streaming, with usage", async () => {
    fake = await startFakeAnthropic({
      replies: [
        reply.text("Hello", {
          usage: { input_tokens: 7, output_tokens: 3, cache_read_input_tokens: 5 },
        }),
      ],
    });
    const result = await generateText({ model: fake.model(), prompt: "hi" });

    expect(result.text).toBe("Hello");
    expect(result.usage).toMatchObject({ inputTokens: 12, outputTokens: 3 });
    expect(result.usage.inputTokenDetails.cacheReadTokens).toBe(5);
  });

  it("sends a mid-stream overloaded error as an SSE error event", async () => {
    fake = await startFakeAnthropic({ replies: [reply.overloaded({ midStream: true })] });
    const errors: unknown[] = [];
    const result = streamText({
      model: fake.model(),
      prompt: "go",
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    await result.consumeStream();

    expect(JSON.stringify(errors)).toContain("overloaded_error");
  });

  it("answers errors in Anthropic's JSON shape with a retry-after header", async () => {
    fake = await startFakeAnthropic({ replies: [reply.overloaded()] });
    const response = await fetch(`${fake.url}/messages`, {
      method: "POST",
      headers: { "x-api-key": FAKE_API_KEY, "anthropic-version": "2023-06-01" },
      body: JSON.stringify({
        model: "m",
        max_tokens: 5,
        messages: [{ role: "user", content: "x" }],
      }),
    });

    expect(response.status).toBe(529);
    expect(response.headers.get("retry-after")).toBe("0");
    expect(await response.json()).toMatchObject({
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded" },
    });
  });

  it("rejects what the real API rejects", async () => {
    fake = await startFakeAnthropic({ handler: () => reply.text("ok") });
    const orphan = {
      model: "m",
      max_tokens: 5,
      tools: [{ name: "echo", input_schema: { type: "object" } }],
      messages: [
        { role: "user", content: "x" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_1", name: "echo", input: {} }],
        },
        { role: "user", content: "no result" },
      ],
    };

    expect(await post(orphan)).toMatchObject({ status: 400 });
    expect(JSON.stringify((await post(orphan)).body)).toContain("without `tool_result` blocks");
    expect(await post({ ...orphan, tools: undefined })).toMatchObject({ status: 400 });
    expect(await post({ model: "m", max_tokens: 5, messages: [] })).toMatchObject({ status: 400 });
    expect(
      await post(
        { model: "m", max_tokens: 5, messages: [{ role: "user", content: "x" }] },
        { "x-api-key": "" },
      ),
    ).toMatchObject({
      status: 401,
    });
  });

  it("fails an unscripted request with a message naming it, instead of hanging", async () => {
    fake = await startFakeAnthropic({ replies: [reply.text("one")] });
    await generateText({ model: fake.model(), prompt: "1", maxRetries: 0 });
    const second = generateText({ model: fake.model(), prompt: "2", maxRetries: 0 });

    await expect(second).rejects.toThrow("fake anthropic server: no scripted reply for request #2");
    expect(fake.pending).toBe(0);
  });

  it("marks a request closedByClient when the client aborts its hung reply, not when the fake closes", async () => {
    fake = await startFakeAnthropic({ replies: [reply.text("whole"), reply.hang(), reply.hang()] });
    await generateText({ model: fake.model(), prompt: "whole", maxRetries: 0 });
    const cancel = new AbortController();
    const aborted = generateText({
      model: fake.model(),
      prompt: "cancelled",
      maxRetries: 0,
      abortSignal: cancel.signal,
    });
    await vi.waitFor(() => expect(fake.requests).toHaveLength(2));
    expect(fake.requests[1]?.closedByClient).toBe(false);
    cancel.abort();
    await expect(aborted).rejects.toThrow();
    await vi.waitFor(() => expect(fake.requests[1]?.closedByClient).toBe(true));

    // Settled into a value at once: the rejection comes while close() is awaited, and a
    // rejection nobody handles yet is an unhandled one.
    const held = generateText({ model: fake.model(), prompt: "held", maxRetries: 0 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    await vi.waitFor(() => expect(fake.requests).toHaveLength(3));
    await fake.close();
    expect(await held).toBeInstanceOf(Error);
    expect(fake.requests.map((r) => r.closedByClient)).toEqual([false, true, false]);
  });

  it("answers other paths with not_found_error", async () => {
    fake = await startFakeAnthropic();
    const response = await fetch(`${fake.url}/models`);

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { type: "not_found_error" } });
  });

  it("serves a child process configured through ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY", async () => {
    fake = await startFakeAnthropic({
      apiKey: "sk-ant-child",
      replies: [reply.text("from the fake")],
    });
    const script =
      "import { generateText } from 'ai'; import { anthropic } from '@ai-sdk/anthropic';" +
      "const r = await generateText({ model: anthropic('claude-sonnet-4-5'), prompt: 'hi' });" +
      "process.stdout.write(r.text);";
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--input-type=module", "-e", script],
      {
        env: { ...process.env, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: "sk-ant-child" },
      },
    );

    expect(stdout).toBe("from the fake");
    expect(fake.requests[0]?.headers["x-api-key"]).toBe("sk-ant-child");
  });
});
