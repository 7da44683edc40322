import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { MAX_STORED_FILE_BYTES } from "../../src/store/research-files.ts";
import { type FakeAnthropicServer, reply, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { runCli } from "../helpers/run-cli.ts";
import { GIT_IDENTITY, git, gitTree } from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/**
 * A model server may ignore the output limit. A report larger than the store can hold must be
 * cut to fit and marked, never committed whole: committed, it could not be read back, and every
 * later run of the idea would fail.
 */

const IDEA = "Bicycle couriers for pharmacies";
const PARAGRAPH = `${"Demand for same-day delivery of prescriptions is strong in cities. ".repeat(15).trim()}`;

/** ~17 MB of numbered paragraphs, so a cut can be seen to fall between two of them. */
function hugeReport(): string {
  const paragraphs: string[] = ["# Couriers"];
  let bytes = 0;
  for (let n = 1; bytes < 17 * 1024 * 1024; n++) {
    const paragraph = `Paragraph ${n}. ${PARAGRAPH}`;
    paragraphs.push(paragraph);
    bytes += paragraph.length + 2;
  }
  return paragraphs.join("\n\n");
}

let repo: TempTree;
let fake: FakeAnthropicServer;
beforeEach(async () => {
  fake = await startFakeAnthropic();
  repo = await gitTree({ files: { "README.md": "seed\n" } });
});
afterEach(async () => {
  await fake.close();
  await repo.cleanup();
});

const explore = () =>
  runCli(["explore", IDEA, "--json"], { cwd: repo.dir, env: { ...fake.env, ...GIT_IDENTITY } });

describe("a report larger than the store's file limit", () => {
  it("is cut at a paragraph to fit, marked truncated, and a re-run finds it as a duplicate", async () => {
    const report = hugeReport();
    fake.enqueue(reply.text(report));
    const run = await explore();
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(fake.requests).toHaveLength(1);

    const [folder] = readdirSync(path.join(repo.dir, "ideas"));
    const researchPath = `ideas/${folder}/research.md`;
    // What the commit holds, not only the working tree.
    const committed = git(repo.dir, "cat-file", "-s", `HEAD:${researchPath}`);
    expect(Number(committed)).toBeLessThanOrEqual(MAX_STORED_FILE_BYTES);
    const text = readFileSync(path.join(repo.dir, researchPath), "utf8");
    const frontmatter = parseYaml(text.split("---\n")[1] ?? "") as Record<string, unknown>;
    expect(frontmatter.truncated).toBe(true);
    // The last paragraph kept is whole, and the note follows it.
    expect(text).toMatch(
      new RegExp(
        `\\n\\nParagraph \\d+\\. ${PARAGRAPH.replace(/\./g, "\\.")}\\n\\n> \\*\\*Note:\\*\\* this report is incomplete: it was longer than the ideas repository can store in one file, so only its beginning was kept\\.\\n`,
      ),
    );
    const log = JSON.parse(
      readFileSync(path.join(repo.dir, `ideas/${folder}/exploration-log.json`), "utf8"),
    );
    expect(log[0]?.truncated).toBe(true);

    const warning = run.stderr.trim().split("\n").at(-1) ?? "";
    const kept = text.length; // ASCII report: characters are bytes
    expect(warning).toMatch(
      /^warning: the report \([\d,]+ bytes\) did not fit the ideas repository's file limit \(16,777,216 bytes\); only its first [\d,]+ bytes were committed, with "truncated: true"$/,
    );
    expect(kept).toBeLessThan(Buffer.byteLength(report));
    const result = JSON.parse(run.stdout);
    expect(result.status).toBe("created");
    expect(result.warnings).toEqual([warning.slice("warning: ".length)]);

    const again = await explore();
    expect(again.code, again.stderr.slice(-2000)).toBe(0);
    expect(fake.requests).toHaveLength(1);
    const duplicate = JSON.parse(again.stdout);
    expect(duplicate.status).toBe("duplicate");
    expect(duplicate.path).toBe(researchPath);
  }, 120_000);
});
