import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { reply, startFakeAnthropic } from "../../../../test/fakes/anthropic-server.ts";
import { startFakeGitHub } from "../../../../test/fakes/github-server.ts";
import { redirect, serve, startLoopbackSite } from "../../../../test/fakes/loopback-site.ts";
import { startWebhookReceiver } from "../../../../test/fakes/webhook-receiver.ts";
import { buildPdf } from "../../../../test/helpers/pdf-builder.ts";
import { refreshSeedFiles } from "./refresh-seed.ts";

export const GITHUB_TOKEN = "ghp_workflowTest00000000000000000000000000";
/** An idea holding this word is refused by the model as a bad key would be (401). */
export const REFUSED = "Refused";

/** An article of 30 paragraphs (about 7,000 characters) the Worker's web_fetch reads in parts. */
export const ARTICLE_PARAGRAPHS = Array.from(
  { length: 30 },
  (_, i) =>
    `Paragraph ${i + 1}: solar dryers sell well in dense towns, vendors say, ` +
    "because the fruit keeps for months and the drying racks fit on a flat roof.",
);
const ARTICLE =
  "<!doctype html><html><head><title>Solar dryers in dense towns</title></head><body>" +
  '<nav><a href="/">Home</a> <a href="/about">About</a></nav><article><h1>Solar dryers</h1>' +
  ARTICLE_PARAGRAPHS.map((p) => `<p>${p}</p>`).join("") +
  "</article><footer>Copyright footer</footer></body></html>";

/**
 * Runs in Node before the Workflow tests start in workerd: the loopback fakes the Worker's
 * bindings point at (see vitest.config.ts). The model answers every request with a short report.
 */
export default async function setup(project: TestProject) {
  const fake = await startFakeAnthropic({
    handler: (request) =>
      JSON.stringify(request.body.messages).includes(REFUSED)
        ? reply.error(401, "authentication_error", "invalid x-api-key")
        : reply.text("# Findings\n\n## Verdict\n\nPromising in dense towns."),
  });
  // The tests run in workerd and cannot see the fake's memory: they ask how often it was called.
  const counter = createServer((request, response) => {
    const word = new URL(request.url ?? "/", "http://x").searchParams.get("word") ?? "";
    const calls = fake.requests.filter((r) => JSON.stringify(r.body.messages).includes(word));
    response.end(String(calls.length));
  });
  await new Promise<void>((resolve) => counter.listen(0, "127.0.0.1", resolve));
  const github = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: {} } });
  github.addRepo("team/ideas", { files: { "README.md": "ideas\n", ...refreshSeedFiles() } });
  const receiver = await startWebhookReceiver();
  // Pages web_fetch reads from inside workerd. /requests?path=/x answers how often /x was asked
  // for: the tests run in workerd and cannot see this server's memory.
  const pages = await startLoopbackSite({
    "/article": serve("text/html; charset=utf-8", ARTICLE),
    "/report": serve("application/pdf", buildPdf({ pages: [["Market report text."]] })),
    "/secret": serve("text/plain", "the intranet's secret"),
  });
  // A public page that sends the reader on to a name only the local network answers.
  pages.route("/hop", redirect(`http://localhost:${pages.port}/secret`));
  pages.route("/requests", (request, response) => {
    const path = new URL(request.url ?? "/", "http://x").searchParams.get("path");
    response.end(String(pages.requests.filter((r) => r.path === path).length));
  });
  project.provide("fakes", {
    anthropicUrl: fake.url,
    anthropicKey: fake.env.ANTHROPIC_API_KEY,
    githubUrl: github.url,
    webhookUrl: `${receiver.origin}/hook`,
    countUrl: `http://127.0.0.1:${(counter.address() as AddressInfo).port}/count`,
    pagesUrl: pages.origin,
  });
  return async () => {
    counter.close();
    await Promise.all([fake.close(), github.close(), receiver.close(), pages.close()]);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    fakes: {
      anthropicUrl: string;
      anthropicKey: string;
      githubUrl: string;
      webhookUrl: string;
      countUrl: string;
      pagesUrl: string;
    };
  }
}
