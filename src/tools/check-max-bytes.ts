/** A size cap from configuration; a bad one is a programming error, reported at start-up. */
export function checkMaxBytes(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError("maxBytes must be a non-negative whole number of bytes");
  }
  return value;
}
