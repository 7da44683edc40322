import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/run-cli.ts";

/**
 * No module under src/ reaches itself again through its imports, inside a folder or across
 * folders. A circle makes a reader hold several files in mind at once to understand any one of
 * them, and makes load order matter; type-only imports count, because a circle of types is still
 * a circle for a reader.
 *
 * An edge is every `import … from`, `import "…"` and `export … from` (type-only included), every
 * `import("…")` in a type position, and every dynamic `import("…")` of a string literal. Dynamic
 * imports count too: they are how a command or a heavy dependency loads at the point of use, and
 * they carry no load-order hazard, but a lazily loaded module that imports its loader's types
 * back is the same knot for a reader (the loader's flags or I/O belong to what it loads, or to a
 * module of their own). Packages are no part of the graph: loading an SDK lazily adds no edge.
 */

const SRC = path.join(REPO_ROOT, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** The relative specifiers a file imports, found by TypeScript's own parser. */
function importedSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith("."));
}

/** Each file under src/ with the src/ files it imports, as paths relative to src/. */
function importGraph(files: Map<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const targets = importedSpecifiers(file, text)
      .map((specifier) => path.relative(SRC, path.resolve(SRC, path.dirname(file), specifier)))
      .filter((target) => files.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The circles of a graph: its strongly connected components of more than one module (or a module
 * importing itself), each shown as one concrete path around it, starting from its first module in
 * name order, followed by the component's other modules, so the failure names files to open.
 */
function importCircles(graph: Map<string, string[]>): string[] {
  // Tarjan's algorithm, iterative over the explicit stack so a deep graph cannot overflow.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfImport) components.push(component.sort());
    }
  }
  return components.map((component) => {
    const circle = circleThrough(component, graph);
    const others = component.filter((member) => !circle.includes(member));
    const knot = others.length ? ` (tied into the same knot: ${others.join(", ")})` : "";
    return `${circle.join(" → ")}${knot}`;
  });
}

/** A shortest path from the component's first module back to itself, inside the component. */
function circleThrough(component: string[], graph: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const circle = [start];
        for (let at: string | undefined = node; at !== start; at = cameFrom.get(at!)) {
          circle.splice(1, 0, at!);
        }
        return [...circle, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

describe("src/ import circles", () => {
  it("no module reaches itself through its imports (type-only and lazy ones included)", () => {
    const files = new Map(
      sourceFiles(SRC).map((file) => [path.relative(SRC, file), readFileSync(file, "utf8")]),
    );
    // The walk saw real imports: a parser that found none would pass vacuously.
    const graph = importGraph(files);
    expect([...graph.values()].flat().length).toBeGreaterThan(files.size);
    expect(importCircles(graph)).toEqual([]);
  });

  it("names each circle: across folders through a type-only import, and through a lazy import", () => {
    const files = new Map([
      ["a/one.ts", 'import type { Two } from "./two.ts";\nexport const one = 1;'],
      ["a/two.ts", 'import { three } from "../b/three.ts";\nexport type Two = 2;'],
      ["b/three.ts", 'export { one as three } from "../a/one.ts";'],
      ["b/command.ts", 'export const run = async () => (await import("./run.ts")).run;'],
      ["b/run.ts", 'import type { Flags } from "./command.ts";\nexport const run = 1;'],
      ["c/alone.ts", 'import { z } from "zod";\nexport const load = () => import("ai");'],
    ]);
    expect(importCircles(importGraph(files))).toEqual([
      "a/one.ts → a/two.ts → b/three.ts → a/one.ts",
      "b/command.ts → b/run.ts → b/command.ts",
    ]);
  });
});
