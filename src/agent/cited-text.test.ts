import type { StepResult, ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { citedText } from "./cited-text.ts";

type Part = StepResult<ToolSet>["content"][number];
const text = (t: string, ...urls: string[]): Part => ({
  type: "text",
  text: t,
  ...(urls.length
    ? {
        citations: urls.map((url) => ({
          source: { type: "source", sourceType: "url", id: url, url },
          citedText: "quoted",
        })),
      }
    : {}),
});

describe("citedText", () => {
  it("puts a placeholder after each cited part, before its trailing whitespace, each page once", () => {
    const parts = [
      text("# R\n\nThe market is "),
      text("worth $2B", "https://a.example/m", "https://b.example/n", "https://a.example/m"),
      text(" and growing.\n\n"),
      text("Barkery leads.\n\n", "https://b.example/n"),
      text("Done."),
    ];
    expect(citedText(parts)).toBe(
      "# R\n\nThe market is worth $2B[[cite]](https://a.example/m)[[cite]](https://b.example/n)" +
        " and growing.\n\nBarkery leads.[[cite]](https://b.example/n)\n\nDone.",
    );
  });

  it("ignores citations of documents, which have no page to link", () => {
    const document: Part = {
      type: "text",
      text: "From the PDF.",
      citations: [
        {
          source: {
            type: "source",
            sourceType: "document",
            id: "0",
            mediaType: "application/pdf",
            title: "Doc",
          },
          citedText: "x",
        },
      ],
    };
    expect(citedText([document])).toBe("From the PDF.");
  });
});
