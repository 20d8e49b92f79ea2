/**
 * Runs `work` for every item with at most `limit` in flight, and answers the results in the items'
 * order. Rejections are not caught: `work` answers its failures as values.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, runner));
  return results;
}
