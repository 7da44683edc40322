import { describe, expect, it } from "vitest";
import { splitFrontmatter } from "./frontmatter.ts";

describe("splitFrontmatter", () => {
  it("splits the YAML from the body", () => {
    expect(splitFrontmatter("---\ntitle: A\n---\n\n# A\n")).toEqual({
      yaml: "title: A",
      body: "\n# A\n",
    });
  });

  it("tolerates a BOM, CRLF line ends and spaces after the closing fence", () => {
    expect(splitFrontmatter("\uFEFF---\r\ntitle: A\r\n---  \r\nBody")).toEqual({
      yaml: "title: A",
      body: "Body",
    });
    expect(splitFrontmatter("---\ntitle: A\n---")).toEqual({ yaml: "title: A", body: "" });
  });

  it("finds none in a file that does not open with a fence", () => {
    expect(splitFrontmatter("# Title\n---\nx: 1\n---\n")).toBeUndefined();
    expect(splitFrontmatter("---\nnever closed\n")).toBeUndefined();
  });
});
