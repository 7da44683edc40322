import path from "node:path";

/**
 * The root-relative segments of an absolute, already-resolved path, or undefined when it lies
 * outside the root. Uses `path.relative`, so `/root_evil` is outside `/root` (a bare
 * `startsWith` would say inside), while a name like `..notes` is correctly inside.
 */
export function segmentsInside(rootReal: string, candidate: string): string[] | undefined {
  const rel = path.relative(rootReal, candidate);
  if (rel === "") return [];
  if (path.isAbsolute(rel)) return undefined;
  const segments = rel.split(path.sep);
  if (segments[0] === "..") return undefined;
  return segments;
}

export function isInside(rootReal: string, candidate: string): boolean {
  return segmentsInside(rootReal, candidate) !== undefined;
}
