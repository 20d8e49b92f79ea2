import type { DbOrTrx } from '../db/knex';
import type { InvalidationScope } from '../db/notify';
import { createReferralCodesRepo, type CodeOwner } from '../repos/referral-codes.repo';
import { createTenantsRepo, type TenantWithKeys } from '../repos/tenants.repo';
import {
  DEFAULT_PROGRAM_ID,
  ownProgramSettings,
  programSettings,
  settingsOfProgram,
  type ProgramSettings,
} from '../types/program';
import { createLruCache, type LruCache } from './lru-cache';

/** What a code lookup shows of a code and its owner. */
export type CodeOwnerSummary = Pick<
  CodeOwner,
  'code' | 'created_at' | 'first_name' | 'last_name' | 'program_id'
>;

/** A tenant's program as public pages and CORS read it by alias: parsed once per cached row. */
export interface TenantProgram {
  /** The tenant's id. */
  id: string;
  alias: string;
  /** The program's name (the tenant's for the default program). */
  name: string;
  settings: ProgramSettings;
  /** `default`, or the program's id (migration 032). */
  programId: string;
  /** An archived program takes no new referrals; its pages still answer. */
  archived: boolean;
}

export interface TenantCacheLoaders {
  loadTenant(alias: string): Promise<TenantWithKeys | undefined>;
  loadCodeOwner(tenantId: string, code: string): Promise<CodeOwnerSummary | undefined>;
}

export interface TenantCacheOptions {
  ttlMs: number;
  maxCodes: number;
  maxTenants?: number;
  now?: () => number;
}

interface SectionStats {
  size: number;
  hits: number;
  /** Loads from the database (misses that did not join a load already in flight). */
  loads: number;
  /** Misses answered by a load already in flight for the same key. */
  coalesced: number;
  /** Lookups sent straight to the database while the cache was disabled. */
  bypassed: number;
}

export interface TenantCacheStats {
  enabled: boolean;
  tenants: SectionStats;
  codes: SectionStats;
  invalidations: number;
  clears: number;
}

/**
 * The gateway's in-process cache of what authentication and code lookups read: per alias the tenant and
 * its active key hashes, per tenant the code lookups. It starts disabled (every lookup goes to the
 * database) and is enabled by the invalidation listener once it is LISTENing, so nothing is kept while a
 * change could go unnoticed. Function-valued members can be passed around unbound.
 */
export interface TenantCache {
  findTenant: (alias: string) => Promise<TenantWithKeys | undefined>;
  /** The program settings of an authenticated tenant; undefined if it no longer exists. */
  programSettings: (
    tenant: { id: string; alias: string },
    programId?: string,
  ) => Promise<ProgramSettings | undefined>;
  /**
   * A program of an alias (no credentials: share links, browser settings, CORS), the default one without
   * `programId`; undefined if either is unknown.
   */
  findProgram: (alias: string, programId?: string) => Promise<TenantProgram | undefined>;
  /** Case-insensitive; `code` must already have the shape of a code (callers check before). */
  findCodeOwner: (tenantId: string, code: string) => Promise<CodeOwnerSummary | undefined>;
  invalidate(tenantId: string, scope?: InvalidationScope): void;
  invalidateAll(): void;
  /** Disabling drops everything and bypasses the cache; enabling drops everything and starts caching. */
  setEnabled(enabled: boolean): void;
  stats(): TenantCacheStats;
}

const DEFAULT_MAX_TENANTS = 10_000;
/** Past this many tenants with recorded invalidations, dropping everything is cheaper than tracking. */
const MAX_MARKED_TENANTS = 100_000;

/** Sequence numbers of a tenant's last invalidation per scope. */
interface Marks {
  tenant: number;
  codes: number;
  newCode: number;
}

interface Stored<V> {
  /** undefined is a cached "not found" (an unknown alias or code). */
  value: V;
  /** The sequence number when its load started: it is stale if anything it depends on changed since. */
  loadedAt: number;
  tenantId?: string;
}

interface Flight<V> {
  startedAt: number;
  tenantId?: string;
  promise: Promise<V>;
}

interface Section<V> {
  lru: LruCache<string, Stored<V>>;
  flights: Map<string, Flight<V>>;
  stats: Omit<SectionStats, 'size'>;
  isFresh(stored: Stored<V>): boolean;
  canJoin(flight: Flight<V>): boolean;
}

/**
 * Staleness without scanning: every invalidation takes the next sequence number and records it for
 * its tenant and scope; an entry or an in-flight load is usable only if nothing it depends on was
 * invalidated after its load started. That also keeps a load that raced a change from storing its
 * (possibly old) result, and keeps later callers from joining it.
 */
export function createTenantCache(loaders: TenantCacheLoaders, options: TenantCacheOptions): TenantCache {
  let enabled = false;
  let seq = 0;
  let clearedAt = 0;
  let anyTenantChangedAt = 0;
  let invalidations = 0;
  let clears = 0;
  const marks = new Map<string, Marks>();
  const marksOf = (tenantId: string): Marks => marks.get(tenantId) ?? { tenant: 0, codes: 0, newCode: 0 };
  const lru = <V>(maxEntries: number) =>
    createLruCache<string, Stored<V>>({ maxEntries, ttlMs: options.ttlMs, now: options.now });
  const newStats = () => ({ hits: 0, loads: 0, coalesced: 0, bypassed: 0 });

  const tenants: Section<TenantWithKeys | undefined> = {
    lru: lru(options.maxTenants ?? DEFAULT_MAX_TENANTS),
    flights: new Map(),
    stats: newStats(),
    isFresh: ({ value, loadedAt }) =>
      clearedAt <= loadedAt &&
      (value ? marksOf(value.id).tenant <= loadedAt : anyTenantChangedAt <= loadedAt),
    // Before it returns, a load by alias could be for any tenant.
    canJoin: ({ startedAt }) => clearedAt <= startedAt && anyTenantChangedAt <= startedAt,
  };

  const codeMarksBefore = (tenantId: string, at: number, negative: boolean) => {
    const m = marksOf(tenantId);
    return clearedAt <= at && m.tenant <= at && m.codes <= at && (!negative || m.newCode <= at);
  };
  const codes: Section<CodeOwnerSummary | undefined> = {
    lru: lru(options.maxCodes),
    flights: new Map(),
    stats: newStats(),
    isFresh: ({ value, loadedAt, tenantId }) => codeMarksBefore(tenantId!, loadedAt, value === undefined),
    canJoin: ({ startedAt, tenantId }) => codeMarksBefore(tenantId!, startedAt, true),
  };

  function cached<V>(section: Section<V>, key: string, tenantId: string | undefined, load: () => Promise<V>) {
    if (!enabled) {
      section.stats.bypassed += 1;
      return load();
    }
    const stored = section.lru.get(key);
    if (stored !== undefined) {
      if (section.isFresh(stored)) {
        section.stats.hits += 1;
        return Promise.resolve(stored.value);
      }
      section.lru.delete(key);
    }
    const inFlight = section.flights.get(key);
    if (inFlight !== undefined && section.canJoin(inFlight)) {
      section.stats.coalesced += 1;
      return inFlight.promise;
    }
    section.stats.loads += 1;
    const flight: Flight<V> = { startedAt: seq, tenantId, promise: undefined as unknown as Promise<V> };
    flight.promise = new Promise<V>((resolve) => resolve(load()))
      .then((value) => {
        const entry = { value, loadedAt: flight.startedAt, tenantId };
        if (enabled && section.isFresh(entry)) section.lru.set(key, entry);
        return value;
      })
      .finally(() => {
        if (section.flights.get(key) === flight) section.flights.delete(key);
      });
    section.flights.set(key, flight);
    return flight.promise;
  }

  const findTenant = (alias: string) => cached(tenants, alias, undefined, () => loaders.loadTenant(alias));

  // Parsed once per loaded row (the cached row object is shared by every request that hits it).
  const programs = new WeakMap<TenantWithKeys, Map<string, TenantProgram>>();
  const programOf = (row: TenantWithKeys, programId = DEFAULT_PROGRAM_ID): TenantProgram | undefined => {
    let parsed = programs.get(row);
    if (parsed === undefined) {
      parsed = tenantPrograms(row);
      programs.set(row, parsed);
    }
    return parsed.get(programId);
  };

  function invalidateAll() {
    clearedAt = ++seq;
    clears += 1;
    marks.clear();
    for (const section of [tenants, codes] as Section<unknown>[]) {
      section.lru.clear();
      section.flights.clear();
    }
  }

  return {
    findTenant,
    async programSettings(tenant, programId) {
      const row = await findTenant(tenant.alias);
      return row && row.id === tenant.id ? programOf(row, programId)?.settings : undefined;
    },
    async findProgram(alias, programId) {
      const row = await findTenant(alias);
      return row && programOf(row, programId);
    },
    findCodeOwner(tenantId, code) {
      const upper = code.toUpperCase();
      return cached(codes, `${tenantId}:${upper}`, tenantId, async () => {
        const found = await loaders.loadCodeOwner(tenantId, upper);
        return found && summary(found);
      });
    },
    invalidate(tenantId, scope = 'tenant') {
      invalidations += 1;
      if (marks.size >= MAX_MARKED_TENANTS) invalidateAll();
      const m = { ...marksOf(tenantId) };
      const at = ++seq;
      if (scope === 'tenant') {
        m.tenant = at;
        anyTenantChangedAt = at; // an alias nobody had may exist now
      } else if (scope === 'codes') {
        m.codes = at;
      } else {
        m.newCode = at;
      }
      marks.set(tenantId, m);
    },
    invalidateAll,
    setEnabled(value) {
      invalidateAll();
      enabled = value;
    },
    stats() {
      return {
        enabled,
        tenants: { size: tenants.lru.size, ...tenants.stats },
        codes: { size: codes.lru.size, ...codes.stats },
        invalidations,
        clears,
      };
    },
  };
}

/** Only what a lookup shows is kept, so a cached code costs a few hundred bytes. */
function summary(owner: CodeOwnerSummary): CodeOwnerSummary {
  return {
    code: owner.code,
    created_at: owner.created_at,
    first_name: owner.first_name,
    last_name: owner.last_name,
    program_id: owner.program_id,
  };
}

/** Every program of a tenant row by id: the default one, then the others with their own settings. */
function tenantPrograms(row: TenantWithKeys): Map<string, TenantProgram> {
  const base = programSettings(row);
  const map = new Map<string, TenantProgram>();
  const tenant = { id: row.id, alias: row.alias };
  map.set(DEFAULT_PROGRAM_ID, {
    ...tenant,
    name: row.name,
    settings: base,
    programId: DEFAULT_PROGRAM_ID,
    archived: false,
  });
  for (const program of row.programs ?? []) {
    map.set(program.id, {
      ...tenant,
      name: program.name,
      settings: settingsOfProgram(base, ownProgramSettings(program.settings)),
      programId: program.id,
      archived: program.archived_at !== null,
    });
  }
  return map;
}

/** The cache reading through the repos on the gateway's connection pool. */
export function createDbTenantCache(db: DbOrTrx, options: TenantCacheOptions): TenantCache {
  const tenantsRepo = createTenantsRepo(db);
  const codesRepo = createReferralCodesRepo(db);
  return createTenantCache(
    {
      loadTenant: (alias) => tenantsRepo.findWithActiveKeys(alias),
      loadCodeOwner: (tenantId, code) => codesRepo.findOwner(tenantId, code),
    },
    options,
  );
}

/**
 * The same reads with no cache at all, through `db`: inside a transaction, what a cache miss would read
 * on another pooled connection is read on the transaction's own. A transaction that waits for a lock while
 * its holder waits for a free connection would otherwise stall the pool (parallel hand actions on one
 * account right after the tenant's cache was dropped).
 */
export function uncachedTenantCache(db: DbOrTrx): TenantCache {
  // Never enabled: every lookup goes to the loaders, so nothing is kept.
  return createDbTenantCache(db, { ttlMs: 1, maxCodes: 1, maxTenants: 1 });
}
