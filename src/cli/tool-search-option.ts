import { TOOL_SEARCH_MODES, type ToolSearchMode } from "../tools/deferral/tool-search-modes.ts";
import { UsageError } from "./usage-error.ts";

/**
 * --tool-search MODE, checked against the --provider it goes with (absent means anthropic, the
 * default): absent means auto, and anthropic (Anthropic's own tool search) needs the anthropic
 * provider. Shared by explore and interview.
 */
export function toolSearchOption(
  value: string | undefined,
  provider: string | undefined,
): ToolSearchMode {
  if (value === undefined) return "auto";
  const mode = TOOL_SEARCH_MODES.find((m) => m === value.trim().toLowerCase());
  if (!mode) {
    throw new UsageError(
      `--tool-search must be one of ${TOOL_SEARCH_MODES.join(", ")}, got "${value}"`,
    );
  }
  if (mode === "anthropic" && (provider ?? "anthropic") !== "anthropic") {
    throw new UsageError(
      "--tool-search anthropic needs the anthropic provider; use auto, always or never",
    );
  }
  return mode;
}
