import { z } from "zod";
import {
  type ExploreRequest,
  exploreRequestSchema,
  parseExploreRequest,
} from "../config/explore-request.ts";
import { fromWireNames, WIRE_NAMES } from "../config/wire-names.ts";

const fields = exploreRequestSchema.shape;

/**
 * explore_idea's input: the request fields of the CLI and the HTTP API, described for clients.
 * Strict, so a misspelt field (continueFrom) is refused instead of silently ignored.
 */
export const exploreIdeaInputSchema = z.strictObject({
  idea: fields.idea.describe(
    "The idea to research, in a sentence or a paragraph, e.g. " +
      '"A solar-powered food dehydrator kit for market stalls". At most 10,000 characters.',
  ),
  mode: fields.mode.describe(
    '"business" (default): market, competitors, risks and a verdict on viability; ' +
      '"exploration": 5-10 directions the idea could take.',
  ),
  context: fields.context.describe(
    "Optional extra context for the researcher: who it is for, constraints, what you know.",
  ),
  language: fields.language.describe(
    'The language the report and its headings are written in, a code such as "en", "de" or ' +
      '"ja" (default: the language of the idea; an update keeps the report\'s language).',
  ),
  update: fields.update.describe(
    'Add an "## Update - <date>" section to the idea\'s existing research instead of ' +
      "reporting it as already explored (default false).",
  ),
  force: fields.force.describe(
    "Explore again in a new folder even if the idea was explored before (default false). " +
      "Not together with update.",
  ),
  continue_from: fields.continueFrom.describe(
    "Build on an earlier exploration: its folder under ideas/, e.g. " +
      '"2026-01-05-my-idea" (search_research finds them).',
  ),
  depth: fields.depth.describe(
    '"quick" (the default when left out): one research run; "deep": plan 3-6 sub-questions, research them in ' +
      "parallel and write the report from all findings (slower, costs more, covers more).",
  ),
  parallel: fields.parallel.describe(
    "Deep research: how many sub-questions are researched at once, 1 to 6 (default 3).",
  ),
  max_cost_usd: fields.maxCostUsd.describe(
    "Optional cost limit in US dollars: past it the researcher stops searching and writes " +
      "its report (needs a priced model).",
  ),
  web_fetch: fields.webFetch.describe(
    "false: the researcher reads no web pages beyond search results (default true, unless the " +
      "server's operator turned web_fetch off).",
  ),
  max_fetches: fields.maxFetches.describe(
    "The most web pages one research run may read, 1 to 100 (default 20; the operator's cap wins when lower).",
  ),
  max_fetches_per_step: fields.maxFetchesPerStep.describe(
    "The most web pages one model step may read, 1 to 20 (default 5).",
  ),
  max_page_chars: fields.maxPageChars.describe(
    "The most characters of page text one web_fetch call returns, 1,000 to 200,000 (default " +
      "12,000); a longer page is read in parts. The operator's cap wins when lower.",
  ),
  fetch_allow_hosts: fields.fetchAllowHosts.describe(
    'Only these hosts (and their subdomains) may be read, e.g. ["example.com"]; the operator\'s list applies too.',
  ),
  fetch_deny_hosts: fields.fetchDenyHosts.describe(
    "Hosts (and their subdomains) never read, on top of the operator's.",
  ),
  check_claims: fields.checkClaims.describe(
    '"figures" (the default): each cited figure is looked for in the passage its citation ' +
      'rests on (free); "model": a cheap model also judges whether each passage supports its ' +
      "sentence (priced, and counted against max_cost_usd).",
  ),
  check_model: fields.checkModel.describe(
    "With check_claims \"model\": the judge's model id on the server's provider (default: " +
      "the operator's IDEA_EXPLORER_CHECK_MODEL, else claude-haiku-4-5 with Anthropic and " +
      "the server's model otherwise).",
  ),
  timeout_seconds: fields.timeoutSeconds.describe(
    "The whole run's time limit in seconds, 10 to 86400 (default 600). A slow local model " +
      "can need more.",
  ),
});

export type ExploreIdeaInput = z.output<typeof exploreIdeaInputSchema>;

/** The request the workflow runs; rules across fields (update with force) are checked here. */
export function toExploreRequest(input: ExploreIdeaInput): ExploreRequest {
  return parseExploreRequest(fromWireNames(input), WIRE_NAMES);
}
