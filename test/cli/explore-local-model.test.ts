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

const IDEA = "Houseplant watering reminders from soil sensors";
let repo: TempTree;
let local: FakeOpenAiCompatible;
let searxng: FakeSearchServer;

beforeEach(async () => {
  repo = await makeTempTree({
    files: {
      "ideas/2026-02-01-plant-sensors/research.md": "# Plant sensors\n\nCheap sensors drift.\n",
    },
  });
  local = await startFakeOpenAiCompatible();
  searxng = await startSearxngFake();
  searxng.hits = [
    {
      title: "Soil sensor accuracy",
      url: "https://plants.example/sensors",
      snippet: "Drift of 5%.",
    },
    { title: "Smart pots market", url: "https://market.example/pots", snippet: "Growing 12%." },
  ];
});

afterEach(async () => {
  await Promise.all([local.close(), searxng.close(), repo.cleanup()]);
});

const explore = (env: Record<string, string> = { SEARXNG_URL: searxng.url }) =>
  runCli(
    [
      "explore",
      IDEA,
      "--provider",
      "openai-compatible",
      "--base-url",
      local.url,
      "--model",
      "llama3.1:8b",
      "--stats",
    ],
    { cwd: repo.dir, env },
  );

describe("idea-explorer explore with a local OpenAI-compatible model", () => {
  it("uses read_research and the SearXNG backend, and lists the pages SearXNG returned", async () => {
    local.enqueue(
      {
        toolCall: {
          name: "read_research",
          arguments: { path: "2026-02-01-plant-sensors/research.md" },
        },
      },
      { toolCall: { name: "web_search", arguments: { query: "soil moisture sensor accuracy" } } },
      {
        text: "# Plant reminders\n\nSensors drift ([study](https://plants.example/sensors)); see also [made up](https://nowhere.example).",
      },
    );
    const run = await explore();

    expect(run.code).toBe(0);
    // The tools went over the wire as functions, and SearXNG got the model's query.
    expect(local.requests[0]?.body.model).toBe("llama3.1:8b");
    expect(local.requests[0]?.body.tools?.map((t) => t.function.name).sort()).toEqual(
      expect.arrayContaining(["read_research", "web_search"]),
    );
    // Besides the reachability probe before the run (no query), the one search the model asked for.
    expect(searxng.requests.filter((r) => r.query.has("q")).map((r) => r.query.get("q"))).toEqual([
      "soil moisture sensor accuracy",
    ]);
    // The model read the earlier research and the search results.
    const conversation = JSON.stringify(local.requests.at(-1)?.body.messages);
    expect(conversation).toContain("Cheap sensors drift.");
    expect(conversation).toContain("https://plants.example/sensors");

    const [folder] = readdirSync(path.join(repo.dir, "ideas")).filter((f) =>
      f.includes("houseplant"),
    );
    const research = readFileSync(path.join(repo.dir, "ideas", folder!, "research.md"), "utf8");
    expect(research).toContain("model: llama3.1:8b");
    expect(research).toContain(
      "Sensors drift (study[[1]](https://plants.example/sensors)); see also made up.",
    );
    expect(research).not.toContain("nowhere.example");
    expect(research).toMatch(
      /## Sources\n\n1\. \[Soil sensor accuracy\]\(https:\/\/plants\.example\/sensors\)\n\n### Also consulted\n\n- \[Smart pots market\]\(https:\/\/market\.example\/pots\)\n$/,
    );
    expect(run.stderr).toMatch(/web_search "soil moisture sensor accuracy" → 2 results/);
  });

  it("turns its Markdown links to retrieved pages into numbered markers and unlinks the rest", async () => {
    searxng.hits.push({
      title: "Watering guide",
      url: "https://garden.example/watering",
      snippet: "Water weekly.",
    });
    local.enqueue(
      { toolCall: { name: "web_search", arguments: { query: "smart plant pots" } } },
      {
        text:
          "# Plant reminders\n\n## Market\n\nSmart pots grow 12% a year ([market report](https://market.example/pots)).\n\n" +
          "## Risks\n\nCheap sensors drift 5% [[1]](https://plants.example/sensors/), as [the pot study](https://market.example/pots) " +
          "notes; a [forum post](https://forum.example/thread) disagrees.\n\n- Calibration costs money.",
      },
    );
    const run = await explore();

    expect(run.code).toBe(0);
    const [folder] = readdirSync(path.join(repo.dir, "ideas")).filter((f) =>
      f.includes("houseplant"),
    );
    const research = readFileSync(path.join(repo.dir, "ideas", folder!, "research.md"), "utf8");
    // Numbered by first citation, not by search rank; a page cited twice keeps its number.
    expect(research).toContain(
      "## Market\n\nSmart pots grow 12% a year (market report[[1]](https://market.example/pots)).\n\n" +
        "## Risks\n\nCheap sensors drift 5% [[2]](https://plants.example/sensors), as the pot study[[1]](https://market.example/pots) " +
        "notes; a forum post disagrees.\n\n- Calibration costs money.\n\n" +
        "## Sources\n\n1. [Smart pots market](https://market.example/pots)\n2. [Soil sensor accuracy](https://plants.example/sensors)\n\n" +
        "### Also consulted\n\n- [Watering guide](https://garden.example/watering)\n",
    );
    expect(research).not.toContain("forum.example");
    const log = JSON.parse(
      readFileSync(path.join(repo.dir, "ideas", folder!, "exploration-log.json"), "utf8"),
    );
    expect(log[0]).toMatchObject({
      citations: {
        markers: 3,
        citedSources: 2,
        consultedSources: 1,
        paragraphs: 3,
        paragraphsWithCitation: 2,
      },
      removedLinks: ["https://forum.example/thread"],
    });
    expect(run.stderr).toMatch(/Wrote \S+research\.md.*cited 2 of 3 sources/);
  });

  it("leaves web_search out, and tells the model so, when no search backend is configured", async () => {
    local.enqueue({ text: "# Plant reminders\n\nNo web research was possible." });
    const run = await explore({});

    expect(run.code).toBe(0);
    const tools = local.requests[0]?.body.tools?.map((t) => t.function.name) ?? [];
    expect(tools).not.toContain("web_search");
    expect(JSON.stringify(local.requests[0]?.body.messages)).toContain(
      "Web search is NOT available in this run",
    );
    const [folder] = readdirSync(path.join(repo.dir, "ideas")).filter((f) =>
      f.includes("houseplant"),
    );
    expect(readFileSync(path.join(repo.dir, "ideas", folder!, "research.md"), "utf8")).toContain(
      "_No web pages were retrieved for this research._",
    );
  });

  it("reports a local server error in one line and writes nothing", async () => {
    local.enqueue(
      { status: 500, message: "model not loaded" },
      { status: 500, message: "model not loaded" },
      { status: 500, message: "model not loaded" },
    );
    const run = await explore();

    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(
      /^idea-explorer explore: .*model not loaded/,
    );
    expect(readdirSync(path.join(repo.dir, "ideas"))).toEqual(["2026-02-01-plant-sensors"]);
  });
});
