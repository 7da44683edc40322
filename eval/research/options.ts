import { parseArgs } from "node:util";

export const USAGE = `Usage: npm run eval:research -- [options] [-- explore options]

Runs the fixed research tasks (eval/research/tasks.json) through the CLI, each in a temporary
ideas folder, with the model your environment configures (ANTHROPIC_API_KEY, or --provider
openai-compatible --base-url URL), and reports citations, figure checks, cost, time and steps.

  --tasks N            only the first N tasks
  --only ID,ID         only these tasks
  --mode M             only the tasks of one mode (business or exploration)
  --parallel N         tasks run at once (default 1)
  --out FILE           the result file (default eval/research/results/<date>-<time>-<model>.json)
  --compare FILE       per-metric deltas against an earlier result file, tasks matched by id
  --json               print the result as JSON instead of the table
  --keep               keep each task's ideas folder (its research.md and log) and name it
  --model M, --provider P, --base-url URL, --max-cost USD, --check-claims MODE, --depth D,
  --max-steps N, --token-budget N, --timeout DURATION
                       passed to every explore run
  -- ...               everything after -- is passed to every explore run as it is
  -h, --help           show this help`;

/** explore's own flags that the eval passes to every run as given. */
const PASSED_FLAGS = [
  "model",
  "provider",
  "base-url",
  "max-cost",
  "check-claims",
  "depth",
  "max-steps",
  "token-budget",
  "timeout",
] as const;

/** explore flags the eval sets itself for each task: a run must not override them. */
const OWNED_FLAGS = [
  "--mode",
  "--context",
  "--repo",
  "--github",
  "--json",
  "--update",
  "--force",
  "--continue-from",
  "--dry-run",
  "--help",
  "-h",
];

export interface EvalOptions {
  help: boolean;
  tasks?: number;
  only?: string[];
  mode?: "business" | "exploration";
  parallel: number;
  out?: string;
  compare?: string;
  json: boolean;
  /** Keep each task's temporary ideas folder instead of deleting it. */
  keep: boolean;
  /** Added to every `explore` command line, after the task's own flags. */
  exploreArgs: string[];
}

export class UsageError extends Error {}

export function parseEvalOptions(argv: string[]): EvalOptions {
  const split = argv.indexOf("--");
  const own = split < 0 ? argv : argv.slice(0, split);
  const passthrough = split < 0 ? [] : argv.slice(split + 1);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: own,
      strict: true,
      allowPositionals: false,
      options: {
        help: { type: "boolean", short: "h" },
        tasks: { type: "string" },
        only: { type: "string" },
        mode: { type: "string" },
        parallel: { type: "string" },
        out: { type: "string" },
        compare: { type: "string" },
        json: { type: "boolean" },
        keep: { type: "boolean" },
        ...Object.fromEntries(PASSED_FLAGS.map((name) => [name, { type: "string" as const }])),
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // `-- --mode exploration` reads as "the exploration tasks": each task's mode is part of the set.
  const modeIndex = passthrough.indexOf("--mode");
  const mode =
    (values.mode as string | undefined) ??
    (modeIndex >= 0 ? passthrough.splice(modeIndex, 2)[1] : undefined);
  const owned = passthrough.find((arg) => OWNED_FLAGS.includes(arg.split("=")[0] ?? arg));
  if (owned) throw new UsageError(`${owned} is set by the eval for each task; leave it out`);
  if (mode !== undefined && mode !== "business" && mode !== "exploration") {
    throw new UsageError(`--mode must be business or exploration, got "${mode}"`);
  }
  const passed = PASSED_FLAGS.flatMap((name) =>
    typeof values[name] === "string" ? [`--${name}`, values[name] as string] : [],
  );
  return {
    help: values.help === true,
    tasks: count("tasks", values.tasks as string | undefined),
    only: (values.only as string | undefined)?.split(",").map((id) => id.trim()),
    mode,
    parallel: count("parallel", values.parallel as string | undefined) ?? 1,
    out: values.out as string | undefined,
    compare: values.compare as string | undefined,
    json: values.json === true,
    keep: values.keep === true,
    exploreArgs: [...passed, ...passthrough],
  };
}

function count(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value)) throw new UsageError(`--${name} must be a whole number from 1`);
  return Number(value);
}

/** The command line as a result file records it: a key given as a flag is not written down. */
export function recordedArgs(args: string[]): string[] {
  return args.map((arg, i) =>
    args[i - 1] === "--api-key" ? "<redacted>" : arg.replace(/^(--api-key=).*/, "$1<redacted>"),
  );
}
