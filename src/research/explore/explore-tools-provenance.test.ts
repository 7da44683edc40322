import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LoopbackSite, serve, startLoopbackSite } from "../../../test/fakes/loopback-site.ts";
import { driveTool } from "../../../test/helpers/drive-tool.ts";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { resolveModel } from "../../models/resolve-model.ts";
import { parsePrivateAllowList } from "../../net/private-allow-list.ts";
import { LocalStore } from "../../store/local-store.ts";
import { exploreToolkit } from "./explore-tools.ts";

/**
 * The toolkit's tools tell the run's provenance what each answer brought in: a client-side
 * search's results become fetchable, a private tool's answer stops page links from counting.
 * Driven through generateText, one tool call at a time, as a model makes them.
 */
let tree: TempTree;
let site: LoopbackSite;
beforeAll(async () => {
  tree = await makeTempTree({
    files: {
      "ideas/README.md": "x\n",
      "ideas/2026-01-01-old/research.md": "# Old\n\nPrivate figures.\n",
      "code/a.ts": "export const secret = 1;\n",
    },
  });
});
afterAll(() => tree.cleanup());
beforeEach(async () => {
  site = await startLoopbackSite();
  site.route("/found", serve("text/html", `<a href="${"/linked"}">next</a><p>found</p>`));
  site.route("/linked", serve("text/plain", "linked page"));
});
afterEach(() => site.close());

const kit = (codebase = false) =>
  exploreToolkit({
    store: new LocalStore({ root: tree.dir }),
    model: resolveModel({
      provider: "openai-compatible",
      model: "m",
      baseURL: "http://127.0.0.1:9/v1",
    }),
    search: async () => [{ title: "Found", url: `${site.origin}/found`, snippet: "s" }],
    webFetch: { allowPrivate: parsePrivateAllowList("127.0.0.1") },
    toolSearch: "never",
    onToolCall: () => {},
    ...(codebase ? { codebase: path.join(tree.dir, "code") } : {}),
  });

const fetchResult = async (
  tools: ReturnType<typeof kit>["tools"],
  url: string,
  extra: { full?: boolean } = {},
) => (await driveTool(tools, "web_fetch", { url, ...extra })).modelSaw;

describe("exploreToolkit's provenance", () => {
  it("lets web_fetch read what a client-side search returned, and the links of pages read", async () => {
    const { tools } = kit();
    expect(await fetchResult(tools, `${site.origin}/found`)).toContain("did not");
    await driveTool(tools, "web_search", { query: "anything" });
    expect(await fetchResult(tools, `${site.origin}/found`)).toContain("found");
    expect(await fetchResult(tools, `${site.origin}/linked`)).toContain("linked page");
    expect(site.requests.map((r) => r.path)).toEqual(["/found", "/linked"]);
  });

  it.each([
    ["read_research", { path: "2026-01-01-old/research.md" }],
    ["search_research", { query: "old" }],
    ["file_read", { path: "a.ts" }],
  ])("takes page links no more once %s answered", async (tool, input) => {
    const { tools, provenance } = kit(true);
    await driveTool(tools, "web_search", { query: "anything" });
    await fetchResult(tools, `${site.origin}/found`);
    await driveTool(tools, tool, input);
    expect(provenance?.hasPrivate).toBe(true);
    expect(await fetchResult(tools, `${site.origin}/linked`)).toContain(
      "private material is in this conversation now",
    );
    // A search result's URL is still fetched: `full` asks for a download the page cache does
    // not hold, so the request goes out through provenance again.
    expect(await fetchResult(tools, `${site.origin}/found`, { full: true })).toContain("found");
    expect(site.requests.map((r) => r.path)).toEqual(["/found", "/found"]);
  });

  it("keeps a read_research refusal from making the conversation private", async () => {
    const { tools, provenance } = kit();
    await driveTool(tools, "read_research", { path: "2099-01-01-missing/research.md" });
    expect(provenance?.hasPrivate).toBe(false);
  });
});
