import type { StepResult, ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { finalReport } from "./final-report.ts";

type Part = StepResult<ToolSet>["content"][number];
const text = (t: string): Part => ({ type: "text", text: t });
const call: Part = {
  type: "tool-call",
  toolCallId: "1",
  toolName: "web_search",
  input: {},
  providerExecuted: true,
} as Part;

describe("finalReport", () => {
  it("keeps only the text after the step's last tool part", () => {
    expect(finalReport({ content: [text("Let me search."), call, text("# R\n\nBody")] })).toBe(
      "# R\n\nBody",
    );
  });

  it("drops a short narrating preamble before the first heading", () => {
    const report =
      "Now I have enough information. Let me write the report.\n\n# Dog bakery\n\nBody";
    expect(finalReport({ content: [text(report)] })).toBe("# Dog bakery\n\nBody");
  });

  it("unwraps a report the model fenced as one markdown code block", () => {
    const fenced = "```markdown\n# Dog bakery\n\n## Market\n\nBody\n```";
    expect(finalReport({ content: [text(fenced)] })).toBe("# Dog bakery\n\n## Market\n\nBody");
    expect(finalReport({ content: [text("```\n# R\n\nBody\n```\n")] })).toBe("# R\n\nBody");
  });

  it("keeps code blocks that are only part of the report", () => {
    const report = "```bash\nnpm i\n```\n\n# R\n\n```ts\nx()\n```";
    expect(finalReport({ content: [text(report)] })).toBe(report);
    const two = "```md\n# A\n```\n\nand\n\n```md\n# B\n```";
    expect(finalReport({ content: [text(two)] })).toBe(two);
  });

  it("keeps an introduction that is not narration", () => {
    const report = "This report weighs a bakery for dogs.\n\n## Problem\n\nBody";
    expect(finalReport({ content: [text(report)] })).toBe(report);
  });

  it("keeps a long preamble, which is more than narration", () => {
    const report = `Based on my research, ${"the market is large. ".repeat(30)}\n\n## Market\n\nBody`;
    expect(finalReport({ content: [text(report)] })).toBe(report.trim());
  });

  it("falls back to the whole step when nothing follows the last tool part", () => {
    expect(finalReport({ content: [text("# R\n\nBody"), call] })).toBe("# R\n\nBody");
  });

  it("returns an empty string for a step without text", () => {
    expect(finalReport({ content: [call] })).toBe("");
  });
});
