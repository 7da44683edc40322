/**
 * Runs the job runner on a database file in its own process, so a test can SIGKILL it mid-step.
 * Usage: node test/job-runner-child.ts <db-file> <effects-log> <block-step|none>
 * Each step appends "<job> <step> start|done" to the effects log (appendFileSync: durable before
 * the step goes on). At <block-step> it prints "blocked <job>" and waits to be killed. With
 * "none" it runs the queue dry, prints "idle" and exits.
 */
import { appendFileSync } from "node:fs";
import { openJobDatabase } from "../src/jobs/job-database.ts";
import { createJobRunner, defineWorkflow } from "../src/jobs/job-runner.ts";

const [file, effectsLog, blockStep] = process.argv.slice(2);
if (!file || !effectsLog || !blockStep) {
  console.error("usage: job-runner-child.ts <db-file> <effects-log> <block-step|none>");
  process.exit(2);
}

const effect = (jobId: string, step: string, what: string) =>
  appendFileSync(effectsLog, `${jobId} ${step} ${what}\n`);

const stepBody = (jobId: string, name: string, value: string) => async () => {
  effect(jobId, name, "start");
  if (name === blockStep) {
    process.stdout.write(`blocked ${jobId}\n`);
    await new Promise(() => {});
  }
  effect(jobId, name, "done");
  return value;
};

const runner = createJobRunner({
  db: openJobDatabase({ file }),
  concurrency: 8,
  workflows: {
    explore: defineWorkflow<{ idea: string }, { path: string; research: string }>({
      run: async ({ jobId, payload, step }) => {
        const folder = await step.do(
          "prepare",
          stepBody(jobId, "prepare", `ideas/${payload.idea}`),
        );
        const research = await step.do(
          "research",
          stepBody(jobId, "research", `report on ${payload.idea}`),
        );
        const path = await step.do("commit", stepBody(jobId, "commit", `${folder}/research.md`));
        return { path, research };
      },
    }),
  },
});
runner.start();
if (blockStep === "none") {
  await runner.whenIdle();
  await runner.stop();
  process.stdout.write("idle\n");
}
