/**
 * Test support for the web page's browser tests (src/server/web-*.browser.test.ts): called in a
 * describe, it starts before its tests one headless Chromium (Debian's, see browser-page.ts
 * beside this file), a fake Messages API, and `serve` as a child process on an
 * ideas repository in a temporary folder seeded with explorations; after them it stops them all
 * and removes the folder. Also the two widths the page is tried at, and what the tests use from
 * browser-page.ts, so a test imports its browser set-up from here alone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import {
  type FakeAnthropicServer,
  type ReplyHandler,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { launchChromium, type OpenedPage, openPage, PHONE, WIDE } from "./browser-page.ts";
import { type SeedExploration, seedLibrary } from "./library-seed.ts";
import {
  GIT_IDENTITY,
  initIdeasRepo,
  type ServeProcess,
  startServeProcess,
} from "./serve-process.ts";

export {
  CHROMIUM,
  hasChromium,
  launchChromium,
  type OpenedPage,
  openPage,
  screenshot,
  textOf,
  WIDE,
} from "./browser-page.ts";

/** The widths each page test runs at: a desktop window (1280 px) and a phone (390 px). */
export const SIZES = [
  ["1280", WIDE],
  ["390", PHONE],
] as const;

/** What libraryInChromium started; read it inside the tests (it is set in beforeAll). */
export interface LibraryInChromium {
  browser: Browser;
  fake: FakeAnthropicServer;
  /** The ideas repository `serve` works on. */
  repo: string;
  server: ServeProcess;
  /** Opens `serve`'s page (at `path` after its URL, e.g. "/#exploration/<folder>"). */
  open(options?: Parameters<typeof openPage>[2], path?: string): Promise<OpenedPage>;
}

export function libraryInChromium(options: {
  /** The temporary folder's name prefix, e.g. "web-library-". */
  tmpPrefix: string;
  seeds: readonly SeedExploration[];
  /** The fake model's answers (the tests can change it with fake.setHandler). */
  handler?: ReplyHandler;
}): LibraryInChromium {
  let dir: string | undefined;
  const world = {
    open: (pageOptions, path = "") =>
      openPage(world.browser, `${world.server.url}${path}`, pageOptions),
  } as LibraryInChromium;

  beforeAll(async () => {
    world.browser = await launchChromium();
    world.fake = await startFakeAnthropic({ handler: options.handler });
    dir = mkdtempSync(join(tmpdir(), options.tmpPrefix));
    world.repo = initIdeasRepo(join(dir, "ideas"));
    seedLibrary(world.repo, options.seeds);
    world.server = await startServeProcess(
      ["--repo", world.repo, "--data-dir", join(dir, "data")],
      { cwd: dir, env: { ...world.fake.env, ...GIT_IDENTITY } },
    );
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.stop();
    await world.fake?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return world;
}
