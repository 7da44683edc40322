import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
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
import { sampleLibrary, seedFolder } from "../../test/helpers/library-seed.ts";
import { isoDate } from "../research/idea-identity.ts";

const SEEDS = sampleLibrary(23);
const byDate = [...SEEDS].sort((a, b) => b.date.localeCompare(a.date));

function expectClean(opened: OpenedPage) {
  expect(opened.csp).toContain("script-src 'sha256-");
  expect(opened.csp).not.toContain("unsafe-inline");
  expect(opened.cspViolations).toEqual([]);
  expect(opened.problems).toEqual([]);
}

const titles = (page: Page) => page.locator("#library li h3").allTextContents();

/** Nothing is wider than the window, and no option of a select is cut off. */
async function expectFits(page: Page) {
  const fit = await page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    const cut: string[] = [];
    for (const select of document.querySelectorAll("select")) {
      if (!select.offsetParent) continue;
      const style = getComputedStyle(select);
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
      // The arrow takes about 20 px of a select's inner width.
      const room = select.clientWidth - padding - 20;
      for (const option of select.options) {
        if (context.measureText(option.text).width > room) cut.push(`${select.id}: ${option.text}`);
      }
    }
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, cut };
  });
  expect(fit).toEqual({ overflow: 0, cut: [] });
}

describe.skipIf(!hasChromium)(`the library in headless Chromium (${CHROMIUM})`, () => {
  const served = libraryInChromium({
    tmpPrefix: "web-library-",
    seeds: SEEDS,
    handler: () => reply.text("# Fresh findings\n\n## Verdict\n\n**Pursue**\n\nPrices fell."),
  });

  for (const [size, viewport] of SIZES) {
    it(`browses, pages, sorts, searches, opens, downloads and copies at ${size} px`, async () => {
      const opened = await served.open({ viewport });
      const { page, context } = opened;
      try {
        await page.waitForSelector("#library li");
        expect(await titles(page)).toEqual(byDate.slice(0, 10).map((s) => s.title));
        expect(await textOf(page, "#library-info")).toBe(
          "Explorations, newest first, showing 1–10",
        );
        const first = byDate[0]!;
        const meta = await textOf(page, "#library li:first-child .meta");
        expect(meta).toContain(first.mode);
        expect(meta).toContain(first.date);
        expect(meta).toContain("2 cited sources");
        expect(meta).toMatch(/\$0\.\d\d/);
        await expectFits(page);
        await screenshot(page, `library-${size}`);
        if (size === "1280") await screenshot(page, "docs-library", false);

        await page.click("#library-next");
        await page.waitForFunction(
          () => document.querySelector("#library-page")?.textContent === "page 2",
        );
        expect(await titles(page)).toEqual(byDate.slice(10, 20).map((s) => s.title));
        await page.click("#library-next");
        await page.waitForFunction(
          () => document.querySelector("#library-page")?.textContent === "page 3 of 3",
        );
        expect(await titles(page)).toEqual(byDate.slice(20).map((s) => s.title));
        expect(await page.isDisabled("#library-next")).toBe(true);

        await page.selectOption("#library-sort", "oldest");
        await page.waitForFunction(
          () => document.querySelector("#library-page")?.textContent === "page 1 of 3",
        );
        expect(await titles(page)).toEqual(
          [...byDate]
            .reverse()
            .slice(0, 10)
            .map((s) => s.title),
        );

        await page.fill("#q", "river ferries");
        await page.press("#q", "Enter");
        await page.waitForFunction(() =>
          document.querySelector("#library-info")?.textContent?.includes('for "river ferries"'),
        );
        const ferries = SEEDS.filter((s) => s.title.startsWith("Electric river ferries"));
        // The sort chosen before (oldest first) holds for the search too.
        expect(await titles(page)).toEqual(
          ferries.sort((a, b) => a.date.localeCompare(b.date)).map((s) => s.title),
        );
        await page.selectOption("#library-sort", "match");
        await page.waitForFunction(() =>
          document.querySelector("#library-info")?.textContent?.includes("best match first"),
        );
        await page.fill("#q", "");
        await page.selectOption("#library-mode", "exploration");
        await page.waitForFunction(() => {
          const modes = [...document.querySelectorAll("#library li .badge")];
          return modes.length === 8 && modes.every((m) => m.textContent === "exploration");
        });
        await screenshot(page, `library-filtered-${size}`);

        const seed = SEEDS.find((s) => s.mode === "exploration")!;
        const folder = seedFolder(seed);
        await page.fill("#q", seed.idea);
        await page.selectOption("#library-mode", "");
        await page.press("#q", "Enter");
        await page.click(`#library li[data-folder="${folder}"] h3 a`);
        await page.waitForFunction(
          (title) => document.querySelector("#exploration-heading")?.textContent === title,
          seed.title,
        );
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("exploration-heading");
        const marker = page.locator("#report a[data-source]").first();
        expect(await marker.getAttribute("aria-label")).toBe(
          `source 1: ${seed.sources![0]!.title}`,
        );
        expect(await marker.getAttribute("href")).toBe(seed.sources![0]!.url);
        expect(await marker.textContent()).toBe("[1]");
        const log = await textOf(page, "#log-facts");
        expect(log).toContain("Model steps4");
        expect(log).toContain("Stopped byend");
        expect(log).toMatch(/Cost\$0\.\d\d/);
        expect(await textOf(page, "#log-queries")).toContain("market");
        await expectFits(page);
        await screenshot(page, `exploration-${size}`);

        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.click("#action-download"),
        ]);
        expect(download.suggestedFilename()).toBe(`${folder}-research.md`);
        const saved = readFileSync((await download.path()) as string, "utf8");
        const stored = readFileSync(join(served.repo, "ideas", folder, "research.md"), "utf8");
        expect(saved).toBe(stored);

        await context.grantPermissions(["clipboard-read", "clipboard-write"], {
          origin: served.server.url,
        });
        await page.click("#action-copy");
        await page.waitForFunction(() =>
          document.querySelector("#status")?.textContent?.startsWith("Copied"),
        );
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored);
        expectClean(opened);
      } finally {
        await context.close();
      }
    }, 60_000);
  }

  for (const [size, viewport] of SIZES) {
    it(`updates, explores again, continues from and reopens a duplicate at ${size} px`, async () => {
      const seed = SEEDS.filter((s) => s.mode === "business")[size === "1280" ? 0 : 1]!;
      const folder = seedFolder(seed);
      const opened = await served.open({ viewport }, `/#exploration/${folder}`);
      const { page, context } = opened;
      try {
        await page.waitForFunction(
          (title) => document.querySelector("#exploration-heading")?.textContent === title,
          seed.title,
        );
        const updatesBefore = seed.updates?.length ?? 0;
        await page.click("#action-update");
        await page.waitForFunction(() =>
          document.querySelector("#progress")?.textContent?.startsWith("completed"),
        );
        await page.waitForFunction(
          (n) => document.querySelector("#exploration-meta")?.textContent?.includes(n),
          `${updatesBefore + 1} update`,
        );
        expect(await textOf(page, "#exploration-heading")).toBe(seed.title);
        expect(await textOf(page, "#report")).toContain(`Update - ${isoDate(new Date())}`);
        await screenshot(page, `updated-${size}`);

        await page.goto(`${served.server.url}/#exploration/${folder}`);
        await page.waitForSelector("#action-continue:not([disabled])");
        await page.click("#action-continue");
        expect(await page.inputValue("#continue-from")).toBe(folder);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("idea");
        expect(await page.getAttribute("#more-options", "open")).not.toBeNull();

        // The same idea again, "open the earlier exploration" chosen: no job, the report opens.
        await page.fill("#continue-from", "");
        await page.fill("#idea", seed.idea.toUpperCase());
        await page.click("#submit");
        await page.waitForFunction(() =>
          document.querySelector("#status")?.textContent?.startsWith("Already explored on"),
        );
        await page.waitForFunction(() => location.hash.startsWith("#exploration/"));
        expect(decodeURIComponent(await page.evaluate(() => location.hash))).toBe(
          `#exploration/${folder}`,
        );
        await page.waitForFunction(
          (title) => document.querySelector("#exploration-heading")?.textContent === title,
          seed.title,
        );
        expect(await page.isEnabled("#submit")).toBe(true);

        // Explore again: a new folder of today, whatever the earlier one holds.
        await page.click("#action-force");
        await page.waitForFunction(() =>
          document.querySelector("#progress")?.textContent?.startsWith("completed"),
        );
        await page.waitForFunction(
          () => document.querySelector("#exploration-heading")?.textContent === "Fresh findings",
        );
        expect(await textOf(page, "#progress")).toContain(`ideas/${isoDate(new Date())}-`);

        expectClean(opened);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
