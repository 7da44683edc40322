import { DEFAULT_REFRESH_AGE_DAYS } from "../../research/refresh/refresh-age.ts";

export const REFRESH_HELP = `Usage: idea-explorer refresh [options]

Re-researches the explorations last researched at least --older-than ago (the latest of their
date, last update and last refresh), stalest first, one after another. Each refresh is an
update of its exploration that looks for what changed since: it appends "## Update - <date>"
starting with "What changed" (new and gone competitors and facts, figures that moved, old →
new with citations, and whether the verdict or the directions changed), records the date under
"refreshed" in the frontmatter and what changed in exploration-log.json, in one commit per
exploration. A refresh costs what an update costs, bounded by the same limits (--max-cost is
per exploration); --dry-run lists what would be refreshed and calls no model.

Which explorations:
  --older-than AGE             last researched at least this long ago: 90d, 12w or a number of
                               days (default ${DEFAULT_REFRESH_AGE_DAYS}d)
  --limit N                    at most N explorations, the stalest (default: all that are due)
  --mode business|exploration  only explorations of this mode
  --verdict V                  only business analyses whose verdict is V ("Pursue with changes")
  --folder F                   only this exploration (a folder under ideas/)
  --query WORDS                only explorations whose idea or title contains these words
  --dry-run                    list what would be refreshed (stalest first, with its age) and
                               what each run may cost; call no model
  --json                       print one JSON object with every exploration's result

Each run (as explore; see idea-explorer explore --help):
  --model M, --provider P, --base-url URL, --api-key KEY, --repo DIR, --github OWNER/REPO,
  --depth quick|deep, --parallel N, --max-steps N, --token-budget N, --timeout DURATION,
  --max-cost USD (per exploration), --check-claims figures|model, --check-model M,
  --price-in USD, --price-out USD, --request-timeout DURATION, --stats, --no-wait,
  --codebase DIR, --mcp-config FILE, --no-web-fetch, --max-fetches N, --max-fetches-per-step N,
  --max-page-chars N, --fetch-allow-hosts LIST, --fetch-deny-hosts LIST,
  --allow-private-fetch, --private-fetch-hosts LIST, --tool-search MODE
  -h, --help                   show this help

Output: one line per exploration on stdout, then a summary line; progress on stderr.
Environment: as explore.
Exit codes: 0 every refresh done (or nothing due), 1 one or more failed (the others are
committed), 2 bad input or configuration, 130 stopped by Ctrl+C, 143 stopped by SIGTERM.`;
