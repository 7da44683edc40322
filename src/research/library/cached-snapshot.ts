import type { ResearchSnapshot } from "../../store/research-store.ts";

/**
 * A view of the repository for one request: the folder listing and each file are read at most
 * once, however many times the ranking and the summaries ask for them. Not shared between
 * requests, so nothing is ever served stale.
 */
export function cachedSnapshot(snapshot: ResearchSnapshot): ResearchSnapshot {
  let folders: Promise<string[]> | undefined;
  const texts = new Map<string, Promise<string | undefined>>();
  return {
    listIdeaFolders: () => {
      folders ??= snapshot.listIdeaFolders();
      return folders;
    },
    readText: (repoPath) => {
      let text = texts.get(repoPath);
      if (!text) {
        text = snapshot.readText(repoPath);
        texts.set(repoPath, text);
      }
      return text;
    },
  };
}
