export const SERVE_SUMMARY = "run the HTTP API, durable job queue and web page";

export const SERVE_HELP = `Usage: idea-explorer serve [options]

Serves POST /api/explore, the job API, Server-Sent Events and a web page at /. Jobs are kept in
<data-dir>/jobs.sqlite and resume after a restart at their first unfinished step; one server
runs per data directory.

Options:
  --port N                  port to listen on (default 8787; 0 picks a free one)
  --host HOST               address to bind (default 127.0.0.1; others need IDEA_EXPLORER_API_TOKEN)
  --concurrency N           explorations run at once, 1 to 64 (default 2)
  --data-dir DIR            where the job database lives (default .idea-explorer)
  --rate-limit N            POST /api/explore per minute per token, bursts of up to 10
                            (default 30; 0 turns it off)
  --allow-private-webhooks  let webhooks reach loopback and private addresses (local set-ups)
  --refresh-every PERIOD    every PERIOD (7d, 12h, 2w; 1h to 365d) queue a refresh of the stale
                            explorations; the first one period after the schedule is first
                            turned on, and a restart waits for the rest of the period
  --refresh-older-than AGE  stale means last researched more than AGE ago (default 90d)
  --refresh-limit N         explorations refreshed per period, stalest first, 1 to 50 (default 5)
  --refresh-max-cost USD    each scheduled refresh's cost cap (default 2, with a priced model)
  --repo DIR | --github OWNER/REPO   the ideas repository (default: the current folder)
  --model M, --provider P, --base-url URL, --api-key KEY   the model, as for explore
  --price-in USD, --price-out USD   its dollars per million input/output tokens, as for explore
  -h, --help                show this help

Environment: IDEA_EXPLORER_API_TOKEN (comma-separated bearer tokens, at least 8 characters each;
without one, serve answers loopback only and refuses proxied requests), GITHUB_WEBHOOK_SECRET,
IDEA_EXPLORER_ISSUE_LABEL, IDEA_EXPLORER_TRUST, IDEA_EXPLORER_STALE_AFTER,
IDEA_EXPLORER_REFRESH_EVERY (--refresh-every when the flag is not given), and the variables of
explore (web_fetch's IDEA_EXPLORER_WEB_FETCH and kin apply to every job).`;
