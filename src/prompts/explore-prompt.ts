import type { ToolSet } from "ai";
import type { ResearchMode } from "../config/explore-request.ts";
import { READ_RESEARCH_TOOL_NAME } from "../tools/read-research.ts";
import { WEB_FETCH_TOOL_NAME } from "../tools/web-fetch.ts";
import { WEB_SEARCH_TOOL_NAME } from "../tools/web-search.ts";
import { modeInstructions, modeLabel } from "./mode-instructions.ts";
import { type RefreshPromptInput, refreshTask } from "./refresh-instructions.ts";
import { languageInstructions } from "./report-language.ts";
import { renderPreviousResearch, renderPriorResearch } from "./research-context.ts";
import { type PromptTool, renderToolGuidance } from "./tool-guidance.ts";

export interface ExplorePromptInput {
  mode: ResearchMode;
  idea: string;
  context?: string | undefined;
  /** The tools registered for the run (a ToolSet, or their names): guidance follows them. */
  tools: ToolSet | readonly string[];
  /** Tools not sent yet that search_tools can load (deferral): they may still retrieve pages. */
  discoverableTools?: readonly string[];
  /** read_research paths ("<folder>/research.md"), most related first; rendered as given, capped. */
  priorResearch: readonly string[];
  /** The research.md this run builds on (--continue-from, or the one being updated). */
  previousResearch?: { path: string; content: string } | undefined;
  /** True when the run updates previousResearch rather than continuing from it. */
  isUpdate?: boolean;
  /** The update is a refresh: it looks for what changed since then and says it first. */
  refresh?: Omit<RefreshPromptInput, "mode"> | undefined;
  /** YYYY-MM-DD: what "current" means for the model. */
  date: string;
  /** Tells the model how many rounds of tool calls it has. */
  maxSteps?: number;
  /**
   * Extra tool section, e.g. tool deferral's list of not-yet-loaded tools
   * (`deferral.promptSection()`), appended after the guidance.
   */
  toolSection?: string;
  /**
   * Replaces the mode's task (its report structure): deep research gives each sub-question run
   * a narrower task, with the same tools and citation rules.
   */
  task?: string;
  /** The report's language (a BCP 47 primary code): the prompt asks for it by name. */
  language?: string | undefined;
}

export interface ExplorePrompt {
  system: string;
  user: string;
}

/**
 * The prompts of one exploration. The system prompt holds what is the same for every idea of
 * a mode and tool set (role, task, tool guidance, citation and output rules), so it stays
 * cacheable across runs; the user prompt holds this idea and its material.
 */
export function buildExplorePrompt(input: ExplorePromptInput): ExplorePrompt {
  const tools = promptTools(input.tools);
  const canSearch = tools.some((t) => t.name === WEB_SEARCH_TOOL_NAME);
  const canFetch =
    tools.some((t) => t.name === WEB_FETCH_TOOL_NAME) ||
    (input.discoverableTools ?? []).includes(WEB_FETCH_TOOL_NAME);
  const canRead = tools.some((t) => t.name === READ_RESEARCH_TOOL_NAME);
  const system = sections(
    "You are a rigorous research analyst. You explore product and business ideas and write " +
      "clear, well-sourced Markdown reports that a founder can act on.",
    input.task ?? modeInstructions(input.mode),
    renderToolGuidance(tools, input.maxSteps),
    input.toolSection ?? "",
    citationRules(canSearch, canFetch),
    OUTPUT_RULES,
    input.language ? languageInstructions(input.language, input.mode) : "",
  );
  const user = sections(
    `Today is ${input.date}. Write the ${modeLabel(input.mode)} for this idea.`,
    fenced("idea", input.idea),
    input.context?.trim() ? fenced("context", input.context) : "",
    renderPreviousResearch(
      input.previousResearch,
      input.isUpdate === true,
      input.refresh ? refreshTask({ mode: input.mode, ...input.refresh }) : undefined,
    ),
    renderPriorResearch(input.priorResearch, canRead),
  );
  return { system, user };
}

function promptTools(tools: ToolSet | readonly string[]): PromptTool[] {
  if (isNameList(tools)) return tools.map((name) => ({ name }));
  return Object.entries(tools).map(([name, tool]) =>
    typeof tool.description === "string" ? { name, description: tool.description } : { name },
  );
}

function isNameList(tools: ToolSet | readonly string[]): tools is readonly string[] {
  return Array.isArray(tools);
}

/** What may be cited follows the tools that retrieve pages: the Sources list is built from them. */
function citationRules(canSearch: boolean, canFetch: boolean): string {
  if (!canSearch && !canFetch) {
    return (
      "## Sources and citations\n" +
      "No web pages are retrieved in this run, so the report contains no URLs or links. Do " +
      "not write a Sources, References or Bibliography section."
    );
  }
  const retrieved = [
    ...(canSearch ? ["that your web searches actually returned"] : []),
    ...(canFetch ? ["that you read with web_fetch"] : []),
  ].join(" or ");
  return (
    "## Sources and citations\n" +
    "Cite the source of every figure, name and date you take from a page. When your answer " +
    "carries citations of search results natively, those count; otherwise put a Markdown link " +
    "[title](url) to the page right after the claim it supports. Cite only a URL " +
    `${retrieved} in this run. Never invent, guess or complete a URL. Do not number your ` +
    "citations. Do not write a Sources, References or Bibliography section: citations are " +
    "numbered and the list of sources is appended to the report automatically."
  );
}

export const OUTPUT_RULES = `## Output
Your last message is the report, and only it is kept: write the whole report there, in
Markdown, starting with a level-1 heading that names the idea. Do not narrate what you are
doing or did ("Let me search...", "Now I have enough..."), and do not ask questions: make
reasonable assumptions and state them. Be concrete: numbers with their source, named
companies, specific risks.`;

/** User-supplied text, fenced so it reads as data rather than as instructions. */
export function fenced(tag: string, text: string): string {
  return `<${tag}>\n${text.trim().replaceAll(`</${tag}>`, `<\\/${tag}>`)}\n</${tag}>`;
}

export function sections(...parts: string[]): string {
  return parts.filter((p) => p.trim()).join("\n\n");
}
