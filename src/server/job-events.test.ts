import { afterEach, describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import { type RunningServer, startServer } from "./start-server.ts";

interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads an event stream until it ends, calling `onEvent` as each event arrives. */
async function readEvents(response: Response, onEvent: (event: SseEvent) => void = () => {}) {
  const events: SseEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) {
        const parsed = { event, data: JSON.parse(data) };
        events.push(parsed);
        onEvent(parsed);
      }
      end = buffer.indexOf("\n\n");
    }
  }
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function submit(base: string, idea: string) {
  const response = await fetch(`${base}/api/explore`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ idea }),
  });
  return ((await response.json()) as { job_id: string }).job_id;
}

describe("GET /api/jobs/:id/events over a real socket", () => {
  it("streams progress while the job runs and ends with the result", async () => {
    let open!: () => void;
    const researchGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { app, jobs } = createServiceFixture({ researchGate });
    server = await startServer({ app, port: 0, authRequired: false });
    jobs.start();
    const id = await submit(server.url, "Dog bakery");

    const response = await fetch(`${server.url}/api/jobs/${id}/events`);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = await readEvents(response, (event) => {
      const progress = (event.data as { progress?: { agent_step?: number } }).progress;
      if (event.event === "progress" && progress?.agent_step === 1) open();
    });

    expect(events.at(-1)).toMatchObject({
      event: "result",
      data: {
        job_id: id,
        status: "completed",
        result: { path: expect.stringContaining("research.md") },
      },
    });
    const progress = events.filter((e) => e.event === "progress").map((e) => e.data);
    expect(progress).toContainEqual(
      expect.objectContaining({
        status: "running",
        current_step: "research",
        progress: expect.objectContaining({
          agent_step: 1,
          max_steps: 5,
          tool_calls: 2,
          input_tokens: 1200,
        }),
      }),
    );
    expect(progress).toContainEqual(
      expect.objectContaining({ progress: expect.objectContaining({ tool_calls: 3 }) }),
    );
    expect(events.filter((e) => e.event === "result")).toHaveLength(1);
    await jobs.stop();
  });

  it("answers a finished job with its result at once, and a failed one with its error", async () => {
    const { app, jobs } = createServiceFixture();
    server = await startServer({ app, port: 0, authRequired: false });
    jobs.start();
    const done = await submit(server.url, "finished idea");
    const failed = await submit(server.url, "misconfigured idea");
    await jobs.whenIdle();
    const doneEvents = await readEvents(await fetch(`${server.url}/api/jobs/${done}/events`));
    expect(doneEvents).toEqual([
      { event: "result", data: expect.objectContaining({ status: "completed" }) },
    ]);
    const failedEvents = await readEvents(await fetch(`${server.url}/api/jobs/${failed}/events`));
    expect(failedEvents).toEqual([
      {
        event: "result",
        data: expect.objectContaining({
          status: "failed",
          error: { code: "configuration_error", message: "ANTHROPIC_API_KEY is not set" },
        }),
      },
    ]);
    await jobs.stop();
  });

  it("sends keep-alive comments while nothing happens, and lets the client leave", async () => {
    let open!: () => void;
    const researchGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { app, jobs } = createServiceFixture({ researchGate, sseKeepAliveMs: 20 });
    server = await startServer({ app, port: 0, authRequired: false });
    jobs.start();
    const id = await submit(server.url, "slow idea");
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/jobs/${id}/events`, {
      signal: controller.signal,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes(": keep-alive")) text += (await reader.read()).value ?? "";
    controller.abort();
    open();
    await jobs.whenIdle();
    expect(jobs.get(id)?.status).toBe("completed");
    await jobs.stop();
  });
});
