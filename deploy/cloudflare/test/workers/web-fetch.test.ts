import { describe, expect, inject, it } from "vitest";
import { createWebFetchTool, type WebFetchOutput } from "../../../../src/tools/web-fetch.ts";
import { LONG_PAGE } from "./global-setup.ts";

/** The Worker's web_fetch, in workerd, reading the loopback page server global-setup.ts starts. */
const { pagesUrl } = inject("fakes");

function webFetch() {
  const tool = createWebFetchTool({
    allowPrivate: true,
    maxPageChars: 2_000,
    onToolCall: () => {},
  });
  return (input: { url: string; offset?: number }) =>
    tool.execute?.(
      { offset: 0, full: false, ...input },
      { toolCallId: "call", messages: [] },
    ) as Promise<WebFetchOutput>;
}

// Skipped: workerd's node:http has no `lookup` option (ERR_OPTION_NOT_IMPLEMENTED), which
// src/net's pinned requests need, so every web_fetch on the Worker fails to connect today.
// Remove .skip once the Worker has its own outbound path (docs/web-fetch.md, "Worker").
describe.skip("web_fetch in workerd", () => {
  it("reads a long page in parts, the later ones from its cache", async () => {
    const read = webFetch();
    const url = `${pagesUrl}/long`;
    const parts: string[] = [];
    let offset = 0;
    for (;;) {
      const output = await read({ url, offset });
      parts.push(output.text);
      if (output.part.end >= output.part.total) break;
      offset = output.part.end;
    }
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join("")).toBe(LONG_PAGE);
    expect(await (await fetch(`${pagesUrl}/requests`)).text()).toBe("1");
  });

  it("refuses a PDF in one line: the Worker build has no pdf.js", async () => {
    await expect(webFetch()({ url: `${pagesUrl}/report` })).rejects.toThrow(
      "this deployment (Cloudflare Worker) does not read PDFs; look for an HTML version of the document",
    );
  });
});
