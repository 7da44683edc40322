import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeOpenAiCompatible,
  startFakeOpenAiCompatible,
} from "../fakes/openai-compatible-server.ts";
import { type FakeSearchServer, startSearxngFake } from "../fakes/search-servers.ts";
import { runCli } from "../helpers/run-cli.ts";
import { makeTempTree, type TempTree } from "../helpers/temp-tree.ts";

/**
 * Local models send tool input that is nearly JSON. What plainly is JSON is read as such once,
 * in the same step (no model call); what is not stays a refused call the model reads about.
 */

let repo: TempTree;
let local: FakeOpenAiCompatible;
let searxng: FakeSearchServer;
beforeEach(async () => {
  repo = await makeTempTree({ files: { "ideas/.keep": "" } });
  local = await startFakeOpenAiCompatible();
  searxng = await startSearxngFake();
  searxng.hits = [
    { title: "Soil sensor accuracy", url: "https://plants.example/sensors", snippet: "Drift." },
  ];
});
afterEach(async () => {
  await Promise.all([local.close(), searxng.close(), repo.cleanup()]);
});

const explore = () =>
  runCli(
    [
      "explore",
      "Houseplant watering reminders from soil sensors",
      "--provider",
      "openai-compatible",
      "--base-url",
      local.url,
      "--model",
      "qwen3:8b",
      "--stats",
    ],
    { cwd: repo.dir, env: { SEARXNG_URL: searxng.url } },
  );

const searched = () =>
  searxng.requests.filter((r) => r.query.has("q")).map((r) => r.query.get("q"));

function loggedCalls(): { name: string; ok: boolean; errorType?: string }[] {
  const folder = readdirSync(path.join(repo.dir, "ideas")).find((f) => f.includes("houseplant"));
  const log = readFileSync(path.join(repo.dir, "ideas", folder!, "exploration-log.json"), "utf8");
  return JSON.parse(log)[0].toolCalls;
}

describe("a tool call whose input is not valid JSON", () => {
  it("is repaired once when it plainly is JSON (fenced, trailing comma), with no model call", async () => {
    local.enqueue(
      {
        toolCall: {
          name: "web_search",
          rawArguments: '```json\n{"query": "soil sensor drift",}\n```',
        },
      },
      { text: "# Plant reminders\n\nSensors drift ([study](https://plants.example/sensors))." },
    );
    const run = await explore();

    expect(run.code, run.stderr).toBe(0);
    expect(searched()).toEqual(["soil sensor drift"]);
    // The call and the report: the repair itself asked the model nothing.
    expect(local.requests).toHaveLength(2);
    expect(loggedCalls().map((c) => [c.name, c.ok])).toEqual([["web_search", true]]);
  });

  it("is refused when no plain reading exists, and the model reads why and goes on", async () => {
    local.enqueue(
      { toolCall: { name: "web_search", rawArguments: '{"query": "soil sens' } },
      { toolCall: { name: "web_search", arguments: { query: "soil sensor drift" } } },
      { text: "# Plant reminders\n\nSensors drift ([study](https://plants.example/sensors))." },
    );
    const run = await explore();

    expect(run.code, run.stderr).toBe(0);
    expect(searched()).toEqual(["soil sensor drift"]);
    expect(local.requests).toHaveLength(3);
    const toolResult = local.requests[1]?.body.messages.at(-1);
    expect(toolResult?.role).toBe("tool");
    expect(JSON.stringify(toolResult?.content)).toMatch(/Invalid input for tool web_search/);
    expect(loggedCalls().map((c) => [c.name, c.ok, c.errorType])).toEqual([
      ["web_search", false, "invalid_input"],
      ["web_search", true, undefined],
    ]);
  });
});

describe("a tool call written as text instead of made", () => {
  it("is made, when the whole answer (its thinking aside) is that one call to an offered tool", async () => {
    local.enqueue(
      {
        text: '<think>I need data.</think>\n<tool_call>\n{"name": "web_search", "arguments": {"query": "soil sensor drift"}}\n</tool_call>',
      },
      { text: "# Plant reminders\n\nSensors drift ([study](https://plants.example/sensors))." },
    );
    const run = await explore();

    expect(run.code, run.stderr).toBe(0);
    expect(searched()).toEqual(["soil sensor drift"]);
    expect(local.requests).toHaveLength(2);
    // The model sees its call answered as a call, and the report is the one written after it.
    const answered = local.requests[1]?.body.messages.at(-1);
    expect(answered?.role).toBe("tool");
    expect(loggedCalls().map((c) => [c.name, c.ok])).toEqual([["web_search", true]]);
    const folder = readdirSync(path.join(repo.dir, "ideas")).find((f) => f.includes("houseplant"));
    const research = readFileSync(path.join(repo.dir, "ideas", folder!, "research.md"), "utf8");
    expect(research).toContain("Sensors drift (study[[1]](https://plants.example/sensors)).");
    expect(research).not.toContain("tool_call");
  });
});
