export const MCP_SUMMARY = "serve explore_idea, read_research and search_research to MCP clients";

export const MCP_HELP = `Usage: idea-explorer mcp [options]

Runs an MCP server over stdio (for Claude Desktop, Claude Code, IDEs and other MCP clients).
Tools:
  explore_idea     research an idea and commit ideas/<date>-<slug>/research.md and
                   exploration-log.json, as explore does; progress as MCP notifications
  refresh_exploration  re-research an earlier exploration (its folder or idea) for what
                   changed since, appending an update that starts with What changed
  read_research    read an earlier research file by its path under ideas/
  search_research  find earlier research by words of its title, idea or folder name
stdout carries MCP messages only; progress, warnings and tool-call logs go to stderr.

Options:
  --repo DIR | --github OWNER/REPO   the ideas repository (default: the current folder)
  --model M, --provider P, --base-url URL, --api-key KEY   the model explore_idea uses, as for explore
  --price-in USD, --price-out USD   its dollars per million input/output tokens, as for explore
  -h, --help                show this help

A bad option or an unusable repository stops the server at start (exit 2; 1 when the repository
is only out of reach for now: network, GitHub 5xx, a rate limit). Without a model key it
starts anyway with a warning: read_research and search_research work, and explore_idea answers
with an error naming the variable to set.
Environment: the variables of explore. Exit codes: 0 stopped (the client closed stdin, SIGINT or
SIGTERM), 1 repository out of reach, 2 bad option or configuration.`;
