import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mcpToolName, TOOL_NAME_PATTERN } from "./mcp-tool-name.ts";

describe("mcpToolName", () => {
  it("joins server and tool with a double underscore", () => {
    expect(mcpToolName("github", "create_issue", new Set())).toBe("github__create_issue");
  });

  it("replaces characters a provider refuses", () => {
    expect(mcpToolName("my.server", "get.weather/now", new Set())).toBe(
      "my_server__get_weather_now",
    );
  });

  it("cuts long names and keeps them apart with a stable hash", () => {
    const long = "x".repeat(80);
    const a = mcpToolName("srv", `${long}a`, new Set());
    const b = mcpToolName("srv", `${long}b`, new Set([a]));
    expect(a).toHaveLength(64);
    expect(b).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(mcpToolName("srv", `${long}a`, new Set())).toBe(a);
  });

  it("disambiguates two names that sanitize alike", () => {
    const first = mcpToolName("s", "a.b", new Set());
    const second = mcpToolName("s", "a/b", new Set([first]));
    expect(first).toBe("s__a_b");
    expect(second).toMatch(/^s__a_b_[0-9a-f]{8}$/);
  });

  it("always yields a valid, unused name", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.array(fc.oneof(fc.string({ minLength: 1, maxLength: 100 }), fc.constant("same")), {
          maxLength: 30,
        }),
        (server, tools) => {
          const taken = new Set<string>();
          for (const tool of tools) {
            const name = mcpToolName(server, tool, taken);
            expect(name).toMatch(TOOL_NAME_PATTERN);
            expect(taken.has(name)).toBe(false);
            taken.add(name);
          }
        },
      ),
    );
  });
});
