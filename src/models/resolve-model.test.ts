import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { generateText } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError } from "../config/config-error.ts";
import { anthropicWebSearchTool } from "./anthropic-web-search.ts";
import { resolveModel } from "./resolve-model.ts";

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A loopback server answering every POST with `reply(body)` as JSON, recording what it saw. */
async function startJsonServer(reply: (body: Record<string, unknown>) => unknown) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => {
      raw += chunk.toString("utf8");
    });
    req.on("end", () => {
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  servers.push(close);
  return { url, seen };
}

const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

const anthropicMessage = (body: Record<string, unknown>) => ({
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: body.model,
  content: [{ type: "text", text: "hello from the fake" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 5, output_tokens: 3 },
});

const chatCompletion = (body: Record<string, unknown>) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1_700_000_000,
  model: body.model,
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: "hello from llama" },
      finish_reason: "stop",
    },
  ],
  usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
});

describe("resolveModel: anthropic, over the Messages API wire format", () => {
  it("maps an alias to its full id and sends it with the key to POST /v1/messages", async () => {
    const fake = await startJsonServer(anthropicMessage);
    const resolved = resolveModel({
      model: "Opus",
      apiKey: "sk-ant-test",
      baseURL: `${fake.url}/v1`,
    });
    expect(resolved).toMatchObject({
      provider: "anthropic",
      modelId: "claude-opus-5-5",
      supportsServerWebSearch: true,
    });

    const result = await generateText({ model: resolved.model, prompt: "hi", maxRetries: 0 });
    expect(result.text).toBe("hello from the fake");
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0]).toMatchObject({ method: "POST", path: "/v1/messages" });
    expect(fake.seen[0]?.headers["x-api-key"]).toBe("sk-ant-test");
    expect(fake.seen[0]?.body.model).toBe("claude-opus-5-5");
  });

  it("defaults to sonnet, passes a full id through, and accepts a base URL without /v1", async () => {
    const fake = await startJsonServer(anthropicMessage);
    const byDefault = resolveModel({ apiKey: "k", baseURL: fake.url });
    const fullId = resolveModel({
      model: "claude-3-haiku-20240307",
      apiKey: "k",
      baseURL: `${fake.url}/`,
    });
    await generateText({ model: byDefault.model, prompt: "a", maxRetries: 0 });
    await generateText({ model: fullId.model, prompt: "b", maxRetries: 0 });
    expect(fake.seen.map((s) => [s.path, s.body.model])).toEqual([
      ["/v1/messages", "claude-sonnet-5-5"],
      ["/v1/messages", "claude-3-haiku-20240307"],
    ]);
  });

  it("sends Anthropic's server web search tool as web_search_20250305 with max_uses", async () => {
    const fake = await startJsonServer(anthropicMessage);
    const { model } = resolveModel({ apiKey: "k", baseURL: fake.url });
    await generateText({
      model,
      prompt: "q",
      tools: { web_search: anthropicWebSearchTool() },
      maxRetries: 0,
    });
    expect(fake.seen[0]?.body.tools).toEqual([
      { type: "web_search_20250305", name: "web_search", max_uses: 5 },
    ]);
  });

  it("uses the injected fetch and the given settings, never the process environment", async () => {
    vi.stubEnv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9/from-env");
    vi.stubEnv("ANTHROPIC_API_KEY", "env-key");
    const urls: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      urls.push(String(input));
      expect(new Headers(init?.headers).get("x-api-key")).toBe("given-key");
      return Response.json(anthropicMessage({ model: "m" }));
    };
    try {
      const { model } = resolveModel({ apiKey: "given-key", fetch });
      await generateText({ model, prompt: "hi", maxRetries: 0 });
    } finally {
      vi.unstubAllEnvs();
    }
    expect(urls).toEqual(["https://api.anthropic.com/v1/messages"]);
  });

  it("fails before any request when ANTHROPIC_API_KEY is missing", async () => {
    const fake = await startJsonServer(anthropicMessage);
    for (const apiKey of [undefined, "", "   "]) {
      const attempt = () => resolveModel({ apiKey, baseURL: fake.url });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/^ANTHROPIC_API_KEY is not set; /);
    }
    expect(fake.seen).toEqual([]);
  });

  it("names the aliases when a short model name is unknown", () => {
    expect(() => resolveModel({ model: "sonet", apiKey: "k" })).toThrow(
      'Unknown model "sonet"; use one of sonnet (claude-sonnet-5-5), opus (claude-opus-5-5), haiku (claude-haiku-5-5), or a full model id such as claude-sonnet-5-5.',
    );
  });

  it("warns about, but passes through, an id that does not look like Anthropic's", () => {
    expect(resolveModel({ model: "gpt-4o", apiKey: "k" }).warning).toBe(
      '"gpt-4o" does not look like an Anthropic model id (they start with "claude-"); the API may refuse it. For another provider use --provider openai-compatible --base-url URL.',
    );
    expect(resolveModel({ model: "gpt-4o", apiKey: "k" }).modelId).toBe("gpt-4o");
    for (const model of [undefined, "opus", "claude-3-haiku-20240307", "Claude-Sonnet-5-5"]) {
      expect(resolveModel({ model, apiKey: "k" }).warning).toBeUndefined();
    }
    expect(
      resolveModel({
        provider: "openai-compatible",
        model: "llama3.1:8b",
        baseURL: "http://127.0.0.1:9/v1",
      }).warning,
    ).toBeUndefined();
  });

  it("rejects a malformed ANTHROPIC_BASE_URL by name", () => {
    expect(() => resolveModel({ apiKey: "k", baseURL: "api.example.com" })).toThrow(
      "ANTHROPIC_BASE_URL must start with http:// or https://, for example https://api.anthropic.com/v1.",
    );
  });
});

describe("resolveModel: openai-compatible (Ollama, llama.cpp, vLLM, LM Studio)", () => {
  it("POSTs {baseURL}/chat/completions with the server's model name and an optional bearer key", async () => {
    const fake = await startJsonServer(chatCompletion);
    const keyless = resolveModel({
      provider: "openai-compatible",
      model: "llama3.1:8b",
      baseURL: `${fake.url}/v1/`,
    });
    expect(keyless).toMatchObject({
      provider: "openai-compatible",
      modelId: "llama3.1:8b",
      supportsServerWebSearch: false,
    });
    const withKey = resolveModel({
      provider: "openai-compatible",
      model: "sonnet",
      baseURL: `${fake.url}/v1`,
      apiKey: "local-key",
    });

    expect((await generateText({ model: keyless.model, prompt: "hi", maxRetries: 0 })).text).toBe(
      "hello from llama",
    );
    await generateText({ model: withKey.model, prompt: "hi", maxRetries: 0 });

    expect(fake.seen.map((s) => [s.method, s.path, s.body.model])).toEqual([
      ["POST", "/v1/chat/completions", "llama3.1:8b"],
      ["POST", "/v1/chat/completions", "sonnet"],
    ]);
    expect(fake.seen[0]?.headers.authorization).toBeUndefined();
    expect(fake.seen[1]?.headers.authorization).toBe("Bearer local-key");
  });

  it("needs a base URL and a model name", () => {
    expect(() => resolveModel({ provider: "openai-compatible", model: "llama3.1" })).toThrow(
      /^--provider openai-compatible needs --base-url, e.g. http:\/\/localhost:11434\/v1 for Ollama\.$/,
    );
    expect(() =>
      resolveModel({ provider: "openai-compatible", baseURL: "http://localhost:11434/v1" }),
    ).toThrow(/needs --model with the name your server serves/);
    expect(() =>
      resolveModel({ provider: "openai-compatible", model: "m", baseURL: "localhost:11434" }),
    ).toThrow(
      "--base-url must start with http:// or https://, for example http://localhost:11434/v1.",
    );
  });

  it("rejects an unknown provider", () => {
    const provider = "openai" as "anthropic";
    expect(() => resolveModel({ provider })).toThrow(
      'Unknown provider "openai"; use one of: anthropic, openai-compatible.',
    );
  });
});
