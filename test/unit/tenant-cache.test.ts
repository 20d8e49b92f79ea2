import { formatInvalidation, parseInvalidation } from '../../shared/db/notify';
import { createLruCache } from '../../shared/cache/lru-cache';
import { createTenantCache, type CodeOwnerSummary } from '../../shared/cache/tenant-cache';
import type { TenantWithKeys } from '../../shared/repos/tenants.repo';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';

function tenantRow(id: string, alias: string, discountId = 'service_discount'): TenantWithKeys {
  return {
    id,
    alias,
    mode: 'live',
    processor: null,
    name: alias,
    landing_url: null,
    referred_discount_percent: 10,
    referrer_reward: { type: 'PCT_DISCOUNT', discountPercent: 10 },
    max_referrer_discount_percent: 100,
    discount_id: discountId,
    conversion_event_key: null,
    payment_event_key: null,
    rate_limit_rps: null,
    rate_limit_burst: null,
    require_user_jwt_exp: false,
    allowed_origins: [],
    referral_cookie_days: 365,
    referral_cookie_last_click_wins: false,
    website_url: null,
    widget_headline: null,
    widget_subheadline: null,
    max_attributions_per_referrer_per_hour: null,
    fraud_policy: [],
    reward_hold_days: 0,
    credit_expiry_days: null,
    // Hosted pages.
    signup_url: null,
    share_link_url: null,
    share_param: 'ref',
    custom_host: null,
    brand_color: null,
    landing_headline: null,
    landing_text: null,
    landing_button_text: null,
    logo_hash: null,
    share_message: null,
    share_email_subject: null,
    leaderboard_enabled: false,
    created_at: new Date(0),
    programs: [],
    keyHashes: [Buffer.from('hash')],
    keys: [{ id: 'k1', prefix: 'rsk_live_k1', hash: Buffer.from('hash'), scopes: [] }],
  };
}

function owner(code: string, firstName = 'Jane'): CodeOwnerSummary {
  return { code, created_at: new Date(0), first_name: firstName, last_name: 'Doe', program_id: 'default' };
}

/** A loader whose calls are counted and which resolves only when the test says so. */
function deferredLoader<A extends unknown[], V>(answer: (...args: A) => V) {
  const pending: (() => void)[] = [];
  const calls: A[] = [];
  return {
    calls,
    load: (...args: A) =>
      new Promise<V>((resolve) => {
        calls.push(args);
        pending.push(() => resolve(answer(...args)));
      }),
    /** Resolves every pending load with what the database holds now. */
    release: () => pending.splice(0).forEach((r) => r()),
  };
}

function setup(options: { ttlMs?: number; maxCodes?: number; now?: () => number } = {}) {
  const db = {
    tenants: new Map<string, TenantWithKeys>([
      ['acme', tenantRow(T1, 'acme')],
      ['other', tenantRow(T2, 'other')],
    ]),
    codes: new Map<string, CodeOwnerSummary>([[`${T1}:JANEDOE`, owner('JaneDoe')]]),
  };
  const tenants = deferredLoader((alias: string) => db.tenants.get(alias));
  const codes = deferredLoader((tenantId: string, code: string) => db.codes.get(`${tenantId}:${code}`));
  const cache = createTenantCache(
    { loadTenant: tenants.load, loadCodeOwner: codes.load },
    { ttlMs: options.ttlMs ?? 60_000, maxCodes: options.maxCodes ?? 100, now: options.now },
  );
  cache.setEnabled(true);
  /** Looks up, letting any load it starts finish at once. */
  const code = async (tenantId: string, c: string) => {
    const result = cache.findCodeOwner(tenantId, c);
    await Promise.resolve();
    codes.release();
    return result;
  };
  const tenant = async (alias: string) => {
    const result = cache.findTenant(alias);
    await Promise.resolve();
    tenants.release();
    return result;
  };
  return { db, tenants, codes, cache, code, tenant };
}

describe('LRU cache', () => {
  test('keeps at most maxEntries, evicting the least recently used', () => {
    const lru = createLruCache<string, number>({ maxEntries: 2, ttlMs: 1000 });
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now more recent than b
    lru.set('c', 3);
    expect(lru.size).toBe(2);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
  });

  test('a key read between writes survives any number of one-off keys', () => {
    const lru = createLruCache<string, number>({ maxEntries: 8, ttlMs: 1000 });
    lru.set('hot', 0);
    for (let i = 0; i < 100; i += 1) {
      lru.set(`once-${i}`, i);
      expect(lru.get('hot')).toBe(0);
    }
    expect(lru.size).toBe(8);
    expect(lru.get('once-91')).toBeUndefined();
    expect(lru.get('once-99')).toBe(99);
  });

  test('entries expire after ttlMs', () => {
    let now = 1000;
    const lru = createLruCache<string, number>({ maxEntries: 10, ttlMs: 100, now: () => now });
    lru.set('a', 1);
    now += 100;
    expect(lru.get('a')).toBe(1);
    now += 1;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(0);
  });
});

describe('invalidation payloads', () => {
  test.each([
    [{ tenantId: T1, scope: 'tenant' as const }, T1],
    [{ tenantId: T1, scope: 'codes' as const }, `${T1}:codes`],
    [{ tenantId: T1, scope: 'new-code' as const }, `${T1}:new-code`],
  ])('%o round-trips as %s', (invalidation, payload) => {
    expect(formatInvalidation(invalidation)).toBe(payload);
    expect(parseInvalidation(payload)).toEqual(invalidation);
  });

  test.each([[''], [undefined], ['not-a-uuid'], [`${T1}:everything`], [`${T1}:`]])(
    '%p is not understood (the listener then drops everything)',
    (payload) => {
      expect(parseInvalidation(payload)).toBeUndefined();
    },
  );
});

describe('tenant cache', () => {
  test('a warm lookup does not load again; codes are case-insensitive', async () => {
    const { cache, codes, tenants, code, tenant } = setup();
    expect((await tenant('acme'))?.id).toBe(T1);
    expect(await tenant('acme')).toBe(await cache.findTenant('acme'));
    expect(tenants.calls).toEqual([['acme']]);
    expect(await code(T1, 'janedoe')).toEqual(owner('JaneDoe'));
    expect(await code(T1, 'JANEDOE')).toEqual(owner('JaneDoe'));
    expect(codes.calls).toEqual([[T1, 'JANEDOE']]);
    expect(cache.stats()).toMatchObject({
      enabled: true,
      tenants: { size: 1, loads: 1, hits: 2 },
      codes: { size: 1, loads: 1, hits: 1 },
    });
  });

  test('concurrent misses for one key share one load (single-flight)', async () => {
    const { cache, codes, tenants } = setup();
    const lookups = Array.from({ length: 100 }, () => cache.findCodeOwner(T1, 'JaneDoe'));
    const auths = Array.from({ length: 100 }, () => cache.findTenant('acme'));
    expect(codes.calls).toHaveLength(1);
    expect(tenants.calls).toHaveLength(1);
    codes.release();
    tenants.release();
    expect(new Set(await Promise.all(lookups)).size).toBe(1);
    expect((await Promise.all(auths)).every((t) => t?.id === T1)).toBe(true);
    expect(cache.stats().codes).toMatchObject({ loads: 1, coalesced: 99 });
  });

  test('a failed load is not cached and fails every caller that joined it', async () => {
    let fail = true;
    const cache = createTenantCache(
      {
        loadTenant: async (alias) => {
          if (fail) throw new Error('db down');
          return tenantRow(T1, alias);
        },
        loadCodeOwner: async () => undefined,
      },
      { ttlMs: 60_000, maxCodes: 10 },
    );
    cache.setEnabled(true);
    await expect(Promise.all([cache.findTenant('acme'), cache.findTenant('acme')])).rejects.toThrow(
      'db down',
    );
    fail = false;
    expect((await cache.findTenant('acme'))?.id).toBe(T1);
    expect(cache.stats().tenants.loads).toBe(2);
  });

  test('the LRU bound applies to code lookups', async () => {
    const { cache, code } = setup({ maxCodes: 3 });
    for (const c of ['A1', 'A2', 'A3', 'A4', 'A5']) await code(T1, c);
    expect(cache.stats().codes.size).toBe(3);
  });

  test('entries expire after the TTL (the backstop for a missed notification)', async () => {
    let now = 1;
    const { db, code } = setup({ ttlMs: 1000, now: () => now });
    expect((await code(T1, 'JANEDOE'))?.first_name).toBe('Jane');
    db.codes.set(`${T1}:JANEDOE`, owner('JaneDoe', 'Janet'));
    now = 999;
    expect((await code(T1, 'JANEDOE'))?.first_name).toBe('Jane');
    now = 2000;
    expect((await code(T1, 'JANEDOE'))?.first_name).toBe('Janet');
  });

  test('a tenant invalidation drops that tenant only: its row, keys, program and codes', async () => {
    const { db, cache, code, tenant, tenants, codes } = setup();
    await tenant('acme');
    await tenant('other');
    await code(T1, 'JANEDOE');
    expect((await cache.programSettings({ id: T1, alias: 'acme' }))?.discountId).toBe('service_discount');
    db.tenants.set('acme', tenantRow(T1, 'acme', 'spring'));
    cache.invalidate(T1);
    await tenant('acme');
    await tenant('other');
    await code(T1, 'JANEDOE');
    expect((await cache.programSettings({ id: T1, alias: 'acme' }))?.discountId).toBe('spring');
    expect(tenants.calls.map(([a]) => a)).toEqual(['acme', 'other', 'acme']);
    expect(codes.calls).toHaveLength(2);
  });

  test('a new code ends cached unknown-code answers but keeps known codes', async () => {
    const { db, cache, code, codes } = setup();
    expect(await code(T1, 'NEWCODE')).toBeUndefined();
    expect(await code(T1, 'NEWCODE')).toBeUndefined();
    await code(T1, 'JANEDOE');
    expect(codes.calls).toHaveLength(2);
    db.codes.set(`${T1}:NEWCODE`, owner('NewCode'));
    cache.invalidate(T1, 'new-code');
    expect(await code(T1, 'newcode')).toEqual(owner('NewCode'));
    await code(T1, 'JANEDOE');
    expect(codes.calls).toHaveLength(3);
  });

  test('a codes invalidation (owner renamed) drops known codes too, of that tenant only', async () => {
    const { db, cache, code, codes } = setup();
    db.codes.set(`${T2}:OTHER`, owner('Other'));
    await code(T1, 'JANEDOE');
    await code(T2, 'OTHER');
    db.codes.set(`${T1}:JANEDOE`, owner('JaneDoe', 'Janet'));
    cache.invalidate(T1, 'codes');
    expect((await code(T1, 'JANEDOE'))?.first_name).toBe('Janet');
    await code(T2, 'OTHER');
    expect(codes.calls.map(([t]) => t)).toEqual([T1, T2, T1]);
  });

  test('an unknown alias is cached until any tenant changes (a tenant was created)', async () => {
    const { db, cache, tenant, tenants } = setup();
    expect(await tenant('newco')).toBeUndefined();
    expect(await tenant('newco')).toBeUndefined();
    expect(tenants.calls).toHaveLength(1);
    db.tenants.set('newco', tenantRow(T2, 'newco'));
    cache.invalidate(T2);
    expect((await tenant('newco'))?.id).toBe(T2);
  });

  test('a load that raced an invalidation is not stored, and later callers do not join it', async () => {
    const { db, cache, codes } = setup();
    const before = cache.findCodeOwner(T1, 'JANEDOE'); // reads the old row...
    db.codes.set(`${T1}:JANEDOE`, owner('JaneDoe', 'Janet'));
    cache.invalidate(T1, 'codes'); // ...while the rename commits
    const after = cache.findCodeOwner(T1, 'JANEDOE');
    expect(codes.calls).toHaveLength(2);
    codes.release();
    await Promise.all([before, after]);
    const again = cache.findCodeOwner(T1, 'JANEDOE');
    expect(codes.calls).toHaveLength(2);
    expect((await again)?.first_name).toBe('Janet');
  });

  test('disabled, every lookup goes to the loader and nothing is kept; enabling starts empty', async () => {
    const { cache, code, codes } = setup();
    await code(T1, 'JANEDOE');
    cache.setEnabled(false);
    await code(T1, 'JANEDOE');
    await code(T1, 'JANEDOE');
    expect(codes.calls).toHaveLength(3);
    expect(cache.stats()).toMatchObject({ enabled: false, codes: { size: 0, bypassed: 2 } });
    cache.setEnabled(true);
    await code(T1, 'JANEDOE');
    await code(T1, 'JANEDOE');
    expect(codes.calls).toHaveLength(4);
  });

  test('a load in flight when the cache is disabled is not stored', async () => {
    const { cache, codes } = setup();
    const pending = cache.findCodeOwner(T1, 'JANEDOE');
    cache.setEnabled(false);
    cache.setEnabled(true);
    codes.release();
    await pending;
    expect(cache.stats().codes.size).toBe(0);
  });

  test('invalidateAll drops every tenant', async () => {
    const { cache, code, tenant, tenants, codes } = setup();
    await tenant('acme');
    await code(T1, 'JANEDOE');
    cache.invalidateAll();
    await tenant('acme');
    await code(T1, 'JANEDOE');
    expect(tenants.calls).toHaveLength(2);
    expect(codes.calls).toHaveLength(2);
  });

  test('program settings are only given for the authenticated tenant id', async () => {
    const { cache, tenants } = setup();
    const settings = cache.programSettings({ id: T2, alias: 'acme' });
    await Promise.resolve();
    tenants.release();
    expect(await settings).toBeUndefined();
  });
});
