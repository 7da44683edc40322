import type { ResearchMode } from "../../config/explore-request.ts";
import { DEFAULT_REFRESH_AGE_DAYS } from "../../research/refresh/refresh-age.ts";
import { EXPLORE_OPTIONS, exploreFlagsOf } from "../explore/explore-options.ts";
import { integerOption, parseCommandLine } from "../parse-command-line.ts";
import { UsageError } from "../usage-error.ts";

// A refresh's run is the exploration's own update: what would make it another kind of run
// (its idea, mode, context, update/force, continue-from) is not an option here.
const {
  mode: _mode,
  context: _context,
  update: _update,
  force: _force,
  "continue-from": _continueFrom,
  ...RUN_OPTIONS
} = EXPLORE_OPTIONS;

const OPTIONS = {
  ...RUN_OPTIONS,
  "older-than": { type: "string" },
  limit: { type: "string" },
  mode: { type: "string" },
  verdict: { type: "string" },
  folder: { type: "string" },
  query: { type: "string" },
} as const;

export type RefreshFlags = ReturnType<typeof parseRefreshFlags>;

export function parseRefreshFlags(args: string[]) {
  const { values, positionals } = parseCommandLine("refresh", args, OPTIONS);
  if (positionals.length > 0) {
    throw new UsageError(
      `refresh takes no idea ("${positionals[0]}"): it picks explorations by age; use --folder or --query to choose (see idea-explorer refresh --help)`,
    );
  }
  const { "older-than": olderThan, limit, mode, verdict, folder, query, ...run } = values;
  const limitValue = integerOption("limit", limit);
  if (limitValue === 0) throw new UsageError("--limit must be at least 1");
  return {
    ...exploreFlagsOf(run, []),
    pick: {
      olderThanDays: ageOption(olderThan),
      ...(limitValue !== undefined ? { limit: limitValue } : {}),
      ...(mode !== undefined ? { mode: modeOption(mode) } : {}),
      ...(verdict !== undefined ? { verdict: textOption("verdict", verdict) } : {}),
      ...(folder !== undefined ? { folder: textOption("folder", folder) } : {}),
      ...(query !== undefined ? { query: textOption("query", query) } : {}),
    },
  };
}

/** An age in days: "90d", "12w" or a bare number of days. */
function ageOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_REFRESH_AGE_DAYS;
  const match = /^(\d+)\s*([dw]?)$/i.exec(value.trim());
  if (!match) {
    throw new UsageError(
      `--older-than must be an age such as 90d, 12w or 30 (days); got "${value}"`,
    );
  }
  return Number(match[1]) * (match[2]?.toLowerCase() === "w" ? 7 : 1);
}

// Checked without zod: refresh --help and a mistyped flag answer before the schemas load.
function modeOption(value: string): ResearchMode {
  if (value !== "business" && value !== "exploration") {
    throw new UsageError('--mode must be "business" or "exploration"');
  }
  return value;
}

function textOption(name: string, value: string): string {
  if (!value.trim()) throw new UsageError(`--${name} needs a value`);
  return value.trim();
}
