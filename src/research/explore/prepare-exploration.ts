import { ConfigError } from "../../config/config-error.ts";
import { continueFromPath } from "../../config/continue-from-path.ts";
import type { ResearchStore } from "../../store/research-store.ts";
import { findExistingExploration, newFolderName } from "../existing-exploration.ts";
import { fingerprintIdea, isoDate, slugifyIdea } from "../idea-identity.ts";
import { reportLanguage } from "../language/report-language.ts";
import { rankPriorResearch } from "../prior-research.ts";
import type { ExplorePayload, ExplorePlan } from "./explore-plan.ts";

/**
 * Decides what this run does before anything is paid for: report a duplicate, update the
 * existing exploration, or explore into a new folder; gathers the earlier research to offer.
 */
export async function prepareExploration(
  payload: ExplorePayload,
  store: ResearchStore,
): Promise<ExplorePlan> {
  const { request } = payload;
  const folders = await store.listIdeaFolders();
  const date = isoDate(new Date(payload.requestedAt));
  const existing = request.force
    ? undefined
    : await findExistingExploration(store, request.idea, folders);

  if (request.update && !existing) throw nothingToUpdate();
  if (existing && !request.update) {
    return {
      action: "duplicate",
      folder: `ideas/${existing.folder}`,
      researchPath: `ideas/${existing.folder}/research.md`,
    };
  }

  const folder = existing
    ? existing.folder
    : newFolderName(folders, date, slugifyIdea(request.idea));
  const previous = existing
    ? {
        path: `ideas/${existing.folder}/research.md`,
        content: await readRequired(store, `ideas/${existing.folder}/research.md`),
      }
    : request.continueFrom
      ? await readContinueFrom(store, request.continueFrom)
      : undefined;

  return {
    action: "explore",
    isUpdate: existing !== undefined,
    folder: `ideas/${folder}`,
    date,
    fingerprint: fingerprintIdea(request.idea),
    priorResearch: rankPriorResearch(request.idea, folders, { exclude: folder }),
    ...(previous ? { previous } : {}),
    language: reportLanguage(request, existing ? previous?.content : undefined),
  };
}

/**
 * For a surface's preflight (before it prints or pays anything): the research a request builds
 * on must be there. An update of an idea never explored would otherwise quietly become a new
 * exploration.
 */
export async function checkRequestTargets(
  request: ExplorePayload["request"],
  store: ResearchStore,
): Promise<void> {
  if (request.update && !(await findExistingExploration(store, request.idea))) {
    throw nothingToUpdate();
  }
  if (request.continueFrom && !request.update) await readContinueFrom(store, request.continueFrom);
}

function nothingToUpdate(): ConfigError {
  return new ConfigError(
    "update: this idea has not been explored in this repository yet; explore it without update first",
  );
}

async function readContinueFrom(store: ResearchStore, input: string) {
  const path = continueFromPath(input);
  const content = await store.readText(path);
  if (content === undefined) {
    throw new ConfigError(`continue-from: no research found at ${path}`);
  }
  return { path, content };
}

async function readRequired(store: ResearchStore, path: string): Promise<string> {
  return (await store.readText(path)) ?? "";
}
