import { describe, expect, it } from "vitest";
import { lenientJson } from "./repair-tool-call.ts";

describe("lenientJson: tool input that is nearly JSON", () => {
  it.each([
    ["a code fence", '```json\n{"query": "soil sensors"}\n```'],
    ["a trailing comma", '{"query": "soil sensors",}'],
    ["prose around it", 'Calling the tool: {"query": "soil sensors"} now.'],
    ["JSON encoded twice", JSON.stringify('{"query": "soil sensors"}')],
    ["all of them", '```\n{"query": "soil sensors",\n}\n```'],
  ])("reads %s", (_, text) => {
    expect(lenientJson(text)).toEqual({ query: "soil sensors" });
  });

  it("keeps commas inside strings", () => {
    expect(lenientJson('{"query": "a,}", "n": [1, 2,],}')).toEqual({ query: "a,}", n: [1, 2] });
  });

  it.each([
    ["cut off", '{"query": "soil sens'],
    ["not an object", "[1, 2]"],
    ["no JSON at all", "search for soil sensors"],
  ])("gives up on input %s", (_, text) => {
    expect(lenientJson(text)).toBeUndefined();
  });
});
