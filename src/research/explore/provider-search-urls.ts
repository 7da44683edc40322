import type { LanguageModelV4Content, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { type LanguageModel, wrapLanguageModel } from "ai";
import type { FetchProvenance } from "../../tools/web-fetch/fetch-provenance.ts";

/**
 * The model, reporting every page its provider's own web search returned (Anthropic's server
 * tool) to `provenance` as search results. It has to be the model's answer that is read, not the
 * step's: a model that searches and calls web_fetch in the same answer has its fetch run before
 * that step ends, and the URL it fetches came from that very answer.
 */
export function reportingProviderSearches(
  model: LanguageModel,
  provenance: FetchProvenance,
): LanguageModel {
  if (typeof model === "string") return model;
  const see = (part: LanguageModelV4Content | LanguageModelV4StreamPart) => {
    provenance.see("search", searchResultUrls(part));
  };
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: "v4",
      wrapGenerate: async ({ doGenerate }) => {
        const result = await doGenerate();
        for (const part of result.content) see(part);
        return result;
      },
      wrapStream: async ({ doStream }) => {
        const result = await doStream();
        const observed = result.stream.pipeThrough(
          new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
            transform(part, controller) {
              see(part);
              controller.enqueue(part);
            },
          }),
        );
        return { ...result, stream: observed };
      },
    },
  });
}

/** URLs of a provider-executed search's results and of URL sources the provider reported. */
function searchResultUrls(part: LanguageModelV4Content | LanguageModelV4StreamPart): string[] {
  if (part.type === "source" && part.sourceType === "url") return [part.url];
  if (part.type !== "tool-result" || !Array.isArray(part.result)) return [];
  return part.result.flatMap((item) => {
    const url = (item as { url?: unknown } | null)?.url;
    return typeof url === "string" ? [url] : [];
  });
}
