import { createUsedKeysCache } from '../../shared/cache/used-keys-cache';

const DAY_MS = 24 * 60 * 60 * 1000;
const t0 = 1_800_000_000_000;

test.each([
  ['just received', t0, ['e1']],
  ['one second before the window closes', t0 + DAY_MS - 1000, ['e1']],
  ['exactly 24 hours later (the window is closed)', t0 + DAY_MS, undefined],
  ['one second after', t0 + DAY_MS + 1000, undefined],
  ['a clock behind the receipt (another gateway received it)', t0 - 1000, undefined],
])('a key received at t0, asked %s', (_name, now, expected) => {
  const cache = createUsedKeysCache({ maxEntries: 10 });
  cache.remember('tenant-a', 'key-1', t0, ['e1']);
  expect(cache.find('tenant-a', 'key-1', now)).toEqual(expected);
});

test('keys are per tenant, and a remembered replacement wins', () => {
  const cache = createUsedKeysCache({ maxEntries: 10 });
  cache.remember('tenant-a', 'key-1', t0, ['e1']);
  expect(cache.find('tenant-b', 'key-1', t0)).toBeUndefined();
  cache.remember('tenant-a', 'key-1', t0 + DAY_MS + 5, ['e2']);
  expect(cache.find('tenant-a', 'key-1', t0 + DAY_MS + 10)).toEqual(['e2']);
});

test('an expired entry is dropped, so asking again later does not revive it', () => {
  const cache = createUsedKeysCache({ maxEntries: 10 });
  cache.remember('tenant-a', 'key-1', t0, ['e1']);
  expect(cache.find('tenant-a', 'key-1', t0 + DAY_MS)).toBeUndefined();
  expect(cache.find('tenant-a', 'key-1', t0 + 1000)).toBeUndefined();
});

test('it holds at most maxEntries keys, least recently used first out', () => {
  const cache = createUsedKeysCache({ maxEntries: 2 });
  cache.remember('t', 'k1', t0, ['1']);
  cache.remember('t', 'k2', t0, ['2']);
  cache.find('t', 'k1', t0);
  cache.remember('t', 'k3', t0, ['3']);
  expect([cache.find('t', 'k1', t0), cache.find('t', 'k2', t0), cache.find('t', 'k3', t0)]).toEqual([
    ['1'],
    undefined,
    ['3'],
  ]);
});
