import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveTool } from "../../../test/helpers/drive-tool.ts";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { resolveModel } from "../../models/resolve-model.ts";
import { LocalStore } from "../../store/local-store.ts";
import { type ExploreToolOptions, exploreToolkit } from "./explore-tools.ts";

let tree: TempTree;
beforeAll(async () => {
  tree = await makeTempTree({ files: { "ideas/README.md": "x\n", "code/a.ts": "export {};\n" } });
});
afterAll(async () => {
  await tree.cleanup();
});

const toolkit = (options: Partial<ExploreToolOptions> = {}) =>
  exploreToolkit({
    store: new LocalStore({ root: tree.dir }),
    model: resolveModel({ apiKey: "test-key" }),
    codebase: path.join(tree.dir, "code"),
    onToolCall: () => {},
    ...options,
  });

describe("exploreToolkit", () => {
  it("orders core tools first and keeps the order of everything else", () => {
    const kit = toolkit({ toolSearch: "always" });
    expect(Object.keys(kit.tools)).toEqual([
      "read_research",
      "web_search",
      "search_tools",
      "search_research",
      "web_fetch",
      "list_files",
      "file_read",
      "search_files",
    ]);
    expect(Object.keys(kit.promptTools)).toEqual(["read_research", "web_search", "search_tools"]);
  });

  it("without a web search backend leaves web_search out (openai-compatible, none configured)", () => {
    const kit = toolkit({
      model: resolveModel({
        provider: "openai-compatible",
        model: "local",
        baseURL: "http://127.0.0.1:9/v1",
      }),
      codebase: undefined,
    });
    expect(Object.keys(kit.tools)).toEqual(["read_research", "search_research", "web_fetch"]);
  });

  // What a model would ask for in an exploration, in its own words: the right tool comes first.
  it.each([
    ["read a web page", "web_fetch"],
    ["scrape the competitor's pricing page", "web_fetch"],
    ["check what we already explored", "search_research"],
    ["find earlier research about solar", "search_research"],
    ["what files are in the project", "list_files"],
    ["read the README of the codebase", "file_read"],
    ["grep for a function name", "search_files"],
  ])("search_tools answers %j with %s first", async (query, expected) => {
    const kit = toolkit({ toolSearch: "always" });
    const { part } = await driveTool(kit.tools, "search_tools", { query });
    const output = part.type === "tool-result" ? part.output : undefined;
    expect((output as { results: { name: string }[] }).results[0]?.name).toBe(expected);
  });
});
