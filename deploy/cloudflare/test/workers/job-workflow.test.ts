import { env, introspectWorkflow, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { WorkerEnv } from "../../src/worker-env.ts";
import { REFUSED } from "./global-setup.ts";

const bindings = env as unknown as WorkerEnv & { TEST_WEBHOOK_URL: string; TEST_COUNT_URL: string };

/** A failure as a step leaves it (see durable-step.ts): one JSON line Workflows keeps. */
function failure(code: string, message: string, retryable: boolean): string {
  return `job-failure:${JSON.stringify({ code, message, retryable })}`;
}

async function submit(body: Record<string, unknown>): Promise<string> {
  const response = await SELF.fetch("http://localhost/api/explore", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { job_id: string }).job_id;
}

async function job(id: string) {
  const response = await SELF.fetch(`http://localhost/api/jobs/${id}`);
  return (await response.json()) as {
    status: string;
    result: { status: string; path: string } | null;
    error: { code: string; message: string } | null;
    webhook: { status: string } | null;
  };
}

describe("JobWorkflow in workerd", () => {
  it("runs each explore step as a step.do whose result is kept, and completes the job", async () => {
    await using workflows = await introspectWorkflow(bindings.JOB_WORKFLOW);
    const id = await submit({ idea: "Night markets for small farms" });
    const [instance] = await workflows.get();
    if (!instance) throw new Error("no Workflow instance was created for the job");

    const prepared = (await instance.waitForStepResult({ name: "prepare" })) as {
      action: string;
      folder: string;
    };
    expect(prepared).toMatchObject({
      action: "explore",
      folder: expect.stringMatching(/night-markets/),
    });
    const research = await instance.waitForStepResult({ name: "research" });
    expect(JSON.stringify(research)).toContain("Promising in dense towns.");
    const committed = (await instance.waitForStepResult({ name: "commit" })) as { status: string };
    expect(committed.status).toBe("created");
    await instance.waitForStatus("complete");

    expect(await job(id)).toMatchObject({ status: "completed", result: { status: "created" } });
  });

  it("retries a step that failed on something another try can fix", async () => {
    await using workflows = await introspectWorkflow(bindings.JOB_WORKFLOW);
    await workflows.modifyAll(async (m) => {
      await m.disableRetryDelays();
      await m.mockStepError(
        { name: "research" },
        new Error(failure("model_error", "the model was overloaded", true)),
        2,
      );
    });
    const id = await submit({ idea: "Bike repair lockers at stations" });
    const [instance] = await workflows.get();
    await instance?.waitForStatus("complete");
    expect(await job(id)).toMatchObject({ status: "completed", error: null });
  });

  it("fails the job with its one line, and sends the webhook, once the retries are spent", async () => {
    await using workflows = await introspectWorkflow(bindings.JOB_WORKFLOW);
    await workflows.modifyAll(async (m) => {
      await m.disableRetryDelays();
      await m.mockStepError(
        { name: "research" },
        new Error(failure("model_error", "the model was overloaded", true)),
      );
    });
    const id = await submit({
      idea: "Shared cold storage for fishers",
      webhook_url: bindings.TEST_WEBHOOK_URL,
    });
    const [instance] = await workflows.get();
    await instance?.waitForStatus("complete");
    expect(await job(id)).toMatchObject({
      status: "failed",
      error: { code: "model_error", message: "the model was overloaded" },
      webhook: { status: "delivered" },
    });
  });

  it("does not retry a failure no other try can fix (the model refuses the key)", async () => {
    await using workflows = await introspectWorkflow(bindings.JOB_WORKFLOW);
    await workflows.modifyAll((m) => m.disableRetryDelays());
    const id = await submit({ idea: `${REFUSED} key pilot for seed swaps` });
    const [instance] = await workflows.get();
    await instance?.waitForStatus("complete");
    expect(await job(id)).toMatchObject({ status: "failed", error: { code: "model_error" } });
    // One model request: the step was not tried again (a retryable failure is tried three times).
    const calls = await fetch(`${bindings.TEST_COUNT_URL}?word=${REFUSED}`);
    expect(await calls.text()).toBe("1");
  });
});
