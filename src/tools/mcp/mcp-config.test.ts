import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../config/config-error.ts";
import { loadMcpConfig, parseMcpConfig } from "./mcp-config.ts";

/** "${NAME}" as a config file spells it (kept out of string literals for the linter). */
const ref = (name: string) => `\${${name}}`;

const parse = (config: unknown, env: Record<string, string> = {}) =>
  parseMcpConfig(JSON.stringify(config), { env, baseDir: "/srv/configs" });

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("parseMcpConfig", () => {
  it("reads a Claude-desktop-style config, ignoring other top-level keys", () => {
    const servers = parse(
      {
        globalShortcut: "Ctrl+Space",
        mcpServers: {
          github: {
            command: "npx",
            args: ["-y", "@modelcontextprotocol/server-github"],
            env: { GITHUB_TOKEN: `${ref("GH_TOKEN")}` },
          },
          local: { command: "./server", cwd: "tools", type: "stdio" },
          off: { command: "x", disabled: true },
        },
      },
      { GH_TOKEN: "ghp_secret" },
    );
    expect(servers).toEqual([
      {
        name: "github",
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-github"],
        env: { GITHUB_TOKEN: "ghp_secret" },
      },
      {
        name: "local",
        command: "./server",
        args: [],
        env: {},
        cwd: path.resolve("/srv/configs", "tools"),
      },
    ]);
  });

  it("reads the tool allowlist and the opt-ins per server, left out when not given", () => {
    const servers = parse({
      mcpServers: {
        notes: { command: "n", tools: ["lookup_note", "get.weather/now"], allowWrite: true },
        feed: { command: "f", allowOpenWorld: true, allowWrite: false },
        plain: { command: "p" },
      },
    });
    expect(servers).toEqual([
      {
        name: "notes",
        command: "n",
        args: [],
        env: {},
        tools: ["lookup_note", "get.weather/now"],
        allowWrite: true,
      },
      { name: "feed", command: "f", args: [], env: {}, allowOpenWorld: true },
      { name: "plain", command: "p", args: [], env: {} },
    ]);
  });

  it("expands VAR references, with :- defaults, in command, args, env and cwd", () => {
    const [server] = parse(
      {
        mcpServers: {
          s: {
            command: `${ref("BIN")}/run`,
            args: [`--port=${ref("PORT:-8080")}`],
            env: { A: `x-${ref("NAME")}-y` },
          },
        },
      },
      { BIN: "/opt/bin", NAME: "n" },
    );
    expect(server).toMatchObject({
      command: "/opt/bin/run",
      args: ["--port=8080"],
      env: { A: "x-n-y" },
    });
  });

  it.each([
    ["not json", "{", "MCP config: the file is not valid JSON"],
    ["no mcpServers", {}, "MCP config: mcpServers: must be an object of servers"],
    ["a list", [], "MCP config: must be a JSON object"],
    [
      "no command",
      { mcpServers: { gh: { args: [] } } },
      "MCP config: mcpServers.gh.command: must be a string",
    ],
    [
      "an empty command",
      { mcpServers: { gh: { command: " " } } },
      'MCP config: mcpServers.gh.command: must be the program to run, e.g. "npx"',
    ],
    [
      "a bad arg",
      { mcpServers: { gh: { command: "x", args: ["a", 2] } } },
      "MCP config: mcpServers.gh.args.1: must be a string",
    ],
    [
      "args as text",
      { mcpServers: { gh: { command: "x", args: "-y" } } },
      "MCP config: mcpServers.gh.args: must be a list of strings",
    ],
    [
      "a bad env value",
      { mcpServers: { gh: { command: "x", env: { T: 1 } } } },
      "MCP config: mcpServers.gh.env.T: must be a string",
    ],
    [
      "a typo",
      { mcpServers: { gh: { command: "x", arg: ["-y"] } } },
      'MCP config: mcpServers.gh: unknown field "arg"',
    ],
    [
      "a server that is not an object",
      { mcpServers: { gh: "npx" } },
      "MCP config: mcpServers.gh: must be an object with a command",
    ],
    [
      "a remote server",
      { mcpServers: { web: { url: "https://mcp.example.com" } } },
      'MCP config: mcpServers.web: remote servers (url) are not supported; give a "command" that starts the server',
    ],
    [
      "another transport",
      { mcpServers: { web: { command: "x", type: "sse" } } },
      'MCP config: mcpServers.web.type: must be "stdio" (only servers started as a command are supported)',
    ],
    [
      "a tool list that is not a list",
      { mcpServers: { notes: { command: "x", tools: "lookup" } } },
      "MCP config: mcpServers.notes.tools: must be a list of tool names",
    ],
    [
      "a tool name that is not a string",
      { mcpServers: { notes: { command: "x", tools: ["lookup", 3] } } },
      "MCP config: mcpServers.notes.tools.1: must be a list of tool names",
    ],
    [
      "an empty tool name",
      { mcpServers: { notes: { command: "x", tools: [""] } } },
      "MCP config: mcpServers.notes.tools.0: must not be an empty name",
    ],
    [
      "an empty tool list",
      { mcpServers: { notes: { command: "x", tools: [] } } },
      'MCP config: mcpServers.notes.tools: must name at least one tool (to import none, set "disabled": true)',
    ],
    [
      "allowWrite as text",
      { mcpServers: { notes: { command: "x", allowWrite: "yes" } } },
      "MCP config: mcpServers.notes.allowWrite: must be true or false",
    ],
    [
      "allowOpenWorld as a number",
      { mcpServers: { notes: { command: "x", allowOpenWorld: 1 } } },
      "MCP config: mcpServers.notes.allowOpenWorld: must be true or false",
    ],
    [
      "a misspelt opt-in",
      { mcpServers: { notes: { command: "x", allowWrites: true } } },
      'MCP config: mcpServers.notes: unknown field "allowWrites"',
    ],
    [
      "a bad server name",
      { mcpServers: { "my server!": { command: "x" } } },
      'MCP config: "my server!": a server name may use only letters, digits, ".", "_" and "-" (at most 40)',
    ],
  ])("names the field to fix for %s, in one line", (_label, config, message) => {
    const text = typeof config === "string" ? config : JSON.stringify(config);
    expect(errorOf(() => parseMcpConfig(text, { env: {} }))).toBe(message);
  });

  it("names a missing variable without echoing any value", () => {
    const message = errorOf(() =>
      parse(
        {
          mcpServers: {
            gh: {
              command: "npx",
              env: { GITHUB_TOKEN: `Bearer ${ref("GH_TOKEN")}`, OTHER: `${ref("SET")}` },
            },
          },
        },
        { SET: "s3cret" },
      ),
    );
    expect(message).toBe(
      `MCP config: mcpServers.gh.env.GITHUB_TOKEN uses ${ref("GH_TOKEN")}, which is not set`,
    );
  });
});

describe("loadMcpConfig", () => {
  it("resolves a relative cwd against the config file's folder, and reports an unreadable file by code", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "mcp-config-"));
    try {
      const file = path.join(dir, "mcp.json");
      await writeFile(file, JSON.stringify({ mcpServers: { s: { command: "node", cwd: "srv" } } }));
      expect((await loadMcpConfig(file, { env: {} }))[0]?.cwd).toBe(path.join(dir, "srv"));
      await expect(loadMcpConfig(path.join(dir, "missing.json"))).rejects.toThrow(
        /^MCP config: the file could not be read \(ENOENT\)$/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
