import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./start-server.ts";
import { createServiceFixture } from "./testing/service-fixture.ts";

const CHROMIUM = "/usr/bin/chromium";
const artifacts = join(import.meta.dirname, "../../test-artifacts");
const hasChromium = existsSync(CHROMIUM);

describe.skipIf(!hasChromium)(`web page in headless Chromium (needs ${CHROMIUM})`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
  });
  afterAll(() => browser?.close());

  async function openPage(server: RunningServer) {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().includes("401"))
        problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("dialog", (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.goto(server.url);
    return { page, problems };
  }

  it("submits an idea, follows its progress live and shows the sanitized report", async () => {
    let open!: () => void;
    const researchGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { app, jobs } = createServiceFixture({
      researchGate,
      report: (idea) =>
        `# ${idea}\n\n## Verdict\n\nWorth a pilot. See [the market study](https://example.com/study).\n\n<img src=x onerror="alert('xss')">\n`,
    });
    const server = await startServer({ app, port: 0, authRequired: false });
    jobs.start();
    try {
      const { page, problems } = await openPage(server);
      await page.fill("#idea", "A subscription bakery for dogs");
      await page.selectOption("#mode", "exploration");
      await page.fill("#model", "sonnet");
      await page.click("#submit");

      // Live progress from the event stream while the research step is held open.
      await page.waitForFunction(() => {
        const text = document.querySelector("#progress")?.textContent ?? "";
        return text.includes("step: research") && text.includes("2 tool calls");
      });
      open();
      await page.waitForSelector("#report h1");
      expect(await page.textContent("#progress")).toContain("completed");
      expect(await page.textContent("#report h1")).toBe("A subscription bakery for dogs");
      expect(await page.getAttribute("#report a", "href")).toBe("https://example.com/study");
      expect(await page.locator("#report img").count()).toBe(0);
      expect(await page.textContent("#report")).toContain("<img src=x");
      await page.waitForSelector("#jobs tr[data-job] .status-completed");
      expect(await page.textContent("#jobs")).toContain("exploration");

      mkdirSync(artifacts, { recursive: true });
      await page.screenshot({ path: join(artifacts, "web-page.png"), fullPage: true });
      expect(problems).toEqual([]);
      const [job] = jobs.list({ limit: 1 }).jobs;
      expect(job?.payload).toMatchObject({ request: { mode: "exploration", model: "sonnet" } });
    } finally {
      await jobs.stop();
      await server.close();
    }
  });

  it("asks for the API token when the server needs one and keeps it for the tab", async () => {
    const token = "page-token-0123456789";
    const { app, jobs } = createServiceFixture({ auth: { tokens: [token] } });
    const server = await startServer({ app, port: 0, authRequired: true });
    jobs.start();
    try {
      const { page } = await openPage(server);
      await page.waitForFunction(() =>
        document.querySelector("#jobs-error")?.textContent?.includes("token"),
      );
      await page.fill("#idea", "An idea behind a token");
      await page.click("#submit");
      await page.waitForFunction(() =>
        document.querySelector("#submit-error")?.textContent?.includes("API token"),
      );

      await page.fill("#token", token);
      await page.dispatchEvent("#token", "change");
      await page.click("#submit");
      await page.waitForSelector("#report h1");
      expect(await page.evaluate(() => sessionStorage.getItem("idea-explorer-token"))).toBe(token);
    } finally {
      await jobs.stop();
      await server.close();
    }
  });
});
