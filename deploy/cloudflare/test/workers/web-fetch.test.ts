import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { resolveModel } from "../../../../src/models/resolve-model.ts";
import { exploreToolkit } from "../../../../src/research/explore/explore-tools.ts";
import type { WebFetchOutput } from "../../../../src/tools/web-fetch.ts";
import { driveTool } from "../../../../test/helpers/drive-tool.ts";
import { readWorkerConfig, type WorkerEnv, workerWebFetchTooling } from "../../src/worker-env.ts";
import { ARTICLE_PARAGRAPHS } from "./global-setup.ts";

/**
 * The Worker's web_fetch, in workerd: the tool an exploration gets from the Worker's own
 * configuration (worker-env.ts, its fetch transport), reading the loopback page server
 * global-setup.ts starts. That server is a private address: only the operator's private allow
 * list (IDEA_EXPLORER_PRIVATE_FETCH_HOSTS, as a deployment would set it) opens it.
 */
const { pagesUrl } = inject("fakes");
const bindings = env as unknown as WorkerEnv;

/** web_fetch as one exploration on the Worker has it, with `operator` added to the bindings. */
function workerWebFetch(operator: Record<string, string>) {
  const config = readWorkerConfig({ ...bindings, ...operator } as WorkerEnv);
  if ("problem" in config) throw new Error(config.problem);
  const { tools, provenance } = exploreToolkit({
    store: config.store,
    model: resolveModel({
      provider: "openai-compatible",
      model: "m",
      baseURL: "http://127.0.0.1:9/v1",
    }),
    webFetch: workerWebFetchTooling(config.env),
    toolSearch: "never",
    onToolCall: () => {},
  });
  return async (input: { url: string; offset?: number }) => {
    provenance?.see("user", [input.url]);
    const call = await driveTool(tools, "web_fetch", input);
    if (call.part.type !== "tool-result") throw new Error(call.modelSaw);
    return call.part.output as WebFetchOutput;
  };
}

const requestsTo = async (path: string) =>
  Number(await (await fetch(`${pagesUrl}/requests?path=${path}`)).text());

const loopbackAllowed = {
  IDEA_EXPLORER_PRIVATE_FETCH_HOSTS: "127.0.0.1",
  IDEA_EXPLORER_MAX_PAGE_CHARS: "2000",
};

describe("web_fetch in workerd", () => {
  it("reads an HTML page in parts with one request, the later parts from its cache", async () => {
    const read = workerWebFetch(loopbackAllowed);
    const url = `${pagesUrl}/article`;
    const parts: WebFetchOutput[] = [];
    let offset = 0;
    for (;;) {
      const output = await read({ url, offset });
      parts.push(output);
      if (output.part.end >= output.part.total) break;
      offset = output.part.end;
    }
    expect(parts.length).toBeGreaterThan(2);
    expect(parts[0]?.title).toBe("Solar dryers in dense towns");
    const text = parts.map((p) => p.text).join("");
    expect(text.length).toBe(parts[0]?.part.total);
    for (const paragraph of ARTICLE_PARAGRAPHS) expect(text).toContain(paragraph);
    expect(text).not.toContain("Copyright footer");
    expect(await requestsTo("/article")).toBe(1);
  });

  it("refuses the loopback server without the operator's private allow list, sending nothing", async () => {
    await expect(workerWebFetch({})({ url: `${pagesUrl}/secret` })).rejects.toThrow(
      "127.0.0.1 is or resolves to a private or loopback address",
    );
    expect(await requestsTo("/secret")).toBe(0);
  });

  it("refuses a redirect to a local name before following it", async () => {
    await expect(workerWebFetch(loopbackAllowed)({ url: `${pagesUrl}/hop` })).rejects.toThrow(
      "a redirect from 127.0.0.1 was refused: localhost names a local or private network host",
    );
    expect(await requestsTo("/hop")).toBe(1);
    expect(await requestsTo("/secret")).toBe(0);
  });

  it("refuses a PDF in one line: the Worker build has no pdf.js", async () => {
    await expect(workerWebFetch(loopbackAllowed)({ url: `${pagesUrl}/report` })).rejects.toThrow(
      "this deployment (Cloudflare Worker) does not read PDFs; look for an HTML version of the document",
    );
  });
});
