import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/run-cli.ts";
import { headingAnchors, linksOf, markdownFiles } from "./markdown-links.ts";

/** The pages a reader follows links through: the front door, the threat model, the reference. */
const PAGES = [
  path.join(REPO_ROOT, "README.md"),
  path.join(REPO_ROOT, "SECURITY.md"),
  ...markdownFiles(path.join(REPO_ROOT, "docs")),
];

const EXTERNAL = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** Why a relative link of `page` does not lead anywhere, or undefined when it does. */
function brokenBecause(page: string, target: string): string | undefined {
  const [rawPath = "", anchor] = target.split("#", 2);
  const filePath = decodeURIComponent(rawPath.split("?", 1)[0] ?? "");
  const file = filePath ? path.resolve(path.dirname(page), filePath) : page;
  const shown = path.relative(REPO_ROOT, file);
  if (!file.startsWith(REPO_ROOT + path.sep)) return `${shown} is outside the repository`;
  if (!existsSync(file)) return `no file ${shown}`;
  if (anchor === undefined || anchor === "") return undefined;
  if (statSync(file).isDirectory() || !file.endsWith(".md")) {
    return `#${anchor}: ${shown} is not a Markdown file with headings`;
  }
  const anchors = headingAnchors(readFileSync(file, "utf8"));
  if (anchors.has(anchor.toLowerCase())) return undefined;
  return `no heading for #${anchor} in ${shown} (its anchors: ${[...anchors].map((a) => `#${a}`).join(" ")})`;
}

describe("links in README.md, SECURITY.md and docs/", () => {
  it("every relative link reaches a file, and every #anchor a heading there", () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const { target, line } of linksOf(readFileSync(page, "utf8"))) {
        if (EXTERNAL.test(target)) continue;
        const why = brokenBecause(page, target);
        if (why) broken.push(`${path.relative(REPO_ROOT, page)}:${line}: (${target}): ${why}`);
      }
    }
    expect(broken, `broken links:\n${broken.join("\n")}`).toEqual([]);
  });

  it("reads headings as GitHub anchors them", () => {
    const anchors = headingAnchors(
      '# A\n## `idea-explorer explore "<idea>" [options]`\n## What web_fetch may read\n## Crashes, full disks and two runs at once\n## Options\n## Options\n',
    );
    expect([...anchors]).toEqual([
      "a",
      "idea-explorer-explore-idea-options",
      "what-web_fetch-may-read",
      "crashes-full-disks-and-two-runs-at-once",
      "options",
      "options-1",
    ]);
    expect(linksOf("see [x](a.md#b) and `[y](c.md)`\n\n```\n[z](d.md)\n```\n")).toEqual([
      { target: "a.md#b", line: 1 },
    ]);
  });
});
