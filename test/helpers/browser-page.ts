/**
 * Test support for the web page in Debian's Chromium (playwright-core, never a downloaded
 * browser): one headless browser, pages that record every console error, page error, dialog
 * and Content-Security-Policy violation, and screenshots saved under test-artifacts/.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
export const ARTIFACTS = join(import.meta.dirname, "../../test-artifacts");

export const WIDE = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors, dialogs and HTTP errors: a working page has none. */
  problems: string[];
  /** securitypolicyviolation events, as "directive blocked-uri". */
  cspViolations: string[];
  /** The Content-Security-Policy header the page came with. */
  csp: string | undefined;
}

export async function openPage(
  browser: Browser,
  url: string,
  options: {
    viewport?: { width: number; height: number };
    /** HTTP errors the test expects, matched against "HTTP <status> <method> <path>". */
    allow?: RegExp;
  } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? WIDE,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const cspViolations: string[] = [];
  await page.exposeBinding("__reportCspViolation", (_source, text: string) => {
    cspViolations.push(text);
  });
  // Added by the browser, not by the page: the page's CSP does not apply to it.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void })
        .__reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    // A failed request is reported below with its method and path, which say more.
    if (message.type() !== "error" || message.text().startsWith("Failed to load resource")) return;
    problems.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() < 400) return;
    const { pathname, search } = new URL(response.url());
    const line = `HTTP ${response.status()} ${response.request().method()} ${pathname}${search}`;
    if (!options.allow?.test(line)) problems.push(line);
  });
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("dialog", (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const response = await page.goto(url);
  const csp = (await response?.allHeaders())?.["content-security-policy"];
  return { page, context, problems, cspViolations, csp };
}

/** A screenshot of the whole page under test-artifacts/<name>.png. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/** The text of an element, trimmed ("" when it is missing). */
export async function textOf(page: Page, selector: string): Promise<string> {
  return ((await page.locator(selector).first().textContent()) ?? "").trim();
}
