import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fingerprintIdea } from "../../src/research/idea-identity.ts";
import {
  FAKE_API_KEY,
  type FakeAnthropicServer,
  type RecordedRequest,
  reply,
  startFakeAnthropic,
} from "../fakes/anthropic-server.ts";
import { type ExportedSpan, type OtlpReceiver, startOtlpReceiver } from "../fakes/otlp-receiver.ts";
import { deepRequests } from "../helpers/deep-requests.ts";
import { REPO_ROOT, runCli } from "../helpers/run-cli.ts";
import {
  EARLIER_FOLDER,
  GIT_IDENTITY,
  SOLAR_IDEA,
  scriptSolarExploration,
  solarIdeasRepo,
} from "../helpers/solar-ideas-repo.ts";
import type { TempTree } from "../helpers/temp-tree.ts";

/**
 * Traces: with OTEL_EXPORTER_OTLP_ENDPOINT set, an exploration run by the CLI exports its spans
 * over OTLP/HTTP to a loopback collector that decodes the protobuf itself; without it, nothing of
 * OpenTelemetry is even loaded.
 */

const REPORT = "# Solar dehydrator kits\n\nDemand is growing among stallholders in Nairobi.";
const QUERY = "solar dehydrator market size";

let repo: TempTree;
let fake: FakeAnthropicServer;
let otlp: OtlpReceiver;

beforeEach(async () => {
  repo = await solarIdeasRepo();
  fake = await startFakeAnthropic();
  otlp = await startOtlpReceiver();
});

afterEach(async () => {
  await fake.close();
  await otlp.close();
  await repo.cleanup();
});

function exploreTraced(extraEnv: Record<string, string> = {}) {
  scriptSolarExploration(fake, { report: REPORT, narrate: true });
  return runCli(["explore", SOLAR_IDEA], {
    cwd: repo.dir,
    env: {
      ...fake.env,
      ...GIT_IDENTITY,
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      ...extraEnv,
    },
  });
}

function byName(spans: ExportedSpan[], name: string): ExportedSpan {
  const found = spans.filter((span) => span.name === name);
  expect(found.map((span) => span.name)).toEqual([name]);
  return found[0]!;
}

/** The span's ancestors' names, nearest first. */
function ancestry(spans: ExportedSpan[], span: ExportedSpan): string[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const names: string[] = [];
  for (let at = span.parentSpanId; at; at = byId.get(at)?.parentSpanId) {
    names.push(byId.get(at)?.name ?? `<missing ${at}>`);
  }
  return names;
}

function systemPrompt(request: RecordedRequest | undefined): string {
  const system = request?.body.system;
  return typeof system === "string" ? system : (system ?? []).map((b) => b.text).join("\n");
}

function ideaFolder(): string {
  const [folder] = readdirSync(path.join(repo.dir, "ideas")).filter((f) => f !== EARLIER_FOLDER);
  return folder!;
}

describe("traces over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT set)", () => {
  it("makes the exploration, its steps, each model call, each tool call and the commit a span, nested, with the run's attributes", async () => {
    const run = await exploreTraced();
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(`ideas/${ideaFolder()}/research.md`);
    expect(otlp.refused).toEqual([]);
    expect(otlp.exports.length).toBeGreaterThan(0);
    for (const received of otlp.exports) {
      expect(received.headers["content-type"]).toBe("application/x-protobuf");
    }

    const spans = otlp.spans();
    // One trace, every parent exported, one root: the exploration.
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    const explore = byName(spans, "explore");
    expect(explore.parentSpanId).toBeUndefined();
    expect(spans.filter((span) => !span.parentSpanId)).toEqual([explore]);
    for (const span of spans) expect(ancestry(spans, span).at(-1) ?? "explore").toBe("explore");
    for (const span of spans) expect(span.endTimeUnixNano).toBeGreaterThan(span.startTimeUnixNano);

    // The workflow's steps under the exploration; the commit under its step.
    for (const step of ["prepare", "research", "commit"]) {
      const span = byName(spans, `step ${step}`);
      expect(span.parentSpanId).toBe(explore.spanId);
      expect(span.attributes["idea_explorer.step.name"]).toBe(step);
    }
    const commit = byName(spans, "store.commit");
    expect(ancestry(spans, commit)).toEqual(["step commit", "explore"]);
    expect(commit.attributes["idea_explorer.store.kind"]).toBe("local");
    const head = readFileSync(path.join(repo.dir, ".git/refs/heads/main"), "utf8").trim();
    expect(commit.attributes["idea_explorer.store.commit_sha"]).toBe(head);
    expect(commit.attributes["idea_explorer.store.files"]).toBe(2);

    // The AI SDK's spans (@ai-sdk/otel) nest in the research step: the agent run, one span per
    // model call (as many as the API was sent), one per tool call.
    const agent = byName(spans, "invoke_agent claude-sonnet-5-5");
    expect(ancestry(spans, agent)).toEqual(["step research", "explore"]);
    const modelCalls = spans.filter((span) => span.name === "chat claude-sonnet-5-5");
    expect(modelCalls).toHaveLength(fake.requests.length);
    expect(modelCalls).toHaveLength(2);
    for (const call of modelCalls) {
      expect(ancestry(spans, call).slice(1)).toEqual([agent.name, "step research", "explore"]);
      expect(call.attributes["gen_ai.provider.name"]).toBe("anthropic");
      expect(call.attributes["gen_ai.usage.input_tokens"]).toBeGreaterThan(0);
    }
    for (const tool of ["read_research", "web_search"]) {
      const span = byName(spans, `execute_tool ${tool}`);
      expect(ancestry(spans, span)).toContain(agent.name);
      expect(span.attributes["gen_ai.tool.name"]).toBe(tool);
    }

    // Job id, fingerprint and mode on every span, the AI SDK's included; the cost on the
    // exploration (as exploration-log.json has it) and on the step that paid it.
    const jobId = explore.attributes["idea_explorer.job.id"];
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    for (const span of spans) {
      expect(span.attributes).toMatchObject({
        "idea_explorer.job.id": jobId,
        "idea_explorer.idea.fingerprint": fingerprintIdea(SOLAR_IDEA),
        "idea_explorer.mode": "business",
      });
    }
    const [entry] = JSON.parse(
      readFileSync(path.join(repo.dir, "ideas", ideaFolder(), "exploration-log.json"), "utf8"),
    );
    expect(entry.jobId ?? jobId).toBe(jobId);
    const usd = entry.cost.usd;
    expect(usd).toBeGreaterThan(0);
    expect(explore.attributes).toMatchObject({
      "idea_explorer.cost.usd": usd,
      "idea_explorer.cost.priced": true,
      "idea_explorer.status": "created",
      "idea_explorer.depth": "quick",
      "idea_explorer.stopped_by": "end",
      "idea_explorer.agent.steps": 2,
    });
    expect(byName(spans, "step research").attributes["idea_explorer.cost.usd"]).toBe(usd);
    expect(explore.resource["service.name"]).toBe("idea-explorer");
  });

  it("sends no API key and no prompt, instructions, tool input or output, or report text", async () => {
    const run = await exploreTraced();
    expect(run.code).toBe(0);
    const sent = Buffer.concat(otlp.exports.map((received) => received.body));
    expect(otlp.spans().length).toBeGreaterThan(5);

    const secrets = {
      "the API key": FAKE_API_KEY,
      "the idea": SOLAR_IDEA,
      "the folder named after the idea": ideaFolder(),
      "the system prompt": systemPrompt(fake.requests[0]).slice(0, 60),
      "the report": "Demand is growing among stallholders",
      "the narration": "Let me read the earlier research",
      "read_research's result": "Smallholders lose a third of their mango harvest",
      "web_search's query": QUERY,
    };
    expect(secrets["the system prompt"].length).toBe(60);
    // Protobuf carries strings as raw UTF-8: absent from the bytes is absent from every field.
    const leaked = Object.entries(secrets).filter(([, text]) => sent.includes(text));
    expect(leaked.map(([what]) => what)).toEqual([]);
    expect(sent.includes("x-api-key")).toBe(false);
  });

  it("marks a failed exploration's spans as errors and still exports them before the exit", async () => {
    fake.enqueue(reply.error(400, "invalid_request_error", "max_tokens is too large"));
    const run = await runCli(["explore", SOLAR_IDEA], {
      cwd: repo.dir,
      env: { ...fake.env, ...GIT_IDENTITY, OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint },
    });
    expect(run.code).not.toBe(0);
    const spans = otlp.spans();
    const explore = byName(spans, "explore");
    const research = byName(spans, "step research");
    for (const span of [explore, research]) {
      expect(span.status.code).toBe(2); // STATUS_CODE_ERROR
      expect(span.status.message).toContain("max_tokens is too large");
      expect(span.attributes["error.type"]).toEqual(expect.any(String));
    }
    expect(spans.find((span) => span.name === "store.commit")).toBeUndefined();
    const sent = Buffer.concat(otlp.exports.map((received) => received.body));
    expect(sent.includes(FAKE_API_KEY)).toBe(false);
    expect(sent.includes(SOLAR_IDEA)).toBe(false);
  });

  it("in deep mode nests each sub-question's model calls in its own step, though they run at once", async () => {
    const questions = ["Who has the problem?", "How big is the market?", "Who competes?"];
    const { plan, isPlan, isSynthesis, subQuestionOf } = deepRequests(questions);
    fake.setHandler(async (request) => {
      if (isPlan(request)) return reply.text(plan);
      if (isSynthesis(request)) return reply.text("# Deep report\n\nWhat was found.");
      const n = subQuestionOf(request);
      await new Promise((resolve) => setTimeout(resolve, 200)); // overlapping in time
      return reply.text(`# Finding ${n}\n\nFact ${n} holds.`);
    });
    const run = await runCli(["explore", SOLAR_IDEA, "--depth", "deep"], {
      cwd: repo.dir,
      env: { ...fake.env, ...GIT_IDENTITY, OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint },
    });
    expect(run.code, run.stderr).toBe(0);
    const spans = otlp.spans();
    const explore = byName(spans, "explore");
    expect(explore.attributes["idea_explorer.depth"]).toBe("deep");
    const steps = spans.filter((span) => span.parentSpanId === explore.spanId).map((s) => s.name);
    expect(steps.sort()).toEqual(
      [
        "prepare",
        "plan",
        "sub-question-1",
        "sub-question-2",
        "sub-question-3",
        "synthesis",
        "commit",
      ]
        .map((name) => `step ${name}`)
        .sort(),
    );
    // Each sub-question's agent run sits in its own step, whatever ran alongside it.
    for (const n of [1, 2, 3]) {
      const step = byName(spans, `step sub-question-${n}`);
      const inside = spans.filter((span) => ancestry(spans, span)[0] === step.name);
      expect(inside.map((span) => span.name)).toEqual(["invoke_agent claude-sonnet-5-5"]);
    }
    const modelCalls = spans.filter((span) => span.name === "chat claude-sonnet-5-5");
    expect(modelCalls.length).toBe(fake.requests.length);
  });

  it("records the prompt and report text with OTEL_RECORD_CONTENT=1, and still no API key", async () => {
    const run = await exploreTraced({ OTEL_RECORD_CONTENT: "1" });
    expect(run.code).toBe(0);
    const sent = Buffer.concat(otlp.exports.map((received) => received.body));
    expect(sent.includes(FAKE_API_KEY)).toBe(false);

    const explore = byName(otlp.spans(), "explore");
    expect(explore.attributes["idea_explorer.idea.text"]).toBe(SOLAR_IDEA);
    const agent = byName(otlp.spans(), "invoke_agent claude-sonnet-5-5");
    expect(String(agent.attributes["gen_ai.input.messages"])).toContain(SOLAR_IDEA);
    expect(sent.includes("Demand is growing among stallholders")).toBe(true);
  });
});

describe("no tracing without OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  const RECORDER = path.join(REPO_ROOT, "test/helpers/record-loaded-modules.ts");
  const OTEL =
    /\/node_modules\/(@opentelemetry\/|@ai-sdk\/otel\/)|\/src\/telemetry\/(otlp-tracing|without-content)\.ts$/;

  it("loads nothing of OpenTelemetry and exports nothing, and the run is as always", async () => {
    scriptSolarExploration(fake, { report: REPORT });
    const file = path.join(repo.outside, "loaded-modules.txt");
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ["--import", RECORDER, path.join(REPO_ROOT, "bin/idea-explorer.js"), "explore", SOLAR_IDEA],
        {
          cwd: repo.dir,
          // OTEL_RECORD_CONTENT alone asks for nothing.
          env: {
            PATH: process.env.PATH ?? "",
            HOME: repo.dir,
            ...fake.env,
            ...GIT_IDENTITY,
            OTEL_RECORD_CONTENT: "1",
            LOADED_MODULES_FILE: file,
          },
          stdio: ["ignore", "pipe", "ignore"],
        },
      );
      let stdout = "";
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout }));
    });
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(`ideas/${ideaFolder()}/research.md`);

    const urls = readFileSync(file, "utf8").split("\n").filter(Boolean);
    // The recorder saw the run, its span API included: an empty list would prove nothing.
    expect(urls.some((url) => url.endsWith("/src/telemetry/spans.ts"))).toBe(true);
    expect(urls.some((url) => url.includes("/node_modules/@ai-sdk/anthropic/"))).toBe(true);
    expect(urls.filter((url) => OTEL.test(url))).toEqual([]);
    expect(otlp.exports).toEqual([]);
  });
});
