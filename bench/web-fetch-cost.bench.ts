/**
 * What web_fetch's pages cost a report: a scripted five-step exploration (four web_fetch calls
 * over bench/pages, then the report) through the real @ai-sdk/anthropic provider against the
 * loopback fake Messages API, with the product's cache breakpoints (cachedCallSettings).
 * "Before": every page whole (mainContent: false), 200,000-character cap, so one part.
 * "After": the defaults (main content, 12,000-character parts). Same process, same script.
 * Tokens: the fake's estimate (~4 characters per token) of each request; cache reads modelled as
 * Anthropic bills them: the previous request's prefix is read from the cache, the rest is new.
 * Dollars at the default model's list price (src/models/pricing.ts). Run: node bench/web-fetch-cost.bench.ts
 * Target: input tokens per report (cached and uncached) at most half of before.
 */
import { generateText, isStepCount } from "ai";
import { cachedCallSettings } from "../src/agent/prompt-caching.ts";
import {
  ANTHROPIC_MODEL_ALIASES,
  DEFAULT_ANTHROPIC_ALIAS,
} from "../src/models/anthropic-model-aliases.ts";
import { priceFor } from "../src/models/price-source.ts";
import { costOf, formatCost } from "../src/models/pricing.ts";
import { createWebFetchTool, type WebFetchToolOptions } from "../src/tools/web-fetch.ts";
import { reply, startFakeAnthropic } from "../test/fakes/anthropic-server.ts";
import { serve, startLoopbackSite } from "../test/fakes/loopback-site.ts";
import { BENCH_PAGES } from "./pages/pages.ts";

const MODEL = ANTHROPIC_MODEL_ALIASES[DEFAULT_ANTHROPIC_ALIAS];
const site = await startLoopbackSite(
  Object.fromEntries(Object.entries(BENCH_PAGES).map(([p, html]) => [p, serve("text/html", html)])),
);
const paths = Object.keys(BENCH_PAGES);

async function run(options: WebFetchToolOptions) {
  let previous = 0;
  const usage = { input: 0, cacheRead: 0, output: 0 };
  const fake = await startFakeAnthropic({
    handler: (request) => {
      const total = Math.ceil(JSON.stringify(request.body).length / 4);
      const step = request.index;
      const cacheRead = Math.min(previous, total);
      previous = total;
      usage.input += total;
      usage.cacheRead += cacheRead;
      usage.output += 200;
      const tokens = {
        input_tokens: total - cacheRead,
        cache_read_input_tokens: cacheRead,
        output_tokens: 200,
      };
      if (step < paths.length) {
        return reply.toolUse(
          "web_fetch",
          { url: `${site.origin}${paths[step]}` },
          { usage: tokens },
        );
      }
      return reply.text(`# Report\n\n${"A finding with a source. ".repeat(60)}`, { usage: tokens });
    },
  });
  const settings = cachedCallSettings({
    tools: {
      web_fetch: createWebFetchTool({ allowPrivate: true, onToolCall: () => {}, ...options }),
    },
    instructions: "You are a research analyst. Read the pages, then write the report. ".repeat(20),
  });
  await generateText({
    model: fake.model(MODEL),
    ...settings,
    prompt: "Is a solar dryer business viable in East Africa?",
    stopWhen: isStepCount(5),
  });
  await fake.close();
  // The steps' summed usage priced as one call: every step here stays below long-context sizes.
  const cost = costOf(priceFor("anthropic", MODEL), MODEL, [
    {
      inputTokens: usage.input,
      outputTokens: usage.output,
      cacheReadTokens: usage.cacheRead,
      cacheWriteTokens: 0,
      webSearches: 0,
    },
  ]);
  return { ...usage, cost };
}

const before = await run({ mainContent: false, maxPageChars: 200_000 });
const after = await run({});
await site.close();
const k = (n: number) => `${(n / 1000).toFixed(1)}k`;
for (const [name, r] of [
  ["before", before],
  ["after", after],
] as const) {
  console.log(
    `${name.padEnd(7)} input ${k(r.input)} tokens (cache reads ${k(r.cacheRead)}), ${formatCost(r.cost)} per report`,
  );
}
const ratio = after.input / before.input;
console.log(
  `input tokens after/before: ${ratio.toFixed(2)} (target <= 0.50: ${ratio <= 0.5 ? "met" : "MISSED"})`,
);
