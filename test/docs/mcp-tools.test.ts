import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exploreIdeaInputSchema } from "../../src/mcp/explore-idea-input.ts";
import { REPO_ROOT } from "../helpers/run-cli.ts";

describe("docs/mcp.md, against the MCP server's schemas", () => {
  it("names every field explore_idea takes in its row of the tools table", () => {
    const markdown = readFileSync(path.join(REPO_ROOT, "docs", "mcp.md"), "utf8");
    const row = /^\| `explore_idea` .*$/m.exec(markdown)?.[0];
    expect(row, "docs/mcp.md has no `explore_idea` row in its tools table").toBeDefined();
    const inputs = /`\{([^}]*)\}`/.exec(row ?? "")?.[1] ?? "";
    const documented = new Set(inputs.split(",").map((field) => field.trim().replace(/\?$/, "")));
    const fields = Object.keys(exploreIdeaInputSchema.shape);
    expect(
      fields.filter((f) => !documented.has(f)),
      "fields of explore_idea missing from docs/mcp.md",
    ).toEqual([]);
    expect(
      [...documented].filter((f) => !fields.includes(f)),
      "fields in docs/mcp.md that explore_idea does not take",
    ).toEqual([]);
  });
});
