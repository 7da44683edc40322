import { describe, expect, it } from "vitest";
import type { ResolvedModel } from "../../models/resolve-model.ts";
import { withDefaultCostCap } from "./default-cost-cap.ts";

const priced = { price: { inputPerMillion: 3, outputPerMillion: 15 } } as unknown as ResolvedModel;
const unpriced = { price: undefined } as unknown as ResolvedModel;

describe("issues: the default cost cap", () => {
  const steps = (defaults: { maxSteps?: number; maxCostUsd?: number }) => defaults;
  it("caps a priced model at 2 USD, keeps a cap that was given, leaves an unpriced model alone", () => {
    expect(withDefaultCostCap(steps({ maxSteps: 5 }), priced)).toEqual({
      maxSteps: 5,
      maxCostUsd: 2,
    });
    expect(withDefaultCostCap({ maxCostUsd: 0.5 }, priced)).toEqual({ maxCostUsd: 0.5 });
    expect(withDefaultCostCap(steps({ maxSteps: 5 }), unpriced)).toEqual({ maxSteps: 5 });
  });
});
