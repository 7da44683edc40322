import { asSchema, generateText, isStepCount, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withSchemasOnce } from "./schemas-once.ts";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const inputSchema = z.object({ path: z.string().min(1).describe("A file") });
const echo = tool({ description: "Echo", inputSchema, execute: async ({ path }) => `got ${path}` });

/** Two tool calls (one valid, one the schema refuses), then an answer. */
function scriptedModel() {
  const call = (id: string, input: string) => ({
    content: [{ type: "tool-call" as const, toolCallId: id, toolName: "echo", input }],
    finishReason: { unified: "tool-calls" as const, raw: undefined },
    usage,
    warnings: [],
  });
  return new MockLanguageModelV4({
    doGenerate: [
      call("1", '{"path":"a.md"}'),
      call("2", '{"path":""}'),
      {
        content: [{ type: "text", text: "done" }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
}

describe("withSchemasOnce", () => {
  it("sends the same JSON Schema on every step and still validates with the zod schema", async () => {
    const model = scriptedModel();
    const tools = withSchemasOnce({ echo });
    const result = await generateText({ model, tools, prompt: "go", stopWhen: isStepCount(3) });

    const expected = asSchema(inputSchema).jsonSchema;
    for (const call of model.doGenerateCalls) {
      const sent = call.tools?.[0] as { name: string; inputSchema: unknown } | undefined;
      expect(sent).toMatchObject({ name: "echo", inputSchema: expected });
    }
    const parts = result.steps.flatMap((s) => s.content).map((p) => p.type);
    expect(parts.filter((t) => t === "tool-result")).toHaveLength(1);
    expect(parts.filter((t) => t === "tool-error")).toHaveLength(1);
    expect(String(result.steps[1]?.content.find((p) => p.type === "tool-error")?.error)).toMatch(
      /Invalid input for tool echo/,
    );
  });

  it("converts each schema once per run, not once per step", () => {
    const tools = withSchemasOnce({ echo });
    const schema = tools.echo?.inputSchema;
    // asSchema hands back the converted Schema itself: its JSON Schema is memoized.
    expect(asSchema(schema as never)).toBe(schema);
    expect(asSchema(schema as never).jsonSchema).toBe(asSchema(schema as never).jsonSchema);
    // The caller's tool is left as it was.
    expect(echo.inputSchema).toBe(inputSchema);
  });
});
