import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Every .ts and .js file under `dir`, dependencies' folders left out. */
export function codeFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : codeFilesUnder(full);
    return /\.(ts|js)$/.test(entry.name) ? [full] : [];
  });
}

export const isTestFile = (file: string) => file.endsWith(".test.ts");

/** The relative specifiers of a file's static imports, re-exports and dynamic imports. */
export function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/\b(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map(
    (m) => m[1]!,
  );
}

/**
 * Every file a file names by a relative path in a string: its imports, and also what it loads
 * or starts by path (bin's `import(installed ? "../dist/…" : "../src/…")`, a child process's
 * `new URL("./child.ts", import.meta.url)`), resolved to absolute paths.
 */
export function referencedFiles(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/["'](\.{1,2}\/[^"'\s]+\.(?:ts|js))["']/g)].map((m) =>
    path.resolve(path.dirname(file), m[1]!),
  );
}
