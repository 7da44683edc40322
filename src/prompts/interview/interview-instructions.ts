import { JTBD_METHOD } from "./jtbd-method.ts";

/** A tool set as the prompt needs it: names (the keys) and the descriptions the model is sent. */
export type PromptToolSet = Record<string, { description?: unknown }>;

export interface InterviewPromptInput {
  /** The tools registered for this session, in the order they are sent. */
  tools: PromptToolSet;
  /**
   * The listing of tools that are not loaded up front but can be found with a tool search
   * (the tool loading plan's promptSection); "" or absent when every tool is loaded.
   */
  deferredSection?: string;
}

interface PromptTool {
  name: string;
  description?: string;
}

/** How to use each tool the interview knows; anything else falls back to its own description. */
const GUIDANCE: Record<string, string> = {
  list_files:
    "list_files: see what is in a folder of the codebase (start with the root) before guessing paths.",
  search_files:
    "search_files: find where a name, string or pattern appears in the codebase; follow up with file_read.",
  file_read:
    "file_read: read a codebase file by its path relative to the codebase root. The codebase is read-only.",
  file_write:
    "file_write: write a job file by its path relative to the output folder (`<job-slug>/jtbd.md`, `<job-slug>/specs/<name>.md`). Writing again replaces the file.",
  web_search:
    "web_search: look up prior art, libraries, standards and how others solved the problem; cite the URLs you actually found.",
  search_tools:
    "search_tools: find and load further tools by describing what you need (listed below).",
};

/**
 * The interview system prompt for exactly the tools registered: guidance only for tools the model
 * can call, and a plain statement when a capability (web search, writing) is missing, so the
 * model neither calls absent tools nor claims research it could not do.
 */
export function buildInterviewInstructions(input: InterviewPromptInput): string {
  const tools = listed(input.tools);
  const names = new Set(tools.map((t) => t.name));
  const toolLines = tools.map((t) => `- ${GUIDANCE[t.name] ?? describe(t)}`);
  const limits: string[] = [];
  if (!names.has("web_search")) {
    limits.push(
      "- Web search is not available in this session: do not claim web research; rely on the codebase and ask the user about outside facts.",
    );
  }
  if (!tools.some((t) => t.name === "file_write")) {
    limits.push(
      "- You cannot write files in this session: give the job files' content in your reply instead.",
    );
  }
  const deferred = input.deferredSection ? ["", input.deferredSection] : [];
  return [
    JTBD_METHOD,
    "",
    "# Your tools",
    ...(toolLines.length ? toolLines : ["- none: answer from the conversation alone."]),
    ...deferred,
    ...(limits.length ? ["", "# Limits", ...limits] : []),
  ].join("\n");
}

function listed(tools: PromptToolSet): PromptTool[] {
  return Object.entries(tools).map(([name, tool]) =>
    // A description may be a function of runtime context; the prompt then shows the name alone.
    typeof tool.description === "string" ? { name, description: tool.description } : { name },
  );
}

function describe(tool: PromptTool): string {
  const firstSentence = tool.description?.split(/(?<=\.)\s/)[0]?.trim();
  return firstSentence ? `${tool.name}: ${firstSentence}` : tool.name;
}
