/**
 * The library's staleness in headless Chromium at both widths: each entry's age and last refresh,
 * the changed mark, "stalest first", and a Refresh that runs as a job against the fake Messages
 * API and leaves the entry researched today.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { reply } from "../../test/fakes/anthropic-server.ts";
import {
  CHROMIUM,
  hasChromium,
  libraryInChromium,
  SIZES,
  screenshot,
  textOf,
} from "../../test/helpers/library-in-chromium.ts";
import { type SeedExploration, seedFolder } from "../../test/helpers/library-seed.ts";
import { isoDate } from "../research/idea-identity.ts";

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => isoDate(new Date(Date.now() - days * DAY_MS));
const TODAY = daysAgo(0);

const seed = (
  title: string,
  age: number,
  more: Partial<SeedExploration & { age: number }> = {},
): SeedExploration & { age: number } => ({
  idea: `${title}, run by a neighbourhood co-op`,
  title,
  mode: "business",
  date: daysAgo(age),
  verdict: "Pursue",
  sources: [{ title: `${title}: a report`, url: `https://market.example/${age}` }],
  age,
  ...more,
});

const SEEDS = [
  seed("Community fridges", 5),
  seed("Pop-up repair stands", 60, { refreshed: [daysAgo(30)], refreshChanged: false, age: 30 }),
  seed("Bike courier co-op", 103, { verdict: "Do not pursue" }),
  seed("Market stall awnings", 150, {
    refreshed: [daysAgo(120), daysAgo(40)],
    refreshChanged: true,
    age: 40,
  }),
  seed("Cold storage lockers", 200),
];
/** What the tests refreshed so far (each width refreshes its own): researched today since. */
const refreshedNow = new Set<string>();
const ageOf = (s: (typeof SEEDS)[number]) => (refreshedNow.has(s.title) ? 0 : s.age);

const titles = (page: Page) => page.locator("#library li h3").allTextContents();
const card = (s: SeedExploration) => `#library li[data-folder="${seedFolder(s)}"]`;

describe.skipIf(!hasChromium)(`the library's staleness in headless Chromium (${CHROMIUM})`, () => {
  const served = libraryInChromium({
    tmpPrefix: "web-staleness-",
    seeds: SEEDS,
    // The refresh's report: the verdict now says Pursue (Bike courier co-op's said Do not pursue).
    handler: () =>
      reply.text(
        "# Fresh findings\n\n## What changed\n\nPrices fell.\n\n## Verdict\n\n**Pursue**\n\nWorth a pilot.",
      ),
  });

  for (const [size, viewport] of SIZES) {
    it(`shows ages, the changed mark, stalest first, and refreshes an entry at ${size} px`, async () => {
      const opened = await served.open({ viewport });
      const { page, context } = opened;
      try {
        await page.waitForSelector("#library li");
        // Newest first by default; each entry says how long ago it was researched.
        const awnings = SEEDS[3]!;
        const meta = await textOf(page, `${card(awnings)} .meta`);
        expect(meta).toContain("researched 40 days ago");
        expect(meta).toContain(`last refreshed ${daysAgo(40)}`);

        await page.selectOption("#library-sort", "stalest");
        await page.waitForFunction(() =>
          document.querySelector("#library-info")?.textContent?.includes("stalest first"),
        );
        const stalest = [...SEEDS].sort((a, b) => ageOf(b) - ageOf(a));
        expect(await titles(page)).toEqual(stalest.map((s) => s.title));
        for (const s of SEEDS) {
          const age = ageOf(s);
          expect(await textOf(page, `${card(s)} .age`)).toBe(
            age === 0 ? "researched today" : `researched ${age} day${age === 1 ? "" : "s"} ago`,
          );
        }
        // The changed mark: on the entry whose latest refresh changed the verdict, no other.
        const marked = await page
          .locator("#library li:has(.changed)")
          .evaluateAll((cards) => cards.map((c) => c.querySelector("h3")?.textContent));
        const expectedMarks = ["Market stall awnings", ...refreshedNow].filter(
          (t) => t !== "Cold storage lockers",
        );
        expect(marked.sort()).toEqual(
          stalest
            .map((s) => s.title)
            .filter((t) => expectedMarks.includes(t))
            .sort(),
        );
        await screenshot(page, `library-stalest-${size}`);

        // Refresh the stalest entry not refreshed yet: a job followed like a new exploration.
        const target = stalest.find((s) => !refreshedNow.has(s.title))!;
        const button = page.locator(`${card(target)} button[data-refresh]`);
        expect(await button.getAttribute("aria-label")).toBe(`Refresh: ${target.title}`);
        if (size === "390") {
          await button.focus();
          await page.keyboard.press("Enter");
        } else await button.click();
        await page.waitForFunction(() => location.hash.startsWith("#job/"));
        expect(await page.isVisible("#progress-section")).toBe(true);
        await page.waitForFunction(
          () => document.querySelector("#progress")?.textContent?.startsWith("completed"),
          undefined,
          { timeout: 30_000 },
        );
        refreshedNow.add(target.title);
        await page.waitForFunction(
          (selector) =>
            document.querySelector(selector)?.textContent?.includes("researched today") ?? false,
          `${card(target)} .meta`,
        );
        const after = await textOf(page, `${card(target)} .meta`);
        expect(after).toContain(`last refreshed ${TODAY}`);
        // Bike courier co-op's verdict was Do not pursue: the refresh changed it, and says so.
        expect(after.includes("changed")).toBe(target.title === "Bike courier co-op");
        // Stalest first still: the refreshed entry is now the freshest, last.
        expect((await titles(page)).at(-1)).toBe(target.title);
        expect(await textOf(page, "#report")).toContain(`Update - ${TODAY}`);
        await screenshot(page, `library-refreshed-${size}`);

        expect(opened.cspViolations).toEqual([]);
        expect(opened.problems).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBe(0);
      } finally {
        await context.close();
      }
    }, 90_000);
  }
});
