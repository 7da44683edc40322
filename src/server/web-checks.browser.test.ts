import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { reply } from "../../test/fakes/anthropic-server.ts";
import {
  CHROMIUM,
  hasChromium,
  libraryInChromium,
  type OpenedPage,
  SIZES,
  screenshot,
  textOf,
} from "../../test/helpers/library-in-chromium.ts";
import { type SeedExploration, seedFolder } from "../../test/helpers/library-seed.ts";
import type { CostEstimate } from "../research/explore/cost-estimate.ts";

const market = { title: "Dried fruit market study", url: "https://market.example/dried-fruit" };
const stalls = { title: "Market stall survey", url: "https://survey.example/stalls" };
const unchecked = "The dried fruit market reached $4.2 billion in 2025.";

const checked: SeedExploration = {
  idea: "Solar dryers for market stalls, checked",
  title: "Solar dryers, checked",
  mode: "business",
  date: "2026-03-02",
  sources: [market, stalls],
  market: `Demand is steady. The dried fruit market reached **$4.2 billion** in 2025.[[1]](${market.url}) Prices vary.`,
  checks: [
    `- “${unchecked}” [[1]](${market.url}) — not in the source: $4.2 billion, 2025`,
    // A hostile item: shown as text, marking nothing.
    `- “<img src=x onerror=alert(1)>” [[2]](${stalls.url}) — <script>alert(2)</script>`,
  ],
  logChecks: {
    citations: 6,
    supported: 3,
    notFound: 1,
    nothingToCheck: 2,
    model: { supported: 2, unsupported: 1, unclear: 0, skipped: 0 },
  },
};
const plain: SeedExploration = {
  idea: "Solar dryers for market stalls, all citations hold",
  title: "Solar dryers, all hold",
  mode: "business",
  date: "2026-03-01",
  sources: [market],
  market: `The dried fruit market reached $4.2 billion in 2025.[[1]](${market.url})`,
};

function expectClean(opened: OpenedPage) {
  expect(opened.csp).not.toContain("unsafe-inline");
  expect(opened.cspViolations).toEqual([]);
  expect(opened.problems).toEqual([]);
}

/** Answers POST /api/explore/estimate in the browser, recording each body the page sent. */
async function stubEstimate(page: Page, answer: (body: Record<string, unknown>) => object) {
  const bodies: Record<string, unknown>[] = [];
  await page.route("**/api/explore/estimate", async (route: Route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    bodies.push(body);
    await route.fulfill({ status: 200, contentType: "application/json", json: answer(body) });
  });
  return bodies;
}

describe.skipIf(!hasChromium)(
  `claims a reader can check, in headless Chromium (${CHROMIUM})`,
  () => {
    const served = libraryInChromium({ tmpPrefix: "web-checks-", seeds: [checked, plain] });

    for (const [size, viewport] of SIZES) {
      it(`marks the sentences the Checks section lists and shows the log's counts at ${size} px`, async () => {
        const opened = await served.open({ viewport }, `/#exploration/${seedFolder(checked)}`);
        const { page } = opened;
        try {
          await page.waitForSelector("#report-checks li");
          // The sentence crosses <strong>: its marks hold exactly its text, the [1] marker left out.
          const marks = page.locator("#report > p mark.claim-unchecked");
          expect((await marks.allTextContents()).join("")).toBe(unchecked);
          expect(await marks.first().getAttribute("title")).toBe(
            "[1] not in the source: $4.2 billion, 2025",
          );
          expect(await textOf(page, "#report > p:has(mark)")).toBe(
            `Demand is steady. ${unchecked}[1] Prices vary.[1]`,
          );
          const background = await marks
            .first()
            .evaluate((mark) => getComputedStyle(mark).backgroundColor);
          expect(background).not.toBe("rgba(0, 0, 0, 0)");
          expect(await page.locator("#report-checks li").allTextContents()).toEqual([
            `“${unchecked}” [1] — not in the source: $4.2 billion, 2025`,
            "“<img src=x onerror=alert(1)>” [2] — <script>alert(2)</script>",
          ]);
          expect(await page.locator("#report img, #report script").count()).toBe(0);
          expect(await page.getAttribute("#report-checks li a", "href")).toBe(market.url);
          expect(await textOf(page, "#log-checks")).toBe(
            "Figures: 3 supported, 1 not found in the source, 2 with nothing to check · " +
              "model check: 2 supported, 1 unsupported, 0 unclear",
          );
          await page.locator("#report-checks").scrollIntoViewIfNeeded();
          await screenshot(page, `checks-${size}`);

          // A report whose citations all hold: nothing marked, no section, no counts line.
          await page.goto(`${served.server.url}/#exploration/${seedFolder(plain)}`);
          await page.waitForFunction(
            (title) => document.querySelector("#exploration-heading")?.textContent === title,
            plain.title,
          );
          await page.waitForSelector("#report h2");
          expect(await page.locator("#report mark, #report-checks").count()).toBe(0);
          expect(await page.isHidden("#log-checks")).toBe(true);
          expectClean(opened);
        } finally {
          await opened.context.close();
        }
      }, 60_000);
    }

    for (const [size, viewport] of SIZES) {
      it(`shows the cost estimate beside Explore as the form changes at ${size} px`, async () => {
        const opened = await served.open({ viewport });
        const { page } = opened;
        try {
          // The server's own estimate first: the line says what the route answers.
          await page.fill("#idea", "A dog bakery");
          await page.waitForFunction(() => document.querySelector("#estimate")?.textContent);
          const response = await fetch(`${served.server.url}/api/explore/estimate`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ idea: "A dog bakery", mode: "business" }),
          });
          const { estimate } = (await response.json()) as { estimate: CostEstimate };
          if (!estimate.priced) throw new Error("the served model has a price");
          const usd = (n: number) => `$${n.toFixed(2)}`;
          const limit = estimate.capUsd === estimate.maxUsd ? "your cost limit" : "these limits";
          expect(await textOf(page, "#estimate")).toBe(
            `At most ${usd(estimate.maxUsd)} under ${limit}; typically ${usd(estimate.typicalUsd.low)}–${usd(estimate.typicalUsd.high)}`,
          );
          await screenshot(page, `estimate-${size}`, false);

          // Then answers the test chooses, the route stubbed in the browser.
          const bodies = await stubEstimate(page, (body) =>
            body.depth === "deep"
              ? { estimate: { priced: false, reason: "no price for claude-x" } }
              : { estimate: { priced: true, maxUsd: 1.2, typicalUsd: { low: 0.15, high: 0.45 } } },
          );
          // Keys typed one by one: the page asks once, after the typing stops.
          await page.fill("#idea", "");
          await page.locator("#idea").pressSequentially("Dog bakery", { delay: 20 });
          await page.waitForFunction(() =>
            document.querySelector("#estimate")?.textContent?.startsWith("At most $1.20"),
          );
          expect(await textOf(page, "#estimate")).toBe(
            "At most $1.20 under these limits; typically $0.15–$0.45",
          );
          expect(bodies).toEqual([{ idea: "Dog bakery", mode: "business" }]);

          await page.selectOption("#depth", "deep");
          await page.waitForFunction(() =>
            document.querySelector("#estimate")?.textContent?.startsWith("Cost unknown"),
          );
          expect(await textOf(page, "#estimate")).toBe("Cost unknown: no price for claude-x");
          expect(bodies.at(-1)).toEqual({ idea: "Dog bakery", mode: "business", depth: "deep" });

          // No idea, no question and no line.
          await page.fill("#idea", "");
          await page.waitForFunction(() => document.querySelector("#estimate")?.textContent === "");
          await page.waitForTimeout(600);
          expect(bodies).toHaveLength(2);
          expectClean(opened);
        } finally {
          await opened.context.close();
        }
      }, 60_000);
    }

    it("shows nothing for the estimate when the server has no estimate route, and asks once", async () => {
      const opened = await served.open({ allow: /^HTTP 404 POST \/api\/explore\/estimate$/ });
      const { page } = opened;
      try {
        let asked = 0;
        await page.route("**/api/explore/estimate", async (route: Route) => {
          asked++;
          await route.fulfill({
            status: 404,
            json: { error: { code: "not_found", message: "Not Found" } },
          });
        });
        await page.fill("#idea", "Dog bakery");
        await expect.poll(() => asked).toBe(1);
        await page.selectOption("#mode", "exploration");
        await page.waitForTimeout(800);
        expect(asked).toBe(1);
        expect(await textOf(page, "#estimate")).toBe("");
        expectClean(opened);
      } finally {
        await opened.context.close();
      }
    }, 30_000);

    for (const [size, viewport] of SIZES) {
      it(`shows a finished job's figure checks and marks its report at ${size} px`, async () => {
        const idea = `Dried mango from market stalls, ${size} px`;
        served.fake.setHandler((request) =>
          request.body.messages.length === 1
            ? reply.webSearch("dried mango market", [market])
            : reply.text(
                `# Dried mango\n\n## Market\n\nThe dried mango market reached [$9.9 billion in 2031](${market.url}).\n\n## Verdict\n\nPursue.`,
              ),
        );
        const opened = await served.open({ viewport });
        const { page } = opened;
        try {
          await stubEstimate(page, () => ({ estimate: { priced: false, reason: "stub" } }));
          await page.fill("#idea", idea);
          await page.click("#submit");
          await page.waitForFunction(() =>
            document.querySelector("#progress")?.textContent?.startsWith("completed"),
          );
          await page.waitForSelector("#progress-checks:not([hidden])");
          expect(await textOf(page, "#progress-checks")).toBe(
            "Figures: 0 supported, 1 not found in the source, 0 with nothing to check",
          );
          await page.waitForSelector("#report > p mark.claim-unchecked");
          // Marked in the report as the Checks section quotes it.
          const item = await textOf(page, "#report-checks li");
          expect(item).toMatch(
            /^“The dried mango market reached \$9\.9 billion in 2031\.?” \[1\] — /,
          );
          const marks = await page.locator("#report > p mark.claim-unchecked").allTextContents();
          expect(marks.join("")).toBe(item.slice(1, item.indexOf("”")));
          await screenshot(page, `job-checks-${size}`);
          expectClean(opened);
        } finally {
          await opened.context.close();
        }
      }, 60_000);
    }
  },
);
