import type { StepResult, ToolSet } from "ai";
import { citationPlaceholder } from "./citation-placeholder.ts";

type Part = StepResult<ToolSet>["content"][number];

/**
 * The text parts joined as written, each followed by a placeholder per page it cites. With
 * Anthropic's web search an answer comes as many text blocks, and a block that states a fact
 * carries its citations: the placeholder goes right after that block's text (before its
 * trailing whitespace, so it stays in the block's paragraph), each page once per block.
 */
export function citedText(parts: readonly Part[]): string {
  return parts.map((part) => (part.type === "text" ? withPlaceholders(part) : "")).join("");
}

function withPlaceholders(part: Extract<Part, { type: "text" }>): string {
  const urls = new Set(
    (part.citations ?? []).flatMap(({ source }) =>
      source.sourceType === "url" ? [source.url] : [],
    ),
  );
  if (urls.size === 0) return part.text;
  const text = part.text.trimEnd();
  return `${text}${[...urls].map(citationPlaceholder).join("")}${part.text.slice(text.length)}`;
}
