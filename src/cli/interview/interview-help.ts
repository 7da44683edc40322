import { DEFAULT_MAX_STEPS_PER_TURN, DEFAULT_OUTPUT_DIR } from "./interview-options.ts";

export const INTERVIEW_SUMMARY =
  "interview a problem into Jobs-To-Be-Done and spec files, grounded in a codebase";

export const INTERVIEW_HELP = `idea-explorer interview: ${INTERVIEW_SUMMARY}

Usage: idea-explorer interview --codebase DIR [options]

The agent researches the codebase (read-only) and the web before it asks, runs a
Jobs-To-Be-Done interview (problem, outcome, scope, acceptance criteria, relationships)
and writes one folder per job: <output>/<job-slug>/jtbd.md and
<output>/<job-slug>/specs/<name>.md, each readable without the conversation.

Options:
  --codebase DIR      the codebase to ground the interview in (required; never written)
  --output DIR        where job folders are written (default: ${DEFAULT_OUTPUT_DIR})
  --model ID          anthropic: sonnet (default), opus, haiku or a full model id;
                      openai-compatible: the name the server serves (required)
  --provider NAME     anthropic (default) | openai-compatible
  --base-url URL      the API address (openai-compatible: required, e.g.
                      http://localhost:11434/v1; anthropic: a gateway, else ANTHROPIC_BASE_URL)
  --max-steps N       model steps (tool calls and replies) per turn (default: ${DEFAULT_MAX_STEPS_PER_TURN})
  --timeout DURATION  one turn's time limit, e.g. 90s, 20m, 2h (default 10m)
  --mcp-config FILE   add the tools of the MCP servers in FILE, started over stdio:
                      {"mcpServers": {"name": {"command", "args", "env", "cwd", "tools",
                      "allowWrite", "allowOpenWorld"}}}; read-only tools only unless a
                      server sets "allowWrite" or "allowOpenWorld" to true
  --tool-search MODE  how MCP tools are loaded: auto (default; above 10 tools they wait until
                      search_tools finds them), always, never (send every tool), anthropic
                      (Anthropic's native tool search; anthropic provider only)
  -h, --help          show this help

In a terminal: type at the "you ›" prompt; /exit, Ctrl+D or Ctrl+C ends the session and
lists the files written. With piped input each line is one turn, e.g.
  printf 'Exports time out on big accounts\\n/exit\\n' | idea-explorer interview --codebase .

Environment (API keys are read from here only): ANTHROPIC_API_KEY (required for
anthropic), ANTHROPIC_BASE_URL, OPENAI_COMPATIBLE_API_KEY (optional bearer token).
Web search uses Anthropic's server tool with anthropic; with other providers the first of
SEARXNG_URL, TAVILY_API_KEY, BRAVE_API_KEY that is set (with none, web_search is left out
and the agent is told so).

Exit codes: 0 done, 1 a turn failed (model or API error), 2 bad options or configuration,
130/143 stopped by SIGINT/SIGTERM (the summary is printed and the files written are kept).`;
