/**
 * Test support: an ideas repository holding explorations as the product writes them (folder,
 * frontmatter with the idea's fingerprint, numbered citations, exploration-log.json), committed,
 * so the library routes and a duplicate check see them as committed state.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fingerprintIdea, slugifyIdea } from "../../src/research/idea-identity.ts";
import { git } from "./serve-process.ts";

export interface SeedExploration {
  idea: string;
  title: string;
  mode: "business" | "exploration";
  date: string;
  /** Business: the verdict line; exploration: the direction headings. */
  verdict?: string;
  directions?: string[];
  sources?: { title: string; url: string }[];
  updates?: string[];
  costUsd?: number;
  queries?: string[];
  /** Business: the Market paragraph (it cites source 1), instead of "A growing segment." */
  market?: string;
  /** The closing "## Checks" section's items, as research.md writes them (after the Sources). */
  checks?: string[];
  /** The log entry's counts of the figure check (exploration-log.json's `checks`). */
  logChecks?: Record<string, unknown>;
  /** The days it was refreshed (the frontmatter's `refreshed`, one log entry with `refresh` each). */
  refreshed?: string[];
  /** Whether the latest refresh changed the verdict (its log entry's `refresh.verdictChanged`). */
  refreshChanged?: boolean;
}

export function seedFolder(seed: SeedExploration): string {
  return `${seed.date}-${slugifyIdea(seed.idea)}`;
}

export function researchMarkdown(seed: SeedExploration): string {
  const sources = seed.sources ?? [];
  const cite = sources.map((s, i) => `[[${i + 1}]](${s.url})`).join("");
  const body =
    seed.mode === "business"
      ? `## Problem\n\nStallholders lose produce to spoilage every week.${cite}\n\n## Market\n\n${seed.market ?? "A growing segment."}${sources[0] ? `[[1]](${sources[0].url})` : ""}\n\n## Verdict\n\n**${seed.verdict ?? "Pursue"}**\n\nWorth a pilot.\n`
      : `${(seed.directions ?? ["One way", "Another way"]).map((d) => `## ${d}\n\nA direction worth a look.${cite}\n`).join("\n")}\n## Most promising\n\nThe first.\n`;
  const updates = [...(seed.updates ?? []), ...(seed.refreshed ?? [])]
    .map((date) => `\n## Update - ${date}\n\n### What changed\n\nNew prices.\n`)
    .join("");
  const list = sources.length
    ? sources.map((s, i) => `${i + 1}. [${s.title}](${s.url})`).join("\n")
    : "_No web pages were retrieved for this research._";
  return [
    "---",
    `title: ${JSON.stringify(seed.title)}`,
    `idea: ${JSON.stringify(seed.idea)}`,
    `mode: ${seed.mode}`,
    "model: claude-sonnet-5-5",
    `date: ${seed.date}`,
    ...(seed.refreshed?.length
      ? [`updated: ${seed.refreshed.at(-1)}`, `refreshed: [${seed.refreshed.join(", ")}]`]
      : []),
    `fingerprint: ${fingerprintIdea(seed.idea)}`,
    `sources: ${sources.length}`,
    "---",
    "",
    `# ${seed.title}`,
    "",
    body + updates,
    "## Sources",
    "",
    list,
    "",
    ...(seed.checks?.length
      ? [
          "## Checks",
          "",
          "Figures or quotes in these sentences were not found in the passage of the source they cite. Nothing was removed from the report; check them against the source before relying on them.",
          "",
          ...seed.checks,
          "",
        ]
      : []),
  ].join("\n");
}

function logJson(seed: SeedExploration): string {
  const run = (isUpdate: boolean) => ({
    startedAt: `${seed.date}T09:00:00.000Z`,
    model: "claude-sonnet-5-5",
    mode: seed.mode,
    isUpdate,
    steps: 4,
    stoppedBy: "end",
    tokens: { input: 12_000, output: 1_800, total: 13_800, cacheRead: 3_000, cacheWrite: 900 },
    cost: { priced: true, usd: (seed.costUsd ?? 0.2) / (1 + (seed.updates?.length ?? 0)) },
    ...(seed.logChecks ? { checks: seed.logChecks } : {}),
    searches: (seed.queries ?? [`${seed.title} market`]).map((query) => ({
      query,
      resultCount: 5,
      ok: true,
    })),
  });
  const refreshes = (seed.refreshed ?? []).map((date, i, all) => ({
    ...run(true),
    refresh: {
      previousDate: i === 0 ? seed.date : all[i - 1],
      verdictChanged: i === all.length - 1 && seed.refreshChanged === true,
      newSources: 1,
    },
    startedAt: `${date}T09:00:00.000Z`,
  }));
  return JSON.stringify(
    [run(false), ...(seed.updates ?? []).map(() => run(true)), ...refreshes],
    null,
    2,
  );
}

/** Writes and commits each exploration under ideas/ of the git repository `repo`. */
export function seedLibrary(repo: string, seeds: readonly SeedExploration[]): string[] {
  const folders = seeds.map((seed) => {
    const folder = seedFolder(seed);
    const dir = join(repo, "ideas", folder);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "research.md"), researchMarkdown(seed));
    writeFileSync(join(dir, "exploration-log.json"), logJson(seed));
    return folder;
  });
  git(repo, "add", "ideas");
  git(repo, "commit", "-q", "-m", "Seed the library");
  return folders;
}

/** A library of `count` explorations over a few weeks, both modes, some with updates. */
export function sampleLibrary(count: number): SeedExploration[] {
  const subjects = [
    ["Solar food dryers", "A solar-powered food dehydrator kit for market stalls"],
    [
      "Night buses for shift workers",
      "Night bus routes planned around hospital and factory shifts",
    ],
    ["A tea bar in a library", "A tea bar inside a public library, run by a social enterprise"],
    ["Electric river ferries", "Electric ferries for commuters on slow city rivers"],
    ["Repair cafés in schools", "Monthly repair cafés run by pupils in secondary schools"],
    ["Rooftop beehives for hotels", "Beehives on hotel roofs, with the honey served at breakfast"],
    ["A tool library for renters", "A tool library for the tenants of large rental blocks"],
    ["Cargo bikes for bakeries", "Shared electric cargo bikes for neighbourhood bakeries"],
  ] as const;
  return Array.from({ length: count }, (_, i) => {
    const [subject, idea] = subjects[i % subjects.length] as (typeof subjects)[number];
    // The newest of each subject has the plain title; older ones are numbered takes.
    const take = Math.floor((count - 1 - i) / subjects.length);
    const title = take ? `${subject} (take ${take + 1})` : subject;
    const business = i % 3 !== 1;
    const day = String(1 + (i % 28)).padStart(2, "0");
    const month = String(1 + Math.floor(i / 28)).padStart(2, "0");
    return {
      idea: take ? `${idea} (take ${take + 1})` : idea,
      title,
      mode: business ? "business" : "exploration",
      date: `2026-${month}-${day}`,
      ...(business
        ? { verdict: ["Pursue", "Pursue with changes", "Do not pursue"][i % 3] as string }
        : { directions: ["Commuters", "Tourists", "Schools", "Events", "Freight"] }),
      sources: [
        { title: `${subject}: a market report`, url: `https://market.example/${i}/report` },
        { title: `${subject} in the news`, url: `https://news.example/${i}` },
      ],
      ...(i % 4 === 0 ? { updates: ["2026-04-20"] } : {}),
      costUsd: 0.1 + (i % 5) * 0.07,
      queries: [`${subject.toLowerCase()} market size`, `${subject.toLowerCase()} competitors`],
    } satisfies SeedExploration;
  });
}
