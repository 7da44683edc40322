import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/run-cli.ts";

/**
 * DESIGN.md's layers, top to bottom: a folder may import from its own layer or any layer below,
 * never above. Surfaces share the top rank; net and sandbox are the primitives under the stores
 * and tools, above config. telemetry sits under every layer that records spans (research's
 * explorations and steps, the stores' commits, the CLI that starts it) and over config only: its
 * span API imports nothing, and OpenTelemetry itself is loaded on demand.
 */
const LAYERS: readonly (readonly string[])[] = [
  ["cli", "server", "mcp"],
  ["research"],
  ["jobs"],
  ["agent"],
  ["prompts"],
  ["tools"],
  ["search"],
  ["store"],
  ["models"],
  ["net"],
  ["sandbox"],
  ["telemetry"],
  ["config"],
];
const SRC = path.join(REPO_ROOT, "src");
const rank = (layer: string) => LAYERS.findIndex((names) => names.includes(layer));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/\b(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map(
    (m) => m[1]!,
  );
}

describe("src/ layering", () => {
  it("every src folder is a known layer", () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => rank(f) < 0)).toEqual([]);
  });

  it("imports point down the layer list only, and production code never imports tests", () => {
    const violations: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const from = path.relative(SRC, file).split(path.sep)[0]!;
      if (from === "index.ts") continue; // the library entry re-exports every layer
      for (const specifier of relativeImports(file)) {
        const target = path.relative(SRC, path.resolve(path.dirname(file), specifier));
        const shown = `${path.relative(REPO_ROOT, file)} → ${specifier}`;
        const isFixture = file.endsWith(".fixture.ts");
        if (!isFixture && specifier.endsWith(".fixture.ts")) violations.push(`${shown} (fixture)`);
        if (target.startsWith("..")) {
          // package.json is read for --version; test code is for fixtures only.
          if (!isFixture && target !== "../package.json") violations.push(`${shown} (outside src)`);
          continue;
        }
        const to = target.split(path.sep)[0]!;
        if (rank(to) >= 0 && rank(to) < rank(from)) violations.push(`${shown} (points up)`);
      }
    }
    expect(violations).toEqual([]);
  });
});
