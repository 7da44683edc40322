import { DEFAULT_PARALLEL, type ExploreRequest } from "../../../config/explore-request.ts";
import type { RunCost } from "../../../models/pricing.ts";
import { dedupeSources } from "../../source-links.ts";
import type { ResearchOutcome } from "../research-outcome.ts";
import { addCosts } from "./deep-budget.ts";
import type { Tokens } from "./deep-record.ts";
import type { ResearchPlan } from "./plan.ts";
import type { SubQuestionResult } from "./research-sub-question.ts";
import type { Synthesis } from "./synthesize.ts";

type AgentUsage = ResearchOutcome["usage"];

/**
 * The whole deep run as one research outcome, so commit, citations, warnings and stats work as
 * for a quick run: the synthesis is the report, the sources are the union of every
 * sub-question's pages, and steps, tokens and cost count every call.
 */
export function deepOutcome(
  request: ExploreRequest,
  model: string,
  times: { startedAt: string; endedAt: string },
  plan: ResearchPlan,
  results: readonly SubQuestionResult[],
  synthesis: Synthesis,
): ResearchOutcome {
  const runs = results.flatMap((r) => (r.research ? [r.research] : []));
  // Failed attempts were paid for as well: every call counts, as the budgets count them.
  const failed = results.flatMap((r) => (r.failedAttempts ? [r.failedAttempts] : []));
  const parts = [...runs, ...failed];
  const usages = [plan.usage, ...parts.map((r) => r.usage), synthesis.usage];
  const cost = addCosts([plan.cost, ...parts.map((r) => r.cost), synthesis.cost]);
  // A budget that stopped a sub-question is why the run ended early, not the synthesis's "end".
  const budgetStop = runs.find((r) => r.stoppedBy.endsWith("_budget"))?.stoppedBy;
  return {
    report: withNotCovered(synthesis.report, results),
    model,
    ...times,
    steps: plan.steps + parts.reduce((n, r) => n + r.steps, 0) + synthesis.steps,
    stoppedBy: synthesis.truncated ? synthesis.stoppedBy : (budgetStop ?? synthesis.stoppedBy),
    ...(synthesis.truncated ? { truncated: true } : {}),
    ...(cost ? { cost } : {}),
    usage: {
      inputTokens: sum(usages, "inputTokens"),
      outputTokens: sum(usages, "outputTokens"),
      totalTokens: sum(usages, "totalTokens"),
      cacheReadTokens: sum(usages, "cacheReadTokens"),
      cacheWriteTokens: sum(usages, "cacheWriteTokens"),
      ...optionalSum(usages, "reasoningTokens"),
      ...optionalSum(usages, "reasoningChars"),
    },
    limits: {
      maxSteps: request.maxSteps,
      tokenBudget: request.tokenBudget,
      maxOutputTokens: synthesis.maxOutputTokens,
    },
    toolCalls: runs.flatMap((r) => r.toolCalls),
    sources: dedupeSources(runs.flatMap((r) => r.sources)),
    ...evidenceOf(runs),
    deep: {
      parallel: request.parallel ?? DEFAULT_PARALLEL,
      plan: plan.subQuestions,
      planning: { steps: plan.steps, tokens: tokens(plan.usage), ...costPart(plan.cost) },
      subQuestions: results.map((r) => {
        const attempts = [r.research, r.failedAttempts].filter((a) => a !== undefined);
        const spent = attempts.map((a) => a.usage);
        return {
          number: r.number,
          question: r.question,
          outcome: r.outcome,
          attempts: r.attempts,
          ...(r.error ? { error: r.error } : {}),
          steps: attempts.reduce((n, a) => n + a.steps, 0),
          ...(r.research ? { stoppedBy: r.research.stoppedBy } : {}),
          tokens: {
            input: sum(spent, "inputTokens"),
            output: sum(spent, "outputTokens"),
            total: sum(spent, "totalTokens"),
          },
          ...costPart(addCosts(attempts.map((a) => a.cost))),
          sources: r.research?.sources.length ?? 0,
          ...(r.failedAttempts
            ? {
                failedAttempts: {
                  steps: r.failedAttempts.steps,
                  tokens: tokens(r.failedAttempts.usage),
                  ...costPart(r.failedAttempts.cost),
                },
              }
            : {}),
        };
      }),
      synthesis: {
        steps: synthesis.steps,
        tokens: tokens(synthesis.usage),
        ...costPart(synthesis.cost),
      },
    },
  };
}

/**
 * Said in the report itself, whatever the synthesis wrote: a reader must know which part of the
 * plan rests on no research.
 */
function withNotCovered(report: string, results: readonly SubQuestionResult[]): string {
  const missing = results.filter((r) => r.outcome !== "covered");
  if (missing.length === 0) return report;
  const lines = missing.map(
    (r) =>
      `> - ${r.question} (${r.outcome === "skipped" ? `skipped: ${r.error ?? "the run's budget was spent"}` : `${r.attempts > 1 ? "failed twice" : "failed"}: ${r.error ?? "unknown error"}`})`,
  );
  return `${report}\n\n> **Not covered:** these sub-questions of the research plan have no findings:\n${lines.join("\n")}`;
}

function sum(usages: readonly AgentUsage[], key: keyof AgentUsage): number {
  return usages.reduce((total, u) => total + (u[key] ?? 0), 0);
}

/** A count only some calls measure (reasoning): absent when none did. */
function optionalSum(usages: readonly AgentUsage[], key: "reasoningTokens" | "reasoningChars") {
  const total = sum(usages, key);
  return total > 0 ? { [key]: total } : {};
}

function tokens(usage: AgentUsage): Tokens {
  return { input: usage.inputTokens, output: usage.outputTokens, total: usage.totalTokens };
}

function costPart(cost: RunCost | undefined): { cost?: RunCost } {
  return cost ? { cost } : {};
}

/** The synthesis cites its sub-questions' pages: what they kept is what its claims rest on. */
function evidenceOf(runs: readonly ResearchOutcome[]): Pick<ResearchOutcome, "evidence"> {
  const seen = new Set<string>();
  const evidence = runs
    .flatMap((r) => r.evidence ?? [])
    .filter((e) => {
      const key = `${e.url}\u0000${e.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return evidence.length ? { evidence } : {};
}
