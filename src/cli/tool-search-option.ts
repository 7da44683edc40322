import { TOOL_SEARCH_MODES, type ToolSearchMode } from "../tools/deferral/tool-loading.ts";
import { UsageError } from "./usage-error.ts";

/** --tool-search MODE, checked; absent means auto. Shared by explore and interview. */
export function toolSearchOption(value: string | undefined): ToolSearchMode {
  if (value === undefined) return "auto";
  const mode = TOOL_SEARCH_MODES.find((m) => m === value.trim().toLowerCase());
  if (!mode) {
    throw new UsageError(
      `--tool-search must be one of ${TOOL_SEARCH_MODES.join(", ")}, got "${value}"`,
    );
  }
  return mode;
}
