import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  block,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/** A German idea is researched and written in German; `--language en` asks for English. */
const IDEA = "Eine App, die kleinen Bäckereien hilft, Lebensmittelabfälle zu reduzieren";
const market = { url: "https://markt.example/baeckereien", title: "Bäckereimarkt 2026" };
const blog = { url: "https://blog.example/brot", title: "Brot retten" };

let repo: TempTree;
let fake: FakeAnthropicServer;

beforeEach(async () => {
  repo = await gitTree({ files: { "README.md": "ideas\n" } });
  fake = await startFakeAnthropic();
});

afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

const explore = (...args: string[]) =>
  runCli(["explore", IDEA, "--json", ...args], {
    cwd: repo.dir,
    env: { ...fake.env, ...GIT_IDENTITY },
  });

/** One search, a report citing the market page for a figure its passage lacks (a Checks item). */
function scriptReport(heading: string) {
  fake.enqueue(
    reply.webSearch("Bäckerei Lebensmittelabfälle", [market, blog], {
      answer: [
        block.text(`# ${heading}\n\n## Markt\n\n`),
        block.text("Der Markt wächst um 8% pro Jahr.", [block.cite(market, "Der Markt wächst")]),
        block.text("\n\n## Urteil\n\n**Nicht verfolgen**\n"),
      ],
    }),
  );
}

const systemPrompt = (index: number) => JSON.stringify(fake.requests[index]?.body.system ?? "");

function researchOf(stdout: string): string {
  const result = JSON.parse(stdout) as { path: string };
  return readFileSync(path.join(repo.dir, result.path), "utf8");
}

describe("idea-explorer explore: the reader's language (fake Anthropic API)", () => {
  it("writes a German idea's report in German, with German headings the product writes itself", async () => {
    scriptReport("Bäckerei-App");
    const run = await explore();
    expect(run.code).toBe(0);
    expect(systemPrompt(0)).toContain("Write the whole report in German");
    expect(systemPrompt(0)).toContain('\\"Nicht verfolgen\\"');
    const research = researchOf(run.stdout);
    expect(research).toMatch(/^language: de$/m);
    expect(research).toContain(
      "\n## Quellen\n\n1. [Bäckereimarkt 2026](https://markt.example/baeckereien)",
    );
    expect(research).toContain(
      "\n### Ebenfalls herangezogen\n\n- [Brot retten](https://blog.example/brot)",
    );
    expect(research).toContain("\n## Prüfungen\n\nZahlen oder Zitate in diesen Sätzen");
    expect(research).toContain("— nicht in der Quelle: 8%");
    expect(research).not.toMatch(/^## (Sources|Checks)$/m);
  });

  it("--language en asks for English and writes English headings for the same idea", async () => {
    scriptReport("Bakery app");
    const run = await explore("--language", "en");
    expect(run.code).toBe(0);
    expect(systemPrompt(0)).toContain("Write the whole report in English");
    const research = researchOf(run.stdout);
    expect(research).toMatch(/^language: en$/m);
    expect(research).toContain("\n## Sources\n\n1. [Bäckereimarkt 2026]");
    expect(research).toContain("\n### Also consulted\n");
    expect(research).toContain("\n## Checks\n\nFigures or quotes");
  });

  it("--update of a German report without --language keeps it German", async () => {
    scriptReport("Bäckerei-App");
    expect((await explore()).code).toBe(0);
    scriptReport("Neu");
    const run = await explore("--update");
    expect(run.code).toBe(0);
    expect(systemPrompt(1)).toContain("Write the whole report in German");
    const research = researchOf(run.stdout);
    expect(research).toMatch(/^language: de$/m);
    expect(research).toMatch(/\n## Aktualisierung - \d{4}-\d{2}-\d{2}\n/);
    expect(research).toContain("\n## Quellen\n");
  });

  it("refuses an unknown language in one line before any model call", async () => {
    const run = await explore("--language", "klingon");
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("--language");
    expect(fake.requests).toHaveLength(0);
  });
});
