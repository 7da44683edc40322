import { link, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** A folder tree for one test: `files` maps relative paths to contents; `links` to link targets. */
export interface TreeSpec {
  files?: Record<string, string | Buffer>;
  /** Relative link path → target (absolute, or relative to the link's folder). */
  links?: Record<string, string>;
  /** Relative hard link path → the file it names too, relative to the tree ("../outside/x"). */
  hardLinks?: Record<string, string>;
}

export interface TempTree {
  /** The tree's realpath (no symlinked tmp folders in it). */
  dir: string;
  /** A sibling folder outside the tree, for escape attempts. */
  outside: string;
  cleanup(): Promise<void>;
}

export async function makeTempTree(spec: TreeSpec): Promise<TempTree> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), "idea-explorer-")));
  const dir = path.join(base, "tree");
  const outside = path.join(base, "outside");
  await mkdir(dir);
  await mkdir(outside);
  await writeFile(path.join(outside, "secret.txt"), "OUTSIDE-SECRET\n");
  for (const [rel, content] of Object.entries(spec.files ?? {})) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), content);
  }
  for (const [rel, target] of Object.entries(spec.links ?? {})) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await symlink(target, path.join(dir, rel));
  }
  for (const [rel, target] of Object.entries(spec.hardLinks ?? {})) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await link(path.resolve(dir, target), path.join(dir, rel));
  }
  return { dir, outside, cleanup: () => rm(base, { recursive: true, force: true }) };
}
