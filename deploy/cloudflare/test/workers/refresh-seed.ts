import { fingerprintIdea, slugifyIdea } from "../../../../src/research/idea-identity.ts";

/** When the tests fire the Cron Trigger: the seeded explorations' ages are counted from here. */
export const CRON_TIME = Date.parse("2026-07-06T06:00:00Z");
/** Researched 186 days before CRON_TIME: due for a refresh (the default age is 90 days). */
export const STALE = { idea: "Tool libraries in rural post offices", date: "2026-01-01" };
/** Researched 35 days before CRON_TIME: not due. */
export const FRESH = { idea: "Seed swaps in school gardens", date: "2026-06-01" };

export const folderOf = (e: { idea: string; date: string }) => `${e.date}-${slugifyIdea(e.idea)}`;

/** research.md as the product writes it (frontmatter with the idea, its mode and fingerprint). */
function researchMarkdown(e: { idea: string; date: string }): string {
  return [
    "---",
    `title: ${JSON.stringify(e.idea)}`,
    `idea: ${JSON.stringify(e.idea)}`,
    "mode: business",
    "model: claude-sonnet-4-5",
    `date: ${e.date}`,
    `fingerprint: ${fingerprintIdea(e.idea)}`,
    "sources: 0",
    "---",
    "",
    `# ${e.idea}`,
    "",
    "## Verdict",
    "",
    "**Pursue with changes**",
    "",
    "## Sources",
    "",
    "_No web pages were retrieved for this research._",
    "",
  ].join("\n");
}

/** The two explorations the ideas repository holds before any test runs. */
export function refreshSeedFiles(): Record<string, string> {
  return Object.fromEntries(
    [STALE, FRESH].map((e) => [`ideas/${folderOf(e)}/research.md`, researchMarkdown(e)]),
  );
}
