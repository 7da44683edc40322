import type { ResearchSnapshot } from "../../store/research-store.ts";
import { IDEAS_PREFIX } from "../../tools/research-path.ts";
import { publishedMarkdown } from "../publish/publish-research.ts";
import { describeExploration, type ExplorationDocument } from "./exploration-summary.ts";
import { LOG_FILE } from "./list-explorations.ts";

/**
 * One exploration by its folder name, which the caller has checked (checkFolderName): two reads,
 * research.md and exploration-log.json, at once. Undefined when the folder has no research.md.
 * The document is the published one (publishedMarkdown): what this product committed comes back
 * unchanged, a file from before its sanitizer or edited by hand without images, raw HTML or links
 * to pages its Sources do not list.
 */
export async function readExploration(
  store: ResearchSnapshot,
  folder: string,
  now: number = Date.now(),
): Promise<ExplorationDocument | undefined> {
  const base = `${IDEAS_PREFIX}${folder}/`;
  const [research, log] = await Promise.all([
    store.readText(`${base}research.md`),
    store.readText(`${base}${LOG_FILE}`),
  ]);
  return research === undefined
    ? undefined
    : describeExploration(folder, publishedMarkdown(research), log, now);
}
