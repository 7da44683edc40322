import type { PriceOverride } from "../models/pricing.ts";
import { UsageError } from "./usage-error.ts";

/** A number of US dollars ("0.42", "3"), or undefined when the flag was not given. */
export function dollarOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(value.trim())) {
    throw new UsageError(`--${name} must be a number of US dollars such as 0.50, got "${value}"`);
  }
  return Number(value);
}

/** --price-in and --price-out (dollars per million tokens), which only make sense together. */
export function priceOverride(
  priceIn: string | undefined,
  priceOut: string | undefined,
): PriceOverride | undefined {
  const inputPerMTok = dollarOption("price-in", priceIn);
  const outputPerMTok = dollarOption("price-out", priceOut);
  if (inputPerMTok === undefined && outputPerMTok === undefined) return undefined;
  if (inputPerMTok === undefined || outputPerMTok === undefined) {
    throw new UsageError(
      "--price-in and --price-out go together: the model's dollars per million input and output tokens",
    );
  }
  return { inputPerMTok, outputPerMTok };
}
