import { oneLine } from "../config/one-line.ts";
import { READ_RESEARCH_TOOL_NAME } from "../tools/read-research.ts";
import { SEARCH_TOOLS_TOOL_NAME } from "../tools/search-tools.ts";
import { WEB_SEARCH_TOOL_NAME } from "../tools/web-search.ts";

/** A registered tool as the prompt sees it: its name, and its description when known. */
export interface PromptTool {
  name: string;
  description?: string;
}

const KNOWN: Record<string, string> = {
  [WEB_SEARCH_TOOL_NAME]:
    "Search the live web for current, external facts: market data, competitors, prices, " +
    "recent news, regulation, studies. One specific topic per search.",
  [READ_RESEARCH_TOOL_NAME]:
    "Read an earlier research document of this repository, by one of the paths listed under " +
    '"Earlier research" (exactly as written there). It returns { ok: true, content, bytes } ' +
    "or { ok: false, error_type, message }.",
  [SEARCH_TOOLS_TOOL_NAME]: "Find a tool that is not loaded yet, by describing what you need.",
};

const NO_WEB_SEARCH =
  "Web search is NOT available in this run. Do not invent URLs, sources, statistics or " +
  "quotes: rely on what you know and on earlier research, and mark figures that need checking.";

/**
 * Seed 001's tool guidance, rendered from the tools actually registered: a tool that is not
 * registered is never mentioned as available, and its absence is stated where it matters
 * (web search). With no tools at all, the model is told to answer from what it knows.
 */
export function renderToolGuidance(tools: readonly PromptTool[], maxSteps?: number): string {
  const has = (name: string) => tools.some((t) => t.name === name);
  const lines = ["## Tools"];
  if (tools.length === 0) lines.push("No tools are available in this run.");
  for (const tool of tools) {
    const text = KNOWN[tool.name] ?? tool.description ?? "no description";
    lines.push(`- **${tool.name}**: ${oneLine(text)}`);
  }
  if (!has(WEB_SEARCH_TOOL_NAME)) lines.push("", NO_WEB_SEARCH);
  if (tools.length === 0) return lines.join("\n");

  lines.push("", "## How to use the tools");
  if (has(WEB_SEARCH_TOOL_NAME) && has(READ_RESEARCH_TOOL_NAME)) {
    lines.push(
      `- Prefer ${WEB_SEARCH_TOOL_NAME} for current or external facts; prefer ` +
        `${READ_RESEARCH_TOOL_NAME} to build on earlier explorations of this repository.`,
    );
  }
  lines.push(
    "- Do not repeat yourself: never read the same file twice or run the same search again.",
    "- Synthesize: weave what the tools return into your own analysis; do not paste results.",
    "- When a tool returns an error, note what was unavailable and carry on with what you " +
      "have; do not retry the same call with the same input.",
  );
  if (maxSteps !== undefined) {
    lines.push(
      `- You have at most ${maxSteps} rounds of tool calls; gather what matters most first, ` +
        "then write the report.",
    );
  }
  return lines.join("\n");
}
