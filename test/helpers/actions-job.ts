import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse as parseYaml } from "yaml";

/**
 * A GitHub Actions job run as the runner runs it, for a workflow's tests: its `if:` and each
 * step's `env:` evaluated as Actions evaluates expressions, each `run:` written to a file and
 * run with `bash --noprofile --norc -eo pipefail` (what `shell: bash` means) in the workspace,
 * steps in order until one fails. A `uses:` step is handed to `onUses`, which stands in for the
 * action (the test puts the checked-out files and its own Node in place) and may check it.
 */
export interface Step {
  name?: string;
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
}

export interface Job {
  if?: string;
  permissions?: unknown;
  concurrency?: unknown;
  steps: Step[];
}

export interface Workflow {
  on: unknown;
  permissions?: unknown;
  jobs: Record<string, Job>;
}

/** The contexts the generated workflow's expressions read. */
export interface ExpressionContext {
  github: Record<string, unknown>;
  secrets?: Record<string, string>;
  vars?: Record<string, string>;
}

export interface StepRun {
  name: string;
  code: number | null;
  stdout: string;
  stderr: string;
}

export function parseWorkflow(text: string): Workflow {
  return parseYaml(text) as Workflow;
}

/** The job's only job, as the generated workflow has one. */
export function onlyJob(workflow: Workflow): Job {
  const jobs = Object.values(workflow.jobs);
  if (jobs.length !== 1) throw new Error(`expected one job, got ${jobs.length}`);
  return jobs[0]!;
}

export async function runJob(
  job: Job,
  options: {
    workspace: string;
    /** What the runner itself sets for every step (GITHUB_*, RUNNER_TEMP, PATH, HOME). */
    env: Record<string, string>;
    context: ExpressionContext;
    onUses: (step: Step) => void;
  },
): Promise<StepRun[]> {
  const runs: StepRun[] = [];
  const scripts = await mkdtemp(path.join(tmpdir(), "actions-steps-"));
  try {
    for (const [index, step] of job.steps.entries()) {
      if (step.uses) {
        options.onUses(step);
        continue;
      }
      if (step.run === undefined) throw new Error(`step ${index} has neither uses nor run`);
      if (step.shell !== "bash") throw new Error(`step ${index}: only shell: bash is simulated`);
      const script = path.join(scripts, `step-${index}.sh`);
      await writeFile(script, evaluateTemplate(step.run, options.context));
      const stepEnv = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluateTemplate(v, options.context)]),
      );
      const run = await bash(script, options.workspace, { ...options.env, ...stepEnv });
      runs.push({ name: step.name ?? `step ${index}`, ...run });
      if (run.code !== 0) break;
    }
  } finally {
    await rm(scripts, { recursive: true, force: true });
  }
  return runs;
}

function bash(script: string, cwd: string, env: Record<string, string>) {
  return new Promise<Omit<StepRun, "name">>((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A string with `${{ … }}` in it, each expression replaced by its value. */
export function evaluateTemplate(text: string, context: ExpressionContext): string {
  return text.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) =>
    String(evaluateExpression(expression, context) ?? ""),
  );
}

type Value = string | number | boolean | null | undefined | Record<string, unknown>;

/**
 * The part of Actions' expression language the generated workflow uses, and no more, so a new
 * construct fails here rather than being guessed at: context paths, '…' literals, `==`
 * (strings compared ignoring case, as Actions does), `||` (the first truthy operand) and
 * parentheses. A secret or variable that is not set is the empty string.
 */
export function evaluateExpression(expression: string, context: ExpressionContext): Value {
  const tokens = expression.match(/'(?:[^']|'')*'|==|\|\||\(|\)|[A-Za-z_][\w.-]*|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const take = (expected?: string) => {
    const token = tokens[at++];
    if (token === undefined || (expected !== undefined && token !== expected)) {
      throw new Error(`unsupported expression: ${expression}`);
    }
    return token;
  };
  const primary = (): Value => {
    const token = take();
    if (token === "(") {
      const value = or();
      take(")");
      return value;
    }
    if (token.startsWith("'")) return token.slice(1, -1).replaceAll("''", "'");
    if (/^[A-Za-z_]/.test(token)) return lookup(token, context);
    throw new Error(`unsupported expression: ${expression}`);
  };
  const equality = (): Value => {
    const left = primary();
    if (peek() !== "==") return left;
    take("==");
    const right = primary();
    return String(left ?? "").toLowerCase() === String(right ?? "").toLowerCase();
  };
  const or = (): Value => {
    let value = equality();
    while (peek() === "||") {
      take("||");
      const right = equality();
      value = value ? value : right;
    }
    return value;
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`unsupported expression: ${expression}`);
  return value;
}

function lookup(path: string, context: ExpressionContext): Value {
  const [root, ...rest] = path.split(".");
  if (root === "secrets" || root === "vars") {
    if (rest.length !== 1) throw new Error(`unsupported expression: ${path}`);
    return context[root]?.[rest[0]!] ?? "";
  }
  if (root !== "github") throw new Error(`unsupported context: ${root}`);
  let value: unknown = context.github;
  for (const key of rest) {
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : null;
  }
  return (value ?? null) as Value;
}
