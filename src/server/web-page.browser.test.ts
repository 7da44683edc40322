import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { type RecordedRequest, reply } from "../../test/fakes/anthropic-server.ts";
import { deepRequests } from "../../test/helpers/deep-requests.ts";
import {
  CHROMIUM,
  hasChromium,
  launchChromium,
  libraryInChromium,
  type OpenedPage,
  openPage,
  SIZES,
  screenshot,
  textOf,
  WIDE,
} from "../../test/helpers/library-in-chromium.ts";
import { sampleLibrary } from "../../test/helpers/library-seed.ts";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import { LocalStore } from "../store/local-store.ts";
import { startServer } from "./start-server.ts";

const market = { url: "https://market.example/dog-treats", title: "Dog treat market study" };
const rivals = { url: "https://news.example/barkery", title: "Barkery opens a third shop" };

function expectClean(opened: OpenedPage) {
  expect(opened.csp).toContain("default-src 'none'");
  expect(opened.csp).not.toContain("unsafe-inline");
  expect(opened.cspViolations).toEqual([]);
  expect(opened.problems).toEqual([]);
}

/** A gate a fake model answer waits on, opened by the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.skipIf(!hasChromium)(`live progress and jobs in headless Chromium (${CHROMIUM})`, () => {
  const served = libraryInChromium({ tmpPrefix: "web-live-", seeds: sampleLibrary(6) });

  for (const [size, viewport] of SIZES) {
    it(`follows a run live at ${size} px: searches, pages, tokens, cost, elapsed time, then the report`, async () => {
      const idea = `A subscription bakery for dogs${size === "1280" ? "" : ", tried on a phone"}`;
      const held = gate();
      served.fake.setHandler(async (request) => {
        if (request.body.messages.length === 1) {
          // The search ends in pause_turn: the run goes on, and the page shows what it found.
          return reply.webSearch("dog bakery subscriptions", [market, rivals], {
            usage: { input_tokens: 1_500, output_tokens: 120 },
          });
        }
        await held.opened;
        return reply.text(
          `# A subscription bakery for dogs\n\n## Verdict\n\nWorth a pilot: the market grows. See [the study](${market.url}).\n\n<img src=x onerror="alert('xss')">\n`,
        );
      });
      const opened = await served.open({ viewport });
      const { page } = opened;
      try {
        await page.fill("#idea", idea);
        await page.selectOption("#mode", "business");
        await page.fill("#model", "sonnet");
        await page.click("#submit");

        await page.waitForSelector("#pages li a");
        await page.waitForFunction(() => document.querySelector("#fact-elapsed")?.textContent);
        expect(await textOf(page, "#progress")).toMatch(/^running · step: research/);
        expect(await textOf(page, "#queries")).toBe('"dog bakery subscriptions" → 2 results');
        expect(await page.locator("#pages li a").allTextContents()).toEqual([
          market.title,
          rivals.title,
        ]);
        expect(await page.getAttribute("#pages li a", "href")).toBe(market.url);
        const facts = await textOf(page, "#progress-facts");
        expect(facts).toContain("Tokens so far1,500 in · 120 out");
        expect(facts).toMatch(/Cost so far\$\d+\.\d\d/);
        expect(facts).toMatch(/Elapsed\d+ s/);
        expect(await page.isVisible("#cancel-job")).toBe(true);
        expect(await textOf(page, "#status")).toBe("Job running: research");
        await screenshot(page, `live-progress-${size}`);
        if (size === "1280") await screenshot(page, "docs-live-progress", false);

        held.open();
        await page.waitForSelector("#report h2");
        expect(await textOf(page, "#progress")).toMatch(
          /^completed · ideas\/\d{4}-\d{2}-\d{2}-a-subscription-bakery-for-dogs(-tried-on-a-phone)?\/research\.md · cited 1 of 2 sources · \$\d+\.\d+$/,
        );
        expect(await textOf(page, "#exploration-heading")).toBe("A subscription bakery for dogs");
        expect(await page.getAttribute("#report a[data-source]", "aria-label")).toBe(
          `source 1: ${market.title}`,
        );
        expect(await page.locator("#report img").count()).toBe(0);
        expect(await textOf(page, "#report")).toContain("<img src=x");
        expect(await page.isHidden("#cancel-job")).toBe(true);
        await page.waitForSelector(`#jobs .status-completed`);
        await screenshot(page, `completed-${size}`);
        expectClean(opened);
      } finally {
        held.open();
        await opened.context.close();
      }
    }, 60_000);
  }

  for (const [size, viewport] of SIZES) {
    it(`cancels a running job and retries it at ${size} px`, async () => {
      const idea = `Refill stations for cleaners, ${size} px`;
      let cancelled = false;
      let held = false;
      served.fake.setHandler(async (request) => {
        // Held until the job is cancelled (the page's cancel closes this request); then answered.
        if (!cancelled) {
          held = true;
          return reply.hang();
        }
        return reply.text(`# Refill stations\n\n## Verdict\n\nPursue.\n\n(${request.body.model})`);
      });
      const opened = await served.open({ viewport });
      const { page } = opened;
      try {
        await page.fill("#idea", idea);
        await page.click("#submit");
        await page.waitForFunction(() =>
          document.querySelector("#progress")?.textContent?.includes("step: research"),
        );
        // This job's own button: the list may still show another test's job that is running.
        const cancel =
          size === "1280"
            ? page.locator("#cancel-job")
            : page.getByRole("button", { name: `Cancel: ${idea}` });
        // The page says "research" as the step starts, before its model request has arrived:
        // cancelling only once that request is held keeps it from being answered instead.
        await vi.waitFor(() => expect(held).toBe(true), { timeout: 20_000 });
        cancelled = true;
        await cancel.first().click();
        await page.waitForFunction(() =>
          document.querySelector("#progress")?.textContent?.startsWith("cancelled:"),
        );
        await page.waitForSelector("#jobs li:first-child [data-retry]");
        expect(await textOf(page, "#jobs li:first-child .meta")).toContain("cancelled");
        expect(await page.isVisible("#retry-job")).toBe(true);
        await screenshot(page, `cancelled-${size}`);

        await page.selectOption("#jobs-status", "failed");
        await page.waitForFunction(
          () => document.querySelectorAll("#jobs .status-completed").length === 0,
        );
        const retry =
          size === "1280" ? page.locator("#retry-job") : page.locator("#jobs [data-retry]");
        await retry.first().click();
        await page.waitForSelector("#report h2");
        expect(await textOf(page, "#progress")).toMatch(/^completed · ideas\/.*refill-stations/);
        expect(await textOf(page, "#exploration-heading")).toBe("Refill stations");
        await page.selectOption("#jobs-status", "");
        await page.waitForSelector("#jobs li:first-child .status-completed");
        await screenshot(page, `retried-${size}`);
        expectClean(opened);
      } finally {
        await opened.context.close();
      }
    }, 60_000);
  }

  it("shows deep research's plan and each sub-question as it goes", async () => {
    const questions = ["Who buys refills?", "What do stations cost?", "Who runs them already?"];
    const deep = deepRequests(questions);
    const held = gate();
    served.fake.setHandler(async (request: RecordedRequest) => {
      if (deep.isPlan(request)) return reply.text(deep.plan);
      if (deep.isSynthesis(request)) return reply.text("# Refill kiosks\n\n## Verdict\n\nPursue.");
      const n = deep.subQuestionOf(request);
      if (n === 1 && request.body.messages.length === 1) {
        return reply.webSearch("refill buyers survey", [market]);
      }
      if (n !== 1) await held.opened;
      return reply.text(`# Finding ${n}\n\nSee [the survey](${market.url}).`);
    });
    const opened = await served.open({ viewport: WIDE });
    const { page } = opened;
    try {
      await page.fill("#idea", "Refill kiosks for household cleaners");
      await page.selectOption("#depth", "deep");
      await page.click("#submit");
      await page.waitForFunction(() =>
        [...document.querySelectorAll("#lines li")].some((li) =>
          li.textContent?.startsWith("[1/3] done"),
        ),
      );
      expect(await textOf(page, "#plan")).toContain("Plan: 3 sub-questions");
      expect(await textOf(page, "#plan")).toContain("1. Who buys refills?");
      const lines = await page.locator("#lines li").allTextContents();
      expect(lines).toContain("[1/3] started: Who buys refills?");
      expect(lines).toContain('[1/3] searched "refill buyers survey"');
      expect(await textOf(page, "#queries")).toBe('"refill buyers survey" → 1 result');
      expect(await page.locator("#pages li a").allTextContents()).toEqual([market.title]);
      expect(await textOf(page, "#progress-facts")).toMatch(/Tokens so far[\d,]+ in/);
      await screenshot(page, "deep-progress-1280");
      held.open();
      await page.waitForSelector("#report h2");
      expect(await textOf(page, "#exploration-heading")).toBe("Refill kiosks");
      expectClean(opened);
    } finally {
      held.open();
      await opened.context.close();
    }
  }, 60_000);
});

describe.skipIf(!hasChromium)("the API token", () => {
  it("is asked for when the server needs one; its error clears once a valid token is given", async () => {
    const token = "page-token-0123456789";
    const browser = await launchChromium();
    const root = mkdtempSync(join(tmpdir(), "web-token-"));
    const { app, jobs } = createServiceFixture({
      auth: { tokens: [token] },
      ideas: new LocalStore({ root }),
    });
    const server = await startServer({ app, port: 0, authRequired: true });
    jobs.start();
    // The fixture's jobs write no exploration: the page reads their report from the job.
    const opened = await openPage(browser, server.url, { allow: /^HTTP (401|404) / });
    const { page } = opened;
    try {
      await page.waitForFunction(() =>
        document.querySelector("#jobs-info")?.textContent?.includes("API token"),
      );
      expect(await page.isVisible("#token")).toBe(true);
      await page.fill("#idea", "An idea behind a token");
      await page.fill("#token", "a-wrong-token");
      await page.press("#token", "Enter");
      await page.click("#submit");
      await page.waitForFunction(() =>
        document.querySelector("#submit-error")?.textContent?.includes("API token"),
      );
      await screenshot(page, "token-refused-1280");

      await page.fill("#token", token);
      await page.press("#token", "Enter");
      await page.waitForFunction(
        () => (document.querySelector("#submit-error") as HTMLElement | null)?.hidden,
      );
      expect(await textOf(page, "#jobs-info")).not.toContain("token");
      expect(await textOf(page, "#library-info")).not.toContain("token");
      await page.click("#submit");
      await page.waitForSelector("#report h2");
      expect(await page.evaluate(() => sessionStorage.getItem("idea-explorer-token"))).toBe(token);
      expectClean(opened);
    } finally {
      await browser.close();
      await jobs.stop();
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
