import { createMicroBatcher } from '../../shared/micro-batcher';

/** A fake `run` whose batches the test releases by hand, recording what went into each. */
function controlledRun<I>(fail: (item: I) => boolean = () => false) {
  const batches: I[][] = [];
  const releases: (() => void)[] = [];
  const run = (items: I[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) => {
      releases.push(() => {
        if (items.some(fail)) reject(new Error(`batch of ${items.length} failed`));
        else resolve(items.map((i) => `done:${String(i)}`));
      });
    });
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { run, batches, releaseAll };
}

test('an idle batcher runs an item at once, alone', async () => {
  const { run, batches, releaseAll } = controlledRun<number>();
  const batcher = createMicroBatcher({ run, maxItems: 10, maxInFlight: 1 });
  const result = batcher.submit(1);
  expect(batches).toEqual([[1]]);
  await releaseAll();
  await expect(result).resolves.toBe('done:1');
});

test('items that arrive while batches run go out together, up to maxItems, in order', async () => {
  const { run, batches, releaseAll } = controlledRun<number>();
  const batcher = createMicroBatcher({ run, maxItems: 3, maxInFlight: 1 });
  const results = [1, 2, 3, 4, 5, 6].map((n) => batcher.submit(n));
  expect(batches).toEqual([[1]]);
  await releaseAll();
  expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  await expect(Promise.all(results)).resolves.toEqual([1, 2, 3, 4, 5, 6].map((n) => `done:${n}`));
});

test('maxInFlight batches run at once', async () => {
  const { run, batches, releaseAll } = controlledRun<number>();
  const batcher = createMicroBatcher({ run, maxItems: 10, maxInFlight: 2 });
  const results = [1, 2, 3, 4].map((n) => batcher.submit(n));
  expect(batches).toEqual([[1], [2]]);
  await releaseAll();
  expect(batches).toEqual([[1], [2], [3, 4]]);
  await Promise.all(results);
});

test('maxWeight bounds a batch, but a heavier item still runs alone', async () => {
  const { run, batches, releaseAll } = controlledRun<number>();
  const batcher = createMicroBatcher({ run, maxItems: 10, maxWeight: 100, weight: (n) => n, maxInFlight: 1 });
  const results = [1, 60, 50, 150, 10].map((n) => batcher.submit(n));
  await releaseAll();
  expect(batches).toEqual([[1], [60, 10], [50], [150]]);
  await Promise.all(results);
});

test('items with one exclusive key never share a batch; the later one waits for the next', async () => {
  const { run, batches, releaseAll } = controlledRun<string>();
  const batcher = createMicroBatcher({ run, maxItems: 10, maxInFlight: 1, exclusiveKey: (s) => s[0]! });
  const results = ['x0', 'a1', 'b1', 'a2', 'c1', 'a3'].map((s) => batcher.submit(s));
  await releaseAll();
  expect(batches).toEqual([['x0'], ['a1', 'b1', 'c1'], ['a2'], ['a3']]);
  await Promise.all(results);
});

test('a failing batch is re-run item by item, so only the failing item is rejected', async () => {
  const { run, batches, releaseAll } = controlledRun<number>((n) => n === 3);
  const batcher = createMicroBatcher({ run, maxItems: 10, maxInFlight: 1 });
  const results = [1, 2, 3, 4].map((n) =>
    batcher.submit(n).then(String, (e: Error) => `rejected: ${e.message}`),
  );
  await releaseAll();
  expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  await expect(Promise.all(results)).resolves.toEqual([
    'done:1',
    'done:2',
    'rejected: batch of 1 failed',
    'done:4',
  ]);
});

test('a batch that answers with the wrong number of results fails its items, not silently', async () => {
  const batcher = createMicroBatcher<number, string>({
    run: async (items) => (items.length > 1 ? ['only one'] : []),
    maxItems: 10,
    maxInFlight: 1,
  });
  await expect(batcher.submit(1)).rejects.toThrow(/wrong number of results/);
});

describe('groups (tenants)', () => {
  const groups = (maxInFlightPerGroup: number) => ({ key: (s: string) => s[0]!, maxInFlightPerGroup });

  test('items of different groups never share a batch; a waiting group not served lately goes first', async () => {
    const { run, batches, releaseAll } = controlledRun<string>();
    const batcher = createMicroBatcher({ run, maxItems: 10, maxInFlight: 1, groups: groups(1) });
    const results = ['a1', 'a2', 'a3', 'b1', 'a4'].map((s) => batcher.submit(s));
    await releaseAll();
    // Without groups: [['a1'], ['a2', 'a3', 'b1', 'a4']], b1 riding in a's batch.
    expect(batches).toEqual([['a1'], ['b1'], ['a2', 'a3', 'a4']]);
    await expect(Promise.all(results)).resolves.toEqual([
      'done:a1',
      'done:a2',
      'done:a3',
      'done:b1',
      'done:a4',
    ]);
  });

  test('a group holds at most its share of slots, so another group starts at once in a spare one', async () => {
    const { run, batches, releaseAll } = controlledRun<string>();
    const batcher = createMicroBatcher({ run, maxItems: 1, maxInFlight: 3, groups: groups(2) });
    const results = ['a1', 'a2', 'a3', 'a4'].map((s) => batcher.submit(s));
    expect(batches).toEqual([['a1'], ['a2']]); // a is at its share; the third slot stays free
    results.push(batcher.submit('b1'));
    expect(batches).toEqual([['a1'], ['a2'], ['b1']]); // b does not wait behind a's queue
    await releaseAll();
    expect(batches.slice(3)).toEqual([['a3'], ['a4']]);
    await Promise.all(results);
  });
});
