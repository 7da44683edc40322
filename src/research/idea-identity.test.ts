import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fingerprintIdea,
  ideaFolder,
  MAX_SLUG_LENGTH,
  normalizeIdea,
  slugifyIdea,
} from "./idea-identity.ts";

describe("slugifyIdea", () => {
  it("turns an idea into lowercase hyphenated ASCII", () => {
    expect(slugifyIdea("An Uber for Dog Walking!")).toBe("an-uber-for-dog-walking");
  });

  it("drops accents instead of dropping letters", () => {
    expect(slugifyIdea("Café crème à Paris")).toBe("cafe-creme-a-paris");
  });

  it("cuts long ideas at a word boundary", () => {
    const slug = slugifyIdea(
      "A marketplace connecting independent bookshops with readers who want signed first editions",
    );
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toBe("a-marketplace-connecting-independent-bookshops-with-readers");
  });

  it("falls back to a fingerprint when no Latin letters remain", () => {
    expect(slugifyIdea("共享单车")).toMatch(/^idea-[0-9a-f]{8}$/);
    expect(slugifyIdea("共享单车")).not.toBe(slugifyIdea("外卖平台"));
  });

  it("is deterministic and always safe for a folder name", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (idea) => {
        const slug = slugifyIdea(idea);
        expect(slug).toBe(slugifyIdea(idea));
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
      }),
    );
  });
});

describe("fingerprintIdea", () => {
  it("ignores case, punctuation and spacing", () => {
    expect(fingerprintIdea("Uber for dogs!")).toBe(fingerprintIdea("  uber   FOR dogs "));
    expect(normalizeIdea("Uber-for: dogs")).toBe("uber for dogs");
  });

  it("separates different ideas", () => {
    expect(fingerprintIdea("Uber for dogs")).not.toBe(fingerprintIdea("Uber for cats"));
  });

  it("separates ideas told apart only by emoji or by the symbols of a name", () => {
    expect(fingerprintIdea("🐕🐕🐕")).not.toBe(fingerprintIdea("🚀🚀"));
    expect(fingerprintIdea("🐕")).not.toBe(fingerprintIdea("!!!"));
    expect(fingerprintIdea("A linter for C++")).not.toBe(fingerprintIdea("A linter for C"));
    expect(fingerprintIdea("A linter for C#")).not.toBe(fingerprintIdea("A linter for C"));
    expect(fingerprintIdea("日本語のアイデア")).not.toBe(fingerprintIdea("中文的想法"));
  });
});

describe("ideaFolder", () => {
  it("names the folder by UTC date and slug", () => {
    expect(ideaFolder("Solar kiosks", new Date("2026-11-22T23:30:00Z"))).toBe(
      "ideas/2026-11-22-solar-kiosks",
    );
  });
});
