/**
 * Application-level group commit: callers submit one item each, and items that arrive while earlier
 * batches are running go out together in one call of `run`. An idle batcher runs an item at once, so
 * batching adds no latency at low load; under load, one round trip and one commit serve many requests.
 */
export interface MicroBatcher<I, O> {
  submit(item: I): Promise<O>;
}

export interface MicroBatcherOptions<I, O> {
  /** Runs a batch; returns one result per item, in order. */
  run: (items: I[]) => Promise<O[]>;
  maxItems: number;
  /** Bounds a batch's total weight (e.g. rows); a single heavier item still runs alone. */
  maxWeight?: number;
  weight?: (item: I) => number;
  /** Batches running at once. */
  maxInFlight: number;
  /** Items with the same key never share a batch (e.g. one idempotency key); later ones wait. */
  exclusiveKey?: (item: I) => string | null;
  /**
   * Fairness between groups (e.g. tenants): items of different groups never share a batch, a free slot
   * goes to the waiting group served least recently, and one group holds at most maxInFlightPerGroup
   * slots, so a small request of one group neither rides in, nor waits for a slot behind, another
   * group's large batches.
   */
  groups?: { key: (item: I) => string; maxInFlightPerGroup: number };
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
}

export function createMicroBatcher<I, O>(options: MicroBatcherOptions<I, O>): MicroBatcher<I, O> {
  const queue: Pending<I, O>[] = [];
  const weight = options.weight ?? (() => 1);
  const maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  let inFlight = 0;
  const groups = options.groups;
  /** Batches running per group; a group is here only while it has some. */
  const groupInFlight = new Map<string, number>();
  /** When each waiting group last got a batch (a counter); a group not here counts as never served. */
  const lastServed = new Map<string, number>();
  let batchesTaken = 0;

  /**
   * The group the next batch is for: among the groups with a queued item and a slot to spare, the one
   * served least recently (the oldest item's on a tie). Undefined: no group may start a batch now.
   * Null: the batcher has no groups.
   */
  function nextGroup(): string | null | undefined {
    if (!groups) return null;
    let chosen: string | undefined;
    let chosenServed = Number.POSITIVE_INFINITY;
    for (const pending of queue) {
      const group = groups.key(pending.item);
      if ((groupInFlight.get(group) ?? 0) >= groups.maxInFlightPerGroup) continue;
      const served = lastServed.get(group) ?? 0;
      if (served < chosenServed) {
        chosen = group;
        chosenServed = served;
      }
    }
    return chosen;
  }

  function takeBatch(group: string | null): Pending<I, O>[] {
    const batch: Pending<I, O>[] = [];
    const keys = new Set<string>();
    let total = 0;
    for (let i = 0; i < queue.length && batch.length < options.maxItems;) {
      const pending = queue[i]!;
      const key = options.exclusiveKey?.(pending.item) ?? null;
      const w = weight(pending.item);
      const otherGroup = group !== null && groups!.key(pending.item) !== group;
      if (otherGroup || (key !== null && keys.has(key)) || (batch.length > 0 && total + w > maxWeight)) {
        i += 1;
        continue;
      }
      if (key !== null) keys.add(key);
      total += w;
      batch.push(pending);
      queue.splice(i, 1);
    }
    return batch;
  }

  async function runBatch(batch: Pending<I, O>[]): Promise<void> {
    try {
      const results = await options.run(batch.map((p) => p.item));
      if (results.length !== batch.length) throw new Error('a batch returned the wrong number of results');
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // One item can fail a whole batch (it is one statement): run each alone, so only that one fails.
      for (const p of batch) {
        await options.run([p.item]).then(
          (results) => p.resolve(results[0]!),
          (itemErr: unknown) => p.reject(itemErr),
        );
      }
    }
  }

  function pump(): void {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const group = nextGroup();
      if (group === undefined) return; // every waiting group is at its share; a finishing batch pumps again
      const batch = takeBatch(group);
      inFlight += 1;
      if (group !== null) {
        groupInFlight.set(group, (groupInFlight.get(group) ?? 0) + 1);
        lastServed.set(group, ++batchesTaken);
      }
      void runBatch(batch).finally(() => {
        inFlight -= 1;
        if (group !== null) {
          const left = groupInFlight.get(group)! - 1;
          if (left > 0) groupInFlight.set(group, left);
          else groupInFlight.delete(group);
          // Only waiting groups need remembering: the map stays as small as the queue's groups.
          if (left === 0 && !queue.some((p) => groups!.key(p.item) === group)) lastServed.delete(group);
        }
        pump();
      });
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
