/**
 * `work` over every item with at most `limit` running at once; results in the items' order.
 * A rejection rejects the whole (after the running ones settle is not awaited: callers' work
 * turns expected failures into values, so a rejection means the run is being cancelled).
 */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
