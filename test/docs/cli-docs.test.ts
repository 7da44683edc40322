import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  CLI_DOCS_PATH,
  cliHelpSections,
  type HelpSection,
  parseCliDocs,
  REGENERATE_COMMAND,
  renderCliDocs,
} from "../../scripts/generate-cli-docs.ts";

const flagsOf = (text: string) => new Set(text.match(/--[a-z][a-z-]*/g) ?? []);

/** What differs between a command's --help now and its section of docs/cli.md, in words. */
function staleness(fresh: readonly HelpSection[], written: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const { name, help } of fresh) {
    const docs = written.get(name);
    if (docs === undefined) {
      problems.push(`${name}: the command has no section in docs/cli.md`);
      continue;
    }
    if (docs === help) continue;
    const [now, before] = [flagsOf(help), flagsOf(docs)];
    const added = [...now].filter((f) => !before.has(f));
    const gone = [...before].filter((f) => !now.has(f));
    if (added.length) problems.push(`${name}: ${added.join(", ")} in --help, not in docs/cli.md`);
    if (gone.length)
      problems.push(`${name}: ${gone.join(", ")} in docs/cli.md, no longer in --help`);
    if (!added.length && !gone.length) {
      const [helpLines, docsLines] = [help.split("\n"), docs.split("\n")];
      const at = helpLines.findIndex((line, i) => line !== docsLines[i]);
      const line = at < 0 ? docsLines.length : at;
      problems.push(
        `${name}: line ${line + 1} of its help differs: --help says ${JSON.stringify(helpLines[line] ?? "")}, docs/cli.md says ${JSON.stringify(docsLines[line] ?? "")}`,
      );
    }
  }
  const known = new Set(fresh.map((s) => s.name));
  for (const name of written.keys()) {
    if (!known.has(name)) problems.push(`${name}: in docs/cli.md, but no such command`);
  }
  return problems;
}

describe("docs/cli.md", () => {
  it("is what each command's --help prints now", async () => {
    const [fresh, markdown] = await Promise.all([
      cliHelpSections(),
      readFile(CLI_DOCS_PATH, "utf8"),
    ]);
    const problems = staleness(fresh, parseCliDocs(markdown));
    expect(
      problems,
      `docs/cli.md is stale; regenerate it with \`${REGENERATE_COMMAND}\`:\n${problems.join("\n")}`,
    ).toEqual([]);
    // The rest of the file too (its header, contents and order), as the generator writes it.
    expect(markdown, `docs/cli.md differs from what \`${REGENERATE_COMMAND}\` writes`).toBe(
      renderCliDocs(fresh),
    );
  });
});
