import type { StepResult, ToolSet } from "ai";
import { citedText } from "./cited-text.ts";

type Part = StepResult<ToolSet>["content"][number];

const TOOL_PARTS = new Set(["tool-call", "tool-result", "tool-error"]);
/** How a model typically announces work instead of doing it: "Let me…", "Now I'll…". */
const NARRATION =
  /^(let me|let's|now,? (i|let)|i'll|i will|i've|i have|i now|based on (my|the|this)|great|ok(ay)?|alright|perfect|excellent|here is|here's)\b/i;
const MAX_PREAMBLE_CHARS = 400;

/**
 * The report from the final step only. Within that step, only the text after its last tool
 * part counts: with server-side search one response holds "Let me search…", the search, and
 * then the answer (split into many text blocks around citations, joined as written, each cited
 * block followed by its citation placeholders: see cited-text.ts). A short
 * narrating preamble before the first heading ("Now I have enough. Let me write it.") is
 * dropped as well; anything else the model wrote is kept. May return "" (the caller decides).
 */
export function finalReport(step: { content: readonly Part[] }): string {
  const lastTool = step.content.findLastIndex((part) => TOOL_PARTS.has(part.type));
  const after = citedText(step.content.slice(lastTool + 1));
  const text = after.trim() ? after : citedText(step.content);
  return withoutNarration(unfenced(text.trim()));
}

/**
 * Local models often wrap the whole report in one ```markdown fence; written as is, the file
 * would render as a code block. A fence that is only part of the report is kept.
 */
function unfenced(text: string): string {
  const match = /^```(?:markdown|md)?[ \t]*\n([\s\S]*?)\n```$/i.exec(text);
  return match && !match[1]!.includes("\n```") ? match[1]!.trim() : text;
}

function withoutNarration(text: string): string {
  const heading = /^#{1,3}\s+\S/m.exec(text);
  if (!heading || heading.index === 0) return text;
  const preamble = text.slice(0, heading.index).trim();
  if (preamble.length > MAX_PREAMBLE_CHARS || !NARRATION.test(preamble)) return text;
  return text.slice(heading.index).trim();
}
