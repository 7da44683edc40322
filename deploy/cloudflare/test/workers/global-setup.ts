import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { reply, startFakeAnthropic } from "../../../../test/fakes/anthropic-server.ts";
import { startFakeGitHub } from "../../../../test/fakes/github-server.ts";
import { serve, startLoopbackSite } from "../../../../test/fakes/loopback-site.ts";
import { startWebhookReceiver } from "../../../../test/fakes/webhook-receiver.ts";
import { buildPdf } from "../../../../test/helpers/pdf-builder.ts";

export const GITHUB_TOKEN = "ghp_workflowTest00000000000000000000000000";
/** An idea holding this word is refused by the model as a bad key would be (401). */
export const REFUSED = "Refused";

/** A page of 30 paragraphs (about 7,000 characters) the Worker's web_fetch reads in parts. */
export const LONG_PAGE = Array.from({ length: 30 }, (_, i) =>
  `Paragraph ${i + 1}: solar dryers sell well in dense towns, vendors say.`.repeat(3),
).join("\n\n");

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
  github.addRepo("team/ideas", { files: { "README.md": "ideas\n" } });
  const receiver = await startWebhookReceiver();
  // Pages web_fetch reads from inside workerd; it counts requests (see /requests).
  const pages = await startLoopbackSite({
    "/long": serve("text/plain", LONG_PAGE),
    "/report": serve("application/pdf", buildPdf({ pages: [["Market report text."]] })),
  });
  pages.route("/requests", (_q, r) => r.end(String(pages.requests.length - 1)));
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
