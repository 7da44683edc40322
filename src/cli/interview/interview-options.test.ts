import { describe, expect, it } from "vitest";
import { UsageError } from "../usage-error.ts";
import { parseInterviewOptions } from "./interview-options.ts";

describe("parseInterviewOptions", () => {
  it("defaults the output folder, provider and step limit", () => {
    expect(parseInterviewOptions(["--codebase", "app"])).toEqual({
      help: false,
      codebase: "app",
      output: "./jobs",
      provider: "anthropic",
      maxStepsPerTurn: 20,
      toolSearch: "auto",
    });
  });

  it("takes every option", () => {
    const args = ["--codebase=app", "--output", "out", "--model", "llama3.1:8b"];
    args.push(
      "--provider",
      "openai-compatible",
      "--base-url",
      "http://localhost:11434/v1",
      "--max-steps",
      "7",
      "--mcp-config",
      "mcp.json",
      "--tool-search",
      "never",
    );
    expect(parseInterviewOptions(args)).toEqual({
      help: false,
      codebase: "app",
      output: "out",
      provider: "openai-compatible",
      model: "llama3.1:8b",
      baseURL: "http://localhost:11434/v1",
      maxStepsPerTurn: 7,
      mcpConfig: "mcp.json",
      toolSearch: "never",
    });
  });

  it("answers --help without requiring anything else", () => {
    expect(parseInterviewOptions(["-h"]).help).toBe(true);
  });

  it.each([
    [[], "--codebase DIR is required"],
    [["--codebase", " "], "--codebase must not be empty"],
    [["--codebase", "a", "extra"], 'unexpected argument "extra"'],
    [
      ["--codebase", "a", "--provider", "openai"],
      "--provider must be one of anthropic, openai-compatible",
    ],
    [["--codebase", "a", "--max-steps", "0"], "--max-steps must be between 1 and 200"],
    [["--codebase", "a", "--max-steps", "ten"], "--max-steps must be a whole number"],
    [["--codebase", "a", "--api-key", "k"], "Unknown option '--api-key'"],
    [["--codebase", "a", "--tool-search", "bm25"], "--tool-search must be one of auto, always"],
    [
      ["--codebase", "a", "--provider", "openai-compatible", "--tool-search", "anthropic"],
      "--tool-search anthropic needs the anthropic provider",
    ],
  ])("refuses %j with a one-line usage error", (args, message) => {
    let caught: unknown;
    try {
      parseInterviewOptions(args);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as Error).message).toContain(message);
    expect((caught as Error).message).not.toContain("\n");
  });
});
