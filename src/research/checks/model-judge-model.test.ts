import { afterEach, describe, expect, it } from "vitest";
import {
  FAKE_API_KEY,
  type FakeAnthropicServer,
  reply,
  startFakeAnthropic,
} from "../../../test/fakes/anthropic-server.ts";
import { ConfigError } from "../../config/config-error.ts";
import { parseExploreRequest } from "../../config/explore-request.ts";
import { ANTHROPIC_MODEL_ALIASES } from "../../models/anthropic-model-aliases.ts";
import { DEFAULT_ANTHROPIC_CHECK_MODEL } from "../../models/check-model.ts";
import { resolveModel } from "../../models/resolve-model.ts";
import { judgeClaims } from "./model-judge.ts";
import { claimCheckModel } from "./model-judge-model.ts";

let fake: FakeAnthropicServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const ask = (fields: Record<string, unknown>) => parseExploreRequest({ idea: "x", ...fields });

describe("claimCheckModel: which model judges the claims", () => {
  const anthropic = (
    options: { checkModel?: string; price?: { inputPerMTok: number; outputPerMTok: number } } = {},
  ) => resolveModel({ apiKey: "sk-ant-test", ...options });

  it("is none unless the run asks for the model check", () => {
    expect(claimCheckModel(ask({}), anthropic())).toBeUndefined();
    expect(claimCheckModel(ask({ checkClaims: "figures" }), anthropic())).toBeUndefined();
  });

  it("is a priced Haiku by default with Anthropic, whatever the run's model", () => {
    const check = claimCheckModel(ask({ checkClaims: "model" }), anthropic());
    expect(check?.modelId).toBe(DEFAULT_ANTHROPIC_CHECK_MODEL);
    expect(check?.price).toMatchObject({ inputPerMTok: 1, outputPerMTok: 5 });
  });

  it("is the request's model, else the operator's, an alias resolved as for the run", () => {
    const operator = anthropic({ checkModel: "claude-haiku-4-5-20251001" });
    expect(claimCheckModel(ask({ checkClaims: "model" }), operator)?.modelId).toBe(
      "claude-haiku-4-5-20251001",
    );
    expect(
      claimCheckModel(ask({ checkClaims: "model", checkModel: "opus" }), operator)?.modelId,
    ).toBe(ANTHROPIC_MODEL_ALIASES.opus);
  });

  it("is the run's own model on an openai-compatible server, with the user's price", () => {
    const run = resolveModel({
      provider: "openai-compatible",
      baseURL: "http://127.0.0.1:9/v1",
      model: "qwen3:8b",
      price: { inputPerMTok: 0.1, outputPerMTok: 0.2 },
    });
    const same = claimCheckModel(ask({ checkClaims: "model", maxCostUsd: 1 }), run);
    expect(same?.modelId).toBe("qwen3:8b");
    expect(same?.price).toMatchObject({ inputPerMTok: 0.1 });
    // The user's price is the run model's: another model has none, so a cost limit is refused.
    const other = ask({ checkClaims: "model", checkModel: "llama3.1:8b" });
    expect(claimCheckModel(other, run)?.price).toBeUndefined();
    expect(() => claimCheckModel({ ...other, maxCostUsd: 1 }, run)).toThrow(
      new ConfigError(
        "max-cost needs a price for the check model llama3.1:8b; choose a priced check model, or run without the cost limit",
      ),
    );
  });

  it("refuses an unknown alias in one line naming the check model", () => {
    expect(() =>
      claimCheckModel(ask({ checkClaims: "model", checkModel: "sonet" }), anthropic()),
    ).toThrow(/^check model: Unknown model "sonet"; use one of sonnet/);
  });

  it("sends the check to the run's base URL with the run's key", async () => {
    fake = await startFakeAnthropic({ handler: () => reply.text("supported - yes") });
    const run = resolveModel({ apiKey: FAKE_API_KEY, baseURL: fake.url });
    const check = claimCheckModel(ask({ checkClaims: "model" }), run)!;
    const judgement = await judgeClaims([{ sentence: "S", passage: "P" }], { model: check });
    expect(judgement.verdicts).toEqual([{ verdict: "supported", reason: "yes" }]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.model).toBe(DEFAULT_ANTHROPIC_CHECK_MODEL);
    expect(fake.requests[0]!.headers["x-api-key"]).toBe(FAKE_API_KEY);
  });
});
