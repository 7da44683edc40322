import { describe, expect, it } from "vitest";
import { checkClaims, countChecks } from "./claim-checks.ts";
import { keptEvidence } from "./kept-evidence.ts";

const cite = (url: string) => `[[cite]](${url})`;
const a = "https://a.example/r";
const b = "https://b.example/r";

describe("checkClaims", () => {
  it("finds a figure in any passage of a sentence that cites several pages at once", () => {
    const report = `EcoRefill raised $4M in 2026.${cite(a)}${cite(b)} Users: 3 million${cite(a)}.`;
    const checks = checkClaims(report, [
      { url: a, kind: "cited_text", text: "raised $4M" },
      { url: b, kind: "cited_text", text: "in 2026" },
    ]);
    expect(checks.map((c) => [c.url, c.outcome, c.missing])).toEqual([
      [a, "supported", []],
      [b, "supported", []],
      [a, "not_found", ["3 million"]],
    ]);
    expect(countChecks(checks)).toEqual({
      citations: 3,
      supported: 2,
      notFound: 1,
      nothingToCheck: 0,
    });
  });

  it("says when no passage of the cited page was kept", () => {
    const [check] = checkClaims(`Sales hit 40 units${cite(a)}.`, []);
    expect(check).toMatchObject({ outcome: "not_found", missing: ["40"] });
    expect(check?.passage).toBeUndefined();
  });

  it("keeps, from a long page, the window holding the sentence's figures, and checks against it", () => {
    const filler = "Weather and football results fill this part of the page. ".repeat(200);
    const page = `${filler}Refill subscriptions grew 14% in 2025 to 3,400 stores.${filler}`;
    const report = `Subscriptions grew 14 percent in 2025${cite(a)}.`;
    const kept = keptEvidence(report, [{ url: a, kind: "page", text: page }]);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.text.length).toBeLessThanOrEqual(600);
    expect(kept[0]?.text).toContain("grew 14% in 2025 to 3,400 stores");
    // What was kept is enough to check the report later (a deep run's synthesis included).
    expect(checkClaims(report, kept)[0]?.outcome).toBe("supported");
  });

  it("keeps nothing for pages the report does not cite", () => {
    expect(keptEvidence(`No citations.`, [{ url: a, kind: "page", text: "14%" }])).toEqual([]);
  });
});
