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
  --model ID          the model id (default: the provider's default)
  --provider NAME     anthropic (default) | openai-compatible
  --base-url URL      the API address (openai-compatible: required; anthropic: a gateway)
  --max-steps N       model steps (tool calls and replies) per turn (default: ${DEFAULT_MAX_STEPS_PER_TURN})
  -h, --help          show this help

In a terminal: type at the "you ›" prompt; /exit, Ctrl+D or Ctrl+C ends the session and
lists the files written. With piped input each line is one turn, e.g.
  printf 'Exports time out on big accounts\\n/exit\\n' | idea-explorer interview --codebase .

Environment: ANTHROPIC_API_KEY (required for anthropic), ANTHROPIC_BASE_URL;
web search uses Anthropic's server tool, or SEARXNG_URL / TAVILY_API_KEY / BRAVE_API_KEY
with other providers (without one, web_search is left out).

Exit codes: 0 done, 1 a turn failed (model or API error), 2 bad options or configuration.`;
