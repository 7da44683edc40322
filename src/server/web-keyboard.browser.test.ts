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
import { sampleLibrary } from "../../test/helpers/library-seed.ts";

const SEEDS = sampleLibrary(8);
const beehives = SEEDS.find((s) => s.title.startsWith("Rooftop beehives"))!;

const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      id: active?.id ?? "",
      text: active?.textContent?.trim() ?? "",
      outline: active ? getComputedStyle(active).outlineStyle : "none",
    };
  });

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`. */
async function tabTo(page: Page, selector: string, backwards = false) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe.skipIf(!hasChromium)(`the page from the keyboard alone (${CHROMIUM})`, () => {
  let answering = false;
  const served = libraryInChromium({
    tmpPrefix: "web-keyboard-",
    seeds: SEEDS,
    handler: () =>
      answering ? reply.text("# Tool sheds\n\n## Directions\n\nMany.") : reply.hang(),
  });

  for (const [size, viewport] of SIZES) {
    it(`searches, opens, downloads, copies, submits, cancels and retries at ${size} px`, async () => {
      answering = false;
      const opened = await served.open({ viewport });
      const { page, context } = opened;
      await context.grantPermissions(["clipboard-read", "clipboard-write"], {
        origin: served.server.url,
      });
      const { keyboard } = page;
      try {
        await page.waitForSelector("#library li");
        await keyboard.press("Tab");
        expect(await focused(page)).toMatchObject({ text: "Skip to the library" });
        expect(await page.isVisible(".skip")).toBe(true);
        await keyboard.press("Enter");
        expect((await focused(page)).id).toBe("library-heading");

        await keyboard.press("Tab");
        expect((await focused(page)).id).toBe("q");
        await keyboard.type("beehives");
        await keyboard.press("Enter");
        await page.waitForFunction(() =>
          document.querySelector("#library-info")?.textContent?.includes('for "beehives"'),
        );
        await tabTo(page, "#library a");
        const link = await focused(page);
        expect(link.text).toBe(beehives.title);
        expect(link.outline).not.toBe("none");
        await screenshot(page, `keyboard-library-${size}`, false);
        await keyboard.press("Enter");
        await page.waitForFunction(
          (title) => document.querySelector("#exploration-heading")?.textContent === title,
          beehives.title,
        );
        expect((await focused(page)).id).toBe("exploration-heading");

        await tabTo(page, "#action-download");
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          keyboard.press("Enter"),
        ]);
        expect(download.suggestedFilename()).toMatch(/-research\.md$/);
        await keyboard.press("Tab");
        expect((await focused(page)).id).toBe("action-copy");
        await keyboard.press("Enter");
        await page.waitForFunction(() =>
          document.querySelector("#status")?.textContent?.startsWith("Copied"),
        );

        // Back up to the form, fill it in and submit it, all from the keyboard.
        await tabTo(page, "#idea", true);
        await keyboard.type(`Tool sheds for allotments, ${size} px`);
        await keyboard.press("Tab");
        expect((await focused(page)).id).toBe("mode");
        await keyboard.press("ArrowDown");
        expect(await page.inputValue("#mode")).toBe("exploration");
        await tabTo(page, "#more-options > summary");
        await keyboard.press("Enter");
        await keyboard.press("Tab");
        expect((await focused(page)).id).toBe("context");
        await keyboard.type("For a city allotment society");
        await tabTo(page, "#submit");
        await keyboard.press("Enter");
        await page.waitForFunction(() =>
          document.querySelector("#progress")?.textContent?.includes("step: research"),
        );
        expect((await focused(page)).id).toBe("progress-heading");
        await expect
          .poll(() => JSON.stringify(served.fake.requests.at(-1)?.body.messages ?? []))
          .toContain(`Tool sheds for allotments, ${size} px`);
        expect(JSON.stringify(served.fake.requests.at(-1)?.body)).toContain(
          "For a city allotment society",
        );

        await tabTo(page, "#cancel-job");
        answering = true;
        await keyboard.press("Enter");
        await page.waitForFunction(() =>
          document.querySelector("#progress")?.textContent?.startsWith("cancelled"),
        );
        // The pressed button is gone: the focus went on to Retry, not to the page's top.
        expect((await focused(page)).id).toBe("retry-job");
        await keyboard.press("Enter");
        await page.waitForFunction(
          () => document.querySelector("#exploration-heading")?.textContent === "Tool sheds",
        );
        expect(await textOf(page, "#progress")).toMatch(/^completed · ideas\/.*tool-sheds/);
        await screenshot(page, `keyboard-done-${size}`);
        expect(opened.cspViolations).toEqual([]);
        expect(opened.problems).toEqual([]);
      } finally {
        answering = true;
        await context.close();
      }
    }, 60_000);
  }
});
