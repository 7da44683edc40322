import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/run-cli.ts";
import { codeFilesUnder, isTestFile, relativeImports } from "./source-files.ts";

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

/** The product's code: every file under src/ but its tests. */
const productFiles = () => codeFilesUnder(SRC).filter((file) => !isTestFile(file));

describe("src/ layering", () => {
  it("every src folder is a known layer", () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => rank(f) < 0)).toEqual([]);
  });

  it("imports point down the layer list only, and production code never imports tests", () => {
    const violations: string[] = [];
    for (const file of productFiles()) {
      const from = path.relative(SRC, file).split(path.sep)[0]!;
      for (const specifier of relativeImports(file)) {
        const target = path.relative(SRC, path.resolve(path.dirname(file), specifier));
        const shown = `${path.relative(REPO_ROOT, file)} → ${specifier}`;
        if (target.startsWith("..")) {
          // package.json is read for --version; nothing else outside src/ ships with the package.
          if (target.startsWith(`..${path.sep}test${path.sep}`)) violations.push(`${shown} (test)`);
          else if (target !== "../package.json") violations.push(`${shown} (outside src)`);
          continue;
        }
        if (from === "index.ts") continue; // the library entry re-exports every layer
        const to = target.split(path.sep)[0]!;
        if (rank(to) >= 0 && rank(to) < rank(from)) violations.push(`${shown} (points up)`);
      }
    }
    expect(violations).toEqual([]);
  });
});
