import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LoopbackSite, serve, startLoopbackSite } from "../../../test/fakes/loopback-site.ts";
import { driveTool } from "../../../test/helpers/drive-tool.ts";
import { makeTempTree, type TempTree } from "../../../test/helpers/temp-tree.ts";
import { parseExploreFlags } from "../../cli/explore/explore-options.ts";
import { parseEnv } from "../../config/env.ts";
import { exploreRequestSchema } from "../../config/explore-request.ts";
import { fromWireNames } from "../../config/wire-names.ts";
import { resolveModel } from "../../models/resolve-model.ts";
import { parsePrivateAllowList } from "../../net/private-allow-list.ts";
import { exploreBodySchema } from "../../server/explore-body.ts";
import { LocalStore } from "../../store/local-store.ts";
import type { WebFetchOutput } from "../../tools/web-fetch.ts";
import { exploreToolkit } from "./explore-tools.ts";
import { webFetchToolingFromEnv } from "./web-fetch-tooling.ts";

/**
 * The part size reaches web_fetch from each place it can be set: the explore flag, the HTTP
 * body and MCP input (the request's maxPageChars), and the operator's environment, the lower
 * one winning.
 */
let tree: TempTree;
let site: LoopbackSite;
beforeAll(async () => {
  tree = await makeTempTree({ files: { "ideas/README.md": "x\n" } });
});
afterAll(() => tree.cleanup());
beforeEach(async () => {
  site = await startLoopbackSite();
  site.route("/long", serve("text/plain", "word ".repeat(20_000)));
});
afterEach(() => site.close());

async function partLength(
  request: { maxPageChars?: number | undefined },
  operatorEnv: Record<string, string> = {},
) {
  const { tools, provenance } = exploreToolkit({
    store: new LocalStore({ root: tree.dir }),
    model: resolveModel({
      provider: "openai-compatible",
      model: "m",
      baseURL: "http://127.0.0.1:9/v1",
    }),
    webFetch: {
      ...webFetchToolingFromEnv(parseEnv(operatorEnv)),
      allowPrivate: parsePrivateAllowList("127.0.0.1"),
    },
    toolSearch: "never",
    onToolCall: () => {},
    request,
  });
  provenance?.see("user", [`${site.origin}/long`]);
  const call = await driveTool(tools, "web_fetch", { url: `${site.origin}/long` });
  if (call.part.type !== "tool-result") throw new Error(call.modelSaw);
  return (call.part.output as WebFetchOutput).text.length;
}

describe("web_fetch's part size in an exploration", () => {
  it("is 12,000 characters by default", async () => {
    expect(await partLength({})).toBe(12_000);
  });

  it("comes from --max-page-chars", async () => {
    const flags = parseExploreFlags(["idea", "--max-page-chars", "2000"]);
    const request = exploreRequestSchema.parse({ idea: "idea", ...flags.request });
    expect(await partLength(request)).toBe(2_000);
  });

  it("comes from the API body's (and MCP input's) max_page_chars", async () => {
    const body = exploreBodySchema.parse({ idea: "idea", max_page_chars: 3_000 });
    const request = exploreRequestSchema.parse(fromWireNames(body));
    expect(await partLength(request)).toBe(3_000);
    expect(() => exploreBodySchema.parse({ idea: "idea", max_page_chars: 10 })).toThrow(
      /must be a whole number from 1,000 to 200,000/,
    );
  });

  it("is the operator's IDEA_EXPLORER_MAX_PAGE_CHARS when that is lower", async () => {
    const env = { IDEA_EXPLORER_MAX_PAGE_CHARS: "1500" };
    expect(await partLength({ maxPageChars: 5_000 }, env)).toBe(1_500);
    expect(await partLength({}, env)).toBe(1_500);
  });
});
