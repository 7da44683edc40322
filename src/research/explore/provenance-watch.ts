import type { ToolExecutionOptions, ToolSet } from "ai";
import type { FetchProvenance } from "../../tools/web-fetch/fetch-provenance.ts";

export interface ProvenanceWatch {
  /** Tools whose answers bring private content into the conversation (earlier research, a codebase, MCP). */
  private: ReadonlySet<string>;
  /** Client-side search tools, and how to read the result URLs out of their output. */
  searches: Readonly<Record<string, (output: unknown) => readonly { url: string }[]>>;
}

/**
 * The tools, telling `provenance` what each answer brought into the conversation: a private
 * tool marks the conversation private as soon as it answers (or fails: an MCP server's error is
 * its own text), and a search tool's results become fetchable URLs. web_fetch reports the pages
 * it reads itself.
 */
export function watchedForProvenance(
  tools: ToolSet,
  provenance: FetchProvenance,
  watch: ProvenanceWatch,
): ToolSet {
  const watched: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute;
    const isPrivate = watch.private.has(name);
    const resultsOf = Object.hasOwn(watch.searches, name) ? watch.searches[name] : undefined;
    if (typeof execute !== "function" || (!isPrivate && !resultsOf)) {
      watched[name] = tool;
      continue;
    }
    watched[name] = {
      ...tool,
      execute: async (input: unknown, options: ToolExecutionOptions<unknown>) => {
        try {
          const output = await execute(input, options);
          if (isPrivate && !isRefusal(output)) provenance.markPrivate(`${name} answered`);
          if (resultsOf)
            provenance.see(
              "search",
              resultsOf(output).map((r) => r.url),
            );
          return output;
        } catch (error) {
          if (isPrivate) provenance.markPrivate(`${name} answered`);
          throw error;
        }
      },
    } as ToolSet[string];
  }
  return watched;
}

/** A `{ ok: false }` result (read_research's refusals) carries no content. */
function isRefusal(output: unknown): boolean {
  return (output as { ok?: unknown } | null)?.ok === false;
}
