import { describe, expect, it } from "vitest";
import { parseEnv } from "../config/env.ts";
import { resolveCliModel, resolveCliModelOrWarn } from "./resolve-cli-model.ts";

const noKey = parseEnv({});
const withKey = parseEnv({ ANTHROPIC_API_KEY: "sk-ant-test" });

function orWarn(flags: Parameters<typeof resolveCliModelOrWarn>[0], env = noKey) {
  const warnings: string[] = [];
  const model = resolveCliModelOrWarn(flags, env, (message) => warnings.push(message));
  return { model, warnings };
}

describe("resolveCliModelOrWarn", () => {
  it("resolves the model when the key is set, without a warning", () => {
    const { model, warnings } = orWarn({ model: "haiku" }, withKey);
    expect(model?.provider).toBe("anthropic");
    expect(warnings).toEqual([]);
  });

  it("only warns, with what to set, when the anthropic provider has no key", () => {
    for (const flags of [{}, { apiKey: " " }]) {
      const { model, warnings } = orWarn(flags);
      expect(model).toBeUndefined();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^ANTHROPIC_API_KEY is not set; /);
    }
    expect(() => resolveCliModel({}, noKey)).toThrow(/^ANTHROPIC_API_KEY is not set; /);
  });

  it("throws every other model mistake, with or without a key", () => {
    const mistakes = [
      [{ model: "sonet" }, /Unknown model "sonet"/],
      [{ provider: "nope" }, /Unknown provider "nope"/],
      [{ provider: "openai-compatible" }, /needs --base-url/],
      [{ baseUrl: "not a url" }, /--base-url/],
    ] as const;
    for (const [flags, message] of mistakes) {
      for (const env of [noKey, withKey]) {
        const warnings: string[] = [];
        expect(() => resolveCliModelOrWarn(flags, env, (m) => warnings.push(m))).toThrow(message);
        expect(warnings).toEqual([]);
      }
    }
  });

  it("needs no key for openai-compatible", () => {
    const flags = { provider: "openai-compatible", baseUrl: "http://127.0.0.1:9/v1", model: "m" };
    const { model, warnings } = orWarn(flags);
    expect(model?.provider).toBe("openai-compatible");
    expect(warnings).toEqual([]);
  });
});
