import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply, startFakeAnthropic } from "../../test/fakes/anthropic-server.ts";
import { startServer } from "./start-server.ts";
import { GIT_IDENTITY, initIdeasRepo, startServeProcess } from "./testing/serve-process.ts";
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

  async function openPage(server: { url: string }) {
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

  it("submits an idea, follows it live to completion over the real workflow and shows the sanitized report", async () => {
    const hit = { url: "https://example.com/study", title: "Dog treat market study" };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = await startFakeAnthropic({
      handler: async (request) => {
        if (request.body.messages.length === 1) {
          return reply.toolUse("read_research", { path: "2026-01-01-dog-food/research.md" });
        }
        await gate; // the page must show the research step live before the report arrives
        return reply.webSearch("dog bakery subscriptions", [hit], {
          answer: `# A subscription bakery for dogs\n\n## Verdict\n\nWorth a pilot. See [the market study](${hit.url}).\n\n<img src=x onerror="alert('xss')">\n`,
        });
      },
    });
    const dir = mkdtempSync(join(tmpdir(), "web-page-"));
    const repo = initIdeasRepo(join(dir, "ideas"));
    const server = await startServeProcess(["--repo", repo, "--data-dir", join(dir, "data")], {
      cwd: dir,
      env: { ...fake.env, ...GIT_IDENTITY },
    });
    try {
      const { page, problems } = await openPage(server);
      await page.fill("#idea", "A subscription bakery for dogs");
      await page.selectOption("#mode", "exploration");
      await page.fill("#model", "sonnet");
      await page.click("#submit");

      await page.waitForFunction(() => {
        const text = document.querySelector("#progress")?.textContent ?? "";
        return text.includes("step: research") && text.includes("1 tool calls");
      });
      release();
      await page.waitForSelector("#report h1");
      expect(await page.textContent("#progress")).toMatch(
        /^completed · ideas\/\d{4}-\d{2}-\d{2}-a-subscription-bakery-for-dogs\/research\.md · cited 1 of 1 sources · \$\d+\.\d+$/,
      );
      expect(await page.textContent("#report h1")).toBe("A subscription bakery for dogs");
      expect(await page.textContent("#report")).not.toContain("fingerprint");
      expect(await page.getAttribute("#report a", "href")).toBe(hit.url);
      expect(await page.locator("#report img").count()).toBe(0);
      expect(await page.textContent("#report")).toContain("<img src=x");
      expect(await page.textContent("#report")).toContain("Sources");
      await page.waitForSelector("#jobs tr[data-job] .status-completed");
      expect(await page.textContent("#jobs")).toContain("exploration");

      mkdirSync(artifacts, { recursive: true });
      await page.screenshot({ path: join(artifacts, "web-page.png"), fullPage: true });
      expect(problems).toEqual([]);
      expect(fake.requests.map((r) => r.body.model)).toEqual([
        "claude-sonnet-5-5",
        "claude-sonnet-5-5",
      ]);
    } finally {
      release();
      await server.stop();
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

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
