import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ANTHROPIC_MODEL_ALIASES, MODEL_ALIASES } from "./anthropic-model-aliases.ts";

/** The model ids listed in the installed @ai-sdk/anthropic's type declarations. */
function installedModelIds(): string[] {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve("@ai-sdk/anthropic/package.json");
  const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as {
    exports: { ".": { types: string } };
  };
  const dts = readFileSync(join(dirname(packageJson), manifest.exports["."].types), "utf8");
  const catalog = /declare const languageModelDefinitions: \{([\s\S]*?)\n\};/.exec(dts)?.[1];
  if (!catalog) throw new Error("languageModelDefinitions not found in @ai-sdk/anthropic's .d.ts");
  return [...catalog.matchAll(/^ {2}'(claude-[a-z0-9-]+)':/gm)].map((m) => m[1] ?? "");
}

interface Version {
  id: string;
  family: string;
  major: number;
  minor: number;
  dated: boolean;
}

/** claude-<family>-<major>[-<minor>][-<yyyymmdd>] and the older claude-<major>[-<minor>]-<family>-<date>. */
function parseId(id: string): Version | undefined {
  const current = /^claude-([a-z]+)-(\d+)(?:-(\d{1,2}))?(?:-(\d{8}))?$/.exec(id);
  if (current) {
    const [, family = "", major = "0", minor = "0", date] = current;
    return { id, family, major: Number(major), minor: Number(minor), dated: date !== undefined };
  }
  const legacy = /^claude-(\d+)(?:-(\d))?-([a-z]+)-(\d{8})$/.exec(id);
  if (legacy) {
    const [, major = "0", minor = "0", family = ""] = legacy;
    return { id, family, major: Number(major), minor: Number(minor), dated: true };
  }
  return undefined;
}

/** Newest version first; at equal versions the undated alias id wins over a dated snapshot. */
function newest(versions: Version[]): Version | undefined {
  return [...versions].sort(
    (a, b) => b.major - a.major || b.minor - a.minor || Number(a.dated) - Number(b.dated),
  )[0];
}

describe("model aliases", () => {
  const ids = installedModelIds();

  it("finds the installed package's model catalog", () => {
    expect(ids.length).toBeGreaterThan(5);
    expect(ids.every((id) => parseId(id) !== undefined)).toBe(true);
  });

  it.each(MODEL_ALIASES)(
    "%s names the newest id of its family in the installed package",
    (alias) => {
      const family = ids.map(parseId).filter((v): v is Version => v?.family === alias);
      expect(family.length).toBeGreaterThan(0);
      expect(ANTHROPIC_MODEL_ALIASES[alias]).toBe(newest(family)?.id);
    },
  );

  it("orders versions the way the aliases rely on", () => {
    const pick = (...list: string[]) => newest(list.map((id) => parseId(id) as Version))?.id;
    expect(pick("claude-opus-4-1", "claude-opus-4-20250514", "claude-opus-4-5")).toBe(
      "claude-opus-4-5",
    );
    expect(pick("claude-sonnet-4-5-20250929", "claude-sonnet-4-5")).toBe("claude-sonnet-4-5");
    expect(pick("claude-3-haiku-20240307", "claude-haiku-4-5")).toBe("claude-haiku-4-5");
    expect(pick("claude-opus-4-8", "claude-opus-5")).toBe("claude-opus-5");
  });
});
