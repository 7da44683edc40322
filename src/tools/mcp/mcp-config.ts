import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { ConfigError } from "../../config/config-error.ts";
import { zodMessage } from "../../config/zod-message.ts";
import type { McpToolAccess } from "./mcp-tool-access.ts";

/**
 * One stdio MCP server to start, with `${VAR}` references already expanded, and which of its
 * tools may be imported (McpToolAccess: read-only ones only unless it opts in).
 */
export interface McpServerConfig extends McpToolAccess {
  /** The key under mcpServers; it prefixes the server's tool names. */
  name: string;
  command: string;
  args: string[];
  /** Added to a minimal inherited environment (PATH, HOME, ...): API keys are not passed on. */
  env: Record<string, string>;
  cwd?: string;
}

const serverSchema = z.strictObject(
  {
    command: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, 'must be the program to run, e.g. "npx"'),
    args: z
      .array(z.string({ error: "must be a string" }), { error: "must be a list of strings" })
      .optional(),
    env: z
      .record(z.string(), z.string({ error: "must be a string" }), {
        error: "must be an object of strings",
      })
      .optional(),
    cwd: z.string({ error: "must be a string" }).min(1, "must not be empty").optional(),
    type: z
      .literal("stdio", {
        error: 'must be "stdio" (only servers started as a command are supported)',
      })
      .optional(),
    disabled: z.boolean({ error: "must be true or false" }).optional(),
    tools: z
      .array(
        z.string({ error: "must be a list of tool names" }).min(1, "must not be an empty name"),
        { error: "must be a list of tool names" },
      )
      .min(1, 'must name at least one tool (to import none, set "disabled": true)')
      .optional(),
    allowWrite: z.boolean({ error: "must be true or false" }).optional(),
    allowOpenWorld: z.boolean({ error: "must be true or false" }).optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(", ")}`
        : "must be an object with a command",
  },
);

// Other top-level keys are allowed, so a Claude desktop config file can be used as it is.
const configSchema = z.object(
  {
    mcpServers: z.record(z.string(), z.unknown(), { error: "must be an object of servers" }),
  },
  { error: "must be a JSON object" },
);

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export interface McpConfigOptions {
  /** Where `${VAR}` values come from (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Relative `cwd` values are resolved against this folder (default: the process's). */
  baseDir?: string;
}

/**
 * Parses a Claude-desktop-style config, `{ "mcpServers": { "<name>": { "command", "args"?,
 * "env"?, "cwd"?, "tools"?, "allowWrite"?, "allowOpenWorld"? } } }`. `${VAR}` and `${VAR:-default}` in command, args, env and cwd are
 * replaced from the environment. Errors are one line naming the field to fix, and never echo a
 * value (env values are often tokens).
 */
export function parseMcpConfig(json: string, options: McpConfigOptions = {}): McpServerConfig[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw configError("the file is not valid JSON");
  }
  const top = configSchema.safeParse(raw);
  if (!top.success) throw configError(zodMessage(top.error));
  const servers: McpServerConfig[] = [];
  for (const [name, value] of Object.entries(top.data.mcpServers)) {
    const where = `mcpServers.${name}`;
    if (!/^[A-Za-z0-9_.-]{1,40}$/.test(name)) {
      throw configError(
        `${JSON.stringify(name.slice(0, 40))}: a server name may use only letters, digits, ".", "_" and "-" (at most 40)`,
      );
    }
    if (value && typeof value === "object" && "url" in value && !("command" in value)) {
      throw configError(
        `${where}: remote servers (url) are not supported; give a "command" that starts the server`,
      );
    }
    const parsed = serverSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = [where, ...(issue?.path ?? []).map(String)].join(".");
      throw configError(`${field}: ${issue?.message ?? "is invalid"}`);
    }
    const server = parsed.data;
    if (server.disabled) continue;
    const expand = (text: string, field: string) =>
      expandVariables(text, `${where}.${field}`, options.env ?? process.env);
    servers.push({
      name,
      command: expand(server.command, "command"),
      args: (server.args ?? []).map((arg, i) => expand(arg, `args.${i}`)),
      env: Object.fromEntries(
        Object.entries(server.env ?? {}).map(([k, v]) => [k, expand(v, `env.${k}`)]),
      ),
      ...(server.cwd
        ? { cwd: path.resolve(options.baseDir ?? process.cwd(), expand(server.cwd, "cwd")) }
        : {}),
      // Names are the server's own and not expanded: "${...}" is a literal part of a name.
      ...(server.tools ? { tools: server.tools } : {}),
      ...(server.allowWrite ? { allowWrite: true } : {}),
      ...(server.allowOpenWorld ? { allowOpenWorld: true } : {}),
    });
  }
  return servers;
}

/** Reads and parses a config file; relative `cwd` values are taken from the file's folder. */
export async function loadMcpConfig(
  file: string,
  options: Omit<McpConfigOptions, "baseDir"> = {},
): Promise<McpServerConfig[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw configError(`the file could not be read (${code})`);
  }
  return parseMcpConfig(text, { ...options, baseDir: path.dirname(path.resolve(file)) });
}

function expandVariables(
  text: string,
  field: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  return text.replace(VARIABLE, (_whole, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== "") return value;
    if (fallback !== undefined) return fallback;
    throw configError(`${field} uses \${${name}}, which is not set`);
  });
}

function configError(detail: string): ConfigError {
  return new ConfigError(`MCP config: ${detail}`);
}
