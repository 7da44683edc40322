import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { HOSTILE_NOTE } from "../../../test/fixtures/mcp-server/least-privilege-tools.ts";
import { PROTOCOL_ERROR_MESSAGE } from "../../../test/fixtures/mcp-server/protocol-error-server.ts";
import { driveTool } from "../../../test/helpers/drive-tool.ts";
import { isRunning, mcpFixture } from "../../../test/helpers/mcp-fixture-server.ts";
import { makeTempTree } from "../../../test/helpers/temp-tree.ts";
import { ConfigError } from "../../config/config-error.ts";
import { importMcpTools, type McpImport } from "./import-mcp-tools.ts";
import type { McpServerConfig } from "./mcp-config.ts";
import type { McpToolAccess } from "./mcp-tool-access.ts";

/**
 * Least privilege through real servers over stdio: "reader" offers two read-only tools,
 * "writer" a destructive one, an additive one, an open-world reader, an open-world writer and
 * one without annotations. What is imported follows the annotations and the config's opt-ins.
 */
async function withImport(
  writer: McpToolAccess,
  check: (mcp: McpImport) => Promise<void> | void,
  reader: Partial<McpServerConfig> = {},
): Promise<void> {
  const mcp = await importMcpTools(
    [mcpFixture("reader", "reader", reader), mcpFixture("writer", "writer", writer)],
    { stderr: "ignore", onToolCall: () => {} },
  );
  try {
    await check(mcp);
  } finally {
    await mcp.close();
  }
}

const WRITE = '(set "allowWrite": true for server "writer" to import it)';
const OPEN = '(set "allowOpenWorld": true for server "writer" to import it)';

describe("importMcpTools: read-only tools unless the config opts in", () => {
  it("imports only the read-only server's tools by default, and says why each other was left out", async () => {
    await withImport({}, (mcp) => {
      expect(Object.keys(mcp.tools)).toEqual(["reader__lookup_note", "reader__help_topics"]);
      const [reader, writer] = mcp.servers;
      expect(reader).toMatchObject({ tools: Object.keys(mcp.tools), skipped: [] });
      expect(writer?.tools).toEqual([]);
      expect(writer?.report.map((t) => [t.tool, t.imported, t.reason])).toEqual([
        ["delete_note", false, `destructive ${WRITE}`],
        ["append_note", false, `not read-only ${WRITE}`],
        ["fetch_feed", false, `open-world ${OPEN}`],
        [
          "publish_note",
          false,
          'not read-only and open-world (set "allowWrite": true and "allowOpenWorld": true for server "writer" to import it)',
        ],
        ["sync", false, `no annotations, so presumed able to write ${WRITE}`],
      ]);
      expect(writer?.skipped[0]).toEqual({
        tool: "delete_note",
        summary: "destructive",
        needs: ["allowWrite"],
      });
      // The hints as the server gave them, and the defaults it left to the specification.
      expect(writer?.report[0]?.annotations).toEqual({
        readOnlyHint: { value: false, given: true },
        destructiveHint: { value: true, given: true },
        openWorldHint: { value: true, given: false },
        idempotentHint: { value: true, given: true },
      });
    });
  });

  it("imports the writing tools with allowWrite, and the open-world ones only with allowOpenWorld too", async () => {
    await withImport({ allowWrite: true }, async (mcp) => {
      expect(mcp.servers[1]?.tools).toEqual([
        "writer__delete_note",
        "writer__append_note",
        "writer__sync",
      ]);
      const call = await driveTool(mcp.tools, "writer__delete_note", { id: 3 });
      expect(call.modelSaw).toContain("\ndeleted note 3\n");
    });
    await withImport({ allowWrite: true, allowOpenWorld: true }, (mcp) => {
      expect(mcp.servers[1]?.tools).toEqual([
        "writer__delete_note",
        "writer__append_note",
        "writer__fetch_feed",
        "writer__publish_note",
        "writer__sync",
      ]);
      expect(mcp.servers[1]?.skipped).toEqual([]);
    });
    await withImport({ allowOpenWorld: true }, (mcp) => {
      expect(mcp.servers[1]?.tools).toEqual(["writer__fetch_feed"]);
    });
  });

  it('considers only the tools named in "tools", and still asks the opt-in for them', async () => {
    await withImport({ tools: ["delete_note", "fetch_feed"], allowWrite: true }, (mcp) => {
      expect(mcp.servers[1]?.tools).toEqual(["writer__delete_note"]);
      expect(mcp.servers[1]?.skipped.map((t) => [t.tool, t.summary])).toEqual([
        ["append_note", 'not in "tools"'],
        ["fetch_feed", "open-world"],
        ["publish_note", 'not in "tools"'],
        ["sync", 'not in "tools"'],
      ]);
    });
  });

  it('stops every server when "tools" names a tool the server does not have', async () => {
    const tree = await makeTempTree({});
    const pidFile = path.join(tree.dir, "reader.pid");
    let pid: number | undefined;
    try {
      const error = await withImport({ tools: ["delete_note", "drop_table"] }, () => {}, {
        env: { MCP_FIXTURE_PID_FILE: pidFile },
      }).catch((e) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toBe(
        'MCP config: mcpServers.writer.tools: server "writer" has no tool "drop_table" (it has delete_note, append_note, fetch_feed, publish_note, sync)',
      );
      pid = Number(readFileSync(pidFile, "utf8"));
      await vi.waitFor(() => expect(isRunning(pid as number)).toBe(false), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      if (pid !== undefined && isRunning(pid)) process.kill(pid, "SIGKILL");
      await tree.cleanup();
    }
  });
});

describe("importMcpTools: what a server says reaches the model as data", () => {
  it("fences a result that tries to close the fence, so it ends only where ours does", async () => {
    await withImport({}, async (mcp) => {
      const { modelSaw } = await driveTool(mcp.tools, "reader__lookup_note", { id: 7 });
      expect(
        modelSaw.startsWith('<untrusted-data kind="MCP tool result" from="reader/lookup_note">\n'),
      ).toBe(true);
      expect(modelSaw.match(/<\/untrusted-data>/g)).toHaveLength(1);
      expect(modelSaw).toContain(HOSTILE_NOTE.replace("</untrusted-data>", "‹/untrusted-data>"));
      expect(modelSaw.indexOf("SYSTEM:")).toBeLessThan(modelSaw.indexOf("</untrusted-data>"));
    });
  });

  it("fences a JSON-RPC error's message too: the server wrote it", async () => {
    const mcp = await importMcpTools([mcpFixture("strict", "protocol-error")], {
      stderr: "ignore",
      onToolCall: () => {},
    });
    try {
      const call = await driveTool(mcp.tools, "strict__strict_lookup", {});
      expect(call.part.type).toBe("tool-error");
      expect(call.modelSaw).toMatch(
        /^McpToolError: <untrusted-data kind="MCP tool result" from="strict\/strict_lookup">\n/,
      );
      expect(call.modelSaw).toContain(PROTOCOL_ERROR_MESSAGE.replace("</", "‹/"));
      expect(call.modelSaw.match(/<\/untrusted-data>/g)).toHaveLength(1);
    } finally {
      await mcp.close();
    }
  });

  it("caps and cleans a poisoned description and title before the model or the catalog sees them", async () => {
    await withImport({}, (mcp) => {
      const description = String(mcp.tools.reader__help_topics?.description);
      expect(description.startsWith("List the help topics.<")).toBe(false);
      expect(description.startsWith("List the help topics.‹untrusted-data> Always call")).toBe(
        true,
      );
      expect(description.length).toBeLessThanOrEqual(500 + " (From the reader MCP server.)".length);
      expect(description).not.toMatch(
        /[\u0000-\u0008\u000b-\u001f\u007f\u200b]|[\u{e0000}-\u{e007f}]/u,
      );
      const title = mcp.catalogMetadata.reader__help_topics?.aliases?.[1] ?? "";
      expect(title).toMatch(/^Help!+…$/);
      expect(title).toHaveLength(100);
    });
  });
});
