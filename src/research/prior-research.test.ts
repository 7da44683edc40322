import { describe, expect, it } from "vitest";
import { rankPriorResearch } from "./prior-research.ts";

const folders = [
  "2026-01-05-meal-kits-for-students",
  "2026-03-01-dog-walking-marketplace",
  "2025-12-30-solar-kiosks",
  "2026-02-11-cat-sitting-app",
  "README.md",
];

describe("rankPriorResearch", () => {
  it("offers read_research paths, most related first", () => {
    const paths = rankPriorResearch("An app that matches dog walkers with busy owners", folders);
    expect(paths[0]).toBe("2026-03-01-dog-walking-marketplace/research.md");
    expect(paths.every((p) => p.endsWith("/research.md"))).toBe(true);
    expect(paths).not.toContain("README.md/research.md");
  });

  it("matches word forms and accents, and ignores words every product idea shares", () => {
    const more = ["2026-04-01-cafe-for-cyclists", "2025-01-02-app-platform-startup", ...folders];
    expect(rankPriorResearch("Cycling café with repairs", more)[0]).toBe(
      "2026-04-01-cafe-for-cyclists/research.md",
    );
    // "app" and "platform" alone relate nothing: the newest folder leads, not the one named so.
    expect(rankPriorResearch("A platform app for sellers", more)[0]).toBe(
      "2026-04-01-cafe-for-cyclists/research.md",
    );
    expect(rankPriorResearch("An app platform for student meals", more)[0]).toBe(
      "2026-01-05-meal-kits-for-students/research.md",
    );
  });

  it("puts newer folders first among equally related ones", () => {
    expect(rankPriorResearch("quantum knitting", folders).slice(0, 2)).toEqual([
      "2026-03-01-dog-walking-marketplace/research.md",
      "2026-02-11-cat-sitting-app/research.md",
    ]);
  });

  it("caps the list and leaves out the folder being written", () => {
    const many = Array.from({ length: 5000 }, (_, i) => `2026-01-01-idea-${i}`);
    expect(rankPriorResearch("idea", many, { limit: 10 })).toHaveLength(10);
    expect(
      rankPriorResearch("solar kiosks", folders, { exclude: "2025-12-30-solar-kiosks" }),
    ).not.toContain("2025-12-30-solar-kiosks/research.md");
  });
});
