export const EXPLORE_SUMMARY = "research an idea and write ideas/<date>-<slug>/research.md";

export const EXPLORE_HELP = `Usage: idea-explorer explore "<idea>" [options]
       echo "<idea>" | idea-explorer explore [options]

Researches the idea with a tool-using agent (web search, web pages, your earlier research,
optionally a codebase and MCP tools) and writes ideas/<YYYY-MM-DD>-<slug>/research.md and
exploration-log.json in one commit.

Options:
  --mode business|exploration  business: viability and a verdict (default); exploration: 5-10 directions
  --model M                    sonnet (default), opus, haiku, or a full model id
  --provider P                 anthropic (default) or openai-compatible
  --base-url URL               the openai-compatible server (Ollama, llama.cpp, vLLM, LM Studio)
  --api-key KEY                key for the openai-compatible server (or OPENAI_COMPATIBLE_API_KEY)
  --context TEXT               extra context for the agent
  --language CODE              write the report and its headings in this language (en, de, es,
                               fr, pt, ja, ...; default: the idea's; an update keeps the report's)
  --repo DIR                   the ideas repository folder (default: the current folder)
  --github OWNER/REPO          write to a GitHub repository instead (needs GITHUB_TOKEN)
  --update                     add an "## Update - <date>" section to an existing exploration
  --force                      explore again in a new folder even if the idea exists
  --continue-from PATH         build on an earlier exploration (e.g. 2026-01-05-my-idea)
  --depth quick|deep           quick: one research run (default); deep: plan 3-6 sub-questions,
                               research them in parallel, then write the report from all findings
  --parallel N                 deep: sub-questions researched at once, 1-6 (default 3)
  --max-steps N                model calls that may use tools (default 5; deep: per sub-question)
  --token-budget N             stop using tools past this many tokens (default 100000; deep:
                               the whole run, shared by the sub-questions)
  --timeout DURATION           the whole run's time limit, e.g. 90s, 20m, 2h (default 10m)
  --max-cost USD               stop searching past this many dollars and write the report
  --check-claims figures|model figures (default, free): look for each cited figure in the
                               passage its citation rests on; model: also ask a cheap model
                               whether each passage supports its sentence (priced, counted
                               against --max-cost)
  --check-model M              the model check's model, on the run's provider (default:
                               IDEA_EXPLORER_CHECK_MODEL, else claude-haiku-4-5 with
                               Anthropic and the run's model otherwise)
  --price-in USD, --price-out USD   the model's price per million input/output tokens, for models
                               with no known price (local models) or to override the table;
                               they win over IDEA_EXPLORER_PRICE_IN / IDEA_EXPLORER_PRICE_OUT
  --request-timeout DURATION   how long one model request may go unanswered before it is sent
                               again, twice at most, with a notice (default 5m)
  --stats                      record every tool call in exploration-log.json and the result
  --json                       print the result as JSON instead of the path
  --dry-run                    print the prompt, tools, limits, what they let the run cost and
                               the target; call no model
  --no-wait                    when another run is exploring the same idea in this repository,
                               stop at once (exit 1) instead of waiting for it and reporting it
  --codebase DIR               let the agent read a codebase (list_files, file_read, search_files;
                               read-only, secrets such as .env and .git are never shown)
  --mcp-config FILE            add the tools of MCP servers started over stdio, from a JSON file
                               {"mcpServers": {"name": {"command", "args", "env", "cwd",
                               "tools", "allowWrite", "allowOpenWorld"}}}: read-only tools only
                               unless a server opts in (--dry-run shows each tool's annotations)
  --no-web-fetch               no web_fetch tool: the agent reads search results only
  --max-fetches N              the most pages web_fetch reads in one run, 1-100 (default 20)
  --max-fetches-per-step N     ...and in one model step, 1-20 (default 5)
  --max-page-chars N           the most characters of a page one web_fetch call returns,
                               1000-200000 (default 12000); longer pages are read in parts
  --fetch-allow-hosts LIST     web_fetch reads only these hosts and their subdomains (a,b.org)
  --fetch-deny-hosts LIST      web_fetch never reads these hosts and their subdomains
  --allow-private-fetch        let web_fetch read private and loopback addresses (refused by
                               default; link-local and cloud metadata addresses never)
  --private-fetch-hosts LIST   let web_fetch read only these private hosts or CIDR ranges
                               (wiki.internal,10.20.0.0/16)
                               web_fetch reads only URLs this run has seen (search results,
                               pages read, your idea, context or continued report), and once
                               private research is in the conversation only search results'
                               and yours
  --tool-search MODE           auto (default): above 10 tools, non-core tools are loaded only
                               once search_tools finds them; always; never (send every tool);
                               anthropic (Anthropic's native BM25 tool search; Anthropic only)
  -h, --help                   show this help

Environment: ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, GITHUB_REPO, GITHUB_TOKEN, GITHUB_BRANCH,
GITHUB_API_URL, GITHUB_TIMEOUT_MS, SEARXNG_URL, TAVILY_API_KEY, BRAVE_API_KEY,
OPENAI_COMPATIBLE_API_KEY, IDEA_EXPLORER_PRICE_IN, IDEA_EXPLORER_PRICE_OUT,
IDEA_EXPLORER_CHECK_MODEL,
IDEA_EXPLORER_WEB_FETCH (off), IDEA_EXPLORER_MAX_FETCHES, IDEA_EXPLORER_MAX_FETCHES_PER_STEP,
IDEA_EXPLORER_MAX_PAGE_CHARS,
IDEA_EXPLORER_FETCH_ALLOW_HOSTS, IDEA_EXPLORER_FETCH_DENY_HOSTS,
IDEA_EXPLORER_PRIVATE_FETCH_HOSTS (where a flag and a variable both limit web_fetch, both apply).
Exit codes: 0 done (or already explored), 1 failed, 2 bad input or configuration,
130 stopped by Ctrl+C, 143 stopped by SIGTERM (nothing committed).`;
