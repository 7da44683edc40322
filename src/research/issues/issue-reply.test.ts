import { describe, expect, it } from "vitest";
import { parseMarker } from "./issue-markers.ts";
import { replyBody } from "./issue-reply.ts";

describe("the answer comment", () => {
  it("ends with the run's outcome marker", () => {
    const body = replyBody({ kind: "failed", message: "no key" }, "run-1", "idea");
    expect(parseMarker(body)).toEqual({ type: "outcome", run: "run-1", kind: "failed" });
  });

  it("mentions nobody and links no issue from model text or an error", () => {
    const body = replyBody(
      {
        kind: "completed",
        path: "ideas/a/research.md",
        url: "https://github.com/me/ideas/blob/main/ideas/a/research.md",
        summary: ["Ask @octocat about #12"],
        citedSources: 1,
        sources: 2,
      },
      "run-1",
      "idea",
    );
    expect(body).toContain("> Ask @\u200boctocat about #\u200b12");
    expect(replyBody({ kind: "failed", message: "@team broke it" }, "r", "idea")).toContain(
      "@\u200bteam",
    );
  });
});
