import { describe, expect, it } from "vitest";
import { buildInterviewInstructions } from "./interview-instructions.ts";

const codebaseTools = {
  file_read: { description: "Read a file." },
  list_files: { description: "List a folder." },
  search_files: { description: "Search files." },
  file_write: { description: "Write a file." },
};

function toolSection(prompt: string): string {
  return prompt.slice(prompt.indexOf("# Your tools"));
}

describe("buildInterviewInstructions", () => {
  it("guides the model on exactly the tools registered, in their order", () => {
    const prompt = buildInterviewInstructions({ tools: codebaseTools });
    const lines = toolSection(prompt)
      .split("\n")
      .filter((l) => l.startsWith("- "));
    expect(lines.slice(0, 4).map((l) => l.slice(2).split(":")[0])).toEqual([
      "file_read",
      "list_files",
      "search_files",
      "file_write",
    ]);
    expect(toolSection(prompt)).not.toContain("web_search:");
    expect(toolSection(prompt)).not.toContain("search_tools:");
  });

  it("says plainly when web search is missing, and not when it is there", () => {
    const without = buildInterviewInstructions({ tools: codebaseTools });
    expect(without).toContain("Web search is not available in this session");
    const withWeb = buildInterviewInstructions({
      tools: { ...codebaseTools, web_search: { description: "Search the web." } },
    });
    expect(withWeb).not.toContain("Web search is not available");
    expect(toolSection(withWeb)).toContain("- web_search: look up prior art");
  });

  it("falls back to a tool's own description for tools it has no guidance for", () => {
    const prompt = buildInterviewInstructions({
      tools: {
        ticket_lookup: { description: "Finds tickets by id. Slow on big trackers." },
        runtime_tool: { description: () => "computed" },
      },
    });
    expect(toolSection(prompt)).toContain(
      "- ticket_lookup: Finds tickets by id.\n- runtime_tool\n",
    );
    expect(prompt).toContain("You cannot write files in this session");
  });

  it("appends the listing of tools found on request after the loaded ones", () => {
    const section =
      "## More tools (use search_tools first)\nMCP: jira:\n- jira__find: Find issues.";
    const prompt = buildInterviewInstructions({
      tools: { ...codebaseTools, search_tools: { description: "Find tools." } },
      deferredSection: section,
    });
    expect(toolSection(prompt)).toContain(
      "- search_tools: find and load further tools by describing what you need (listed below).\n\n" +
        section,
    );
    expect(buildInterviewInstructions({ tools: codebaseTools, deferredSection: "" })).toBe(
      buildInterviewInstructions({ tools: codebaseTools }),
    );
  });

  it("asks for the job folder layout a later agent can pick up cold", () => {
    const prompt = buildInterviewInstructions({ tools: codebaseTools });
    expect(prompt).toContain("<job-slug>/jtbd.md");
    expect(prompt).toContain("<job-slug>/specs/<spec-name>.md");
    for (const stage of ["Problem", "Outcome", "Scope", "Acceptance criteria", "Relationships"]) {
      expect(prompt).toContain(`${stage}:`);
    }
  });
});
