import { parse as parseYaml } from "yaml";
import { splitFrontmatter } from "./frontmatter.ts";

/** What search_research shows and matches for one research.md. */
export interface ResearchSummary {
  title?: string;
  idea?: string;
  /** YYYY-MM-DD, from the frontmatter. */
  date?: string;
  mode?: string;
  /** Other short text values of the frontmatter (tags, model, ...), matched at a lower weight. */
  other: string[];
}

/** Frontmatter is short; a file that opens with "---" but never closes it is not scanned to the end. */
const MAX_FRONTMATTER_CHARS = 16_384;
const MAX_VALUE_CHARS = 500;

/**
 * The frontmatter fields of a research file, read leniently: hand-written files without
 * frontmatter are titled by their first "# " heading, malformed YAML yields only that heading,
 * and YAML aliases are refused outright (an alias bomb costs nothing here).
 */
export function summarizeResearch(markdown: string): ResearchSummary {
  const text = markdown.replace(/^\uFEFF/, "").slice(0, MAX_FRONTMATTER_CHARS * 2);
  const split = splitFrontmatter(text);
  const heading = firstHeading(split ? split.body : text);
  const fields =
    split && split.yaml.length <= MAX_FRONTMATTER_CHARS ? frontmatterFields(split.yaml) : {};
  const title = stringField(fields.title) ?? heading;
  const date = stringField(fields.date);
  return {
    ...(title ? { title } : {}),
    ...optional("idea", stringField(fields.idea)),
    ...(date && /^\d{4}-\d{2}-\d{2}/.test(date) ? { date: date.slice(0, 10) } : {}),
    ...optional("mode", stringField(fields.mode)),
    other: Object.entries(fields)
      .filter(([key]) => !["title", "idea", "date", "mode", "fingerprint"].includes(key))
      .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
      .map(stringField)
      .filter((v): v is string => v !== undefined),
  };
}

function frontmatterFields(yaml: string): Record<string, unknown> {
  try {
    const parsed: unknown = parseYaml(yaml, { maxAliasCount: 0 });
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function stringField(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return value.toISOString().slice(0, 10);
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value).replace(/\s+/g, " ").trim();
  return text ? text.slice(0, MAX_VALUE_CHARS) : undefined;
}

function firstHeading(body: string): string | undefined {
  const line = /^#[ \t]+(.+)$/m.exec(body.slice(0, MAX_FRONTMATTER_CHARS))?.[1];
  return line ? stringField(line.replace(/#+\s*$/, "")) : undefined;
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
