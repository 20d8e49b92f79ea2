import type { ProcessorName } from './processor-connections.repo';
import type { DbOrTrx } from '../db/knex';
import { inTransaction, notifyTenantChanged } from '../db/notify';
import type { ProgramRow } from './programs.repo';
import type { ProgramSettingsColumns } from '../types/program';

/** The tenant row: its identity, its program settings' columns (shared/types/program.ts) and its limits. */
export interface TenantRow extends ProgramSettingsColumns {
  id: string;
  alias: string;
  mode: 'live' | 'test';
  name: string;
  /** Per-tenant overrides of RATE_LIMIT_RPS / RATE_LIMIT_BURST (null: the gateway's defaults). */
  rate_limit_rps: number | null;
  rate_limit_burst: number | null;
  /** User JWTs without `exp` are refused for this tenant. */
  require_user_jwt_exp: boolean;
  created_at: Date;
}

export type ProgramColumns = Pick<
  TenantRow,
  | 'name'
  | 'landing_url'
  | 'referred_discount_percent'
  | 'referrer_reward'
  | 'max_referrer_discount_percent'
  | 'discount_id'
  | 'conversion_event_key'
  | 'payment_event_key'
  | 'require_user_jwt_exp'
  | 'allowed_origins'
  | 'referral_cookie_days'
  | 'referral_cookie_last_click_wins'
  | 'website_url'
  | 'widget_headline'
  | 'widget_subheadline'
  | 'max_attributions_per_referrer_per_hour'
  | 'fraud_policy'
  | 'reward_hold_days'
  | 'credit_expiry_days'
  // Hosted pages.
  | 'signup_url'
  | 'share_link_url'
  | 'share_param'
  | 'custom_host'
  | 'brand_color'
  | 'landing_headline'
  | 'landing_text'
  | 'landing_button_text'
  | 'logo_hash'
  // Share texts.
  | 'share_message'
  | 'share_email_subject'
  // Several programs (migration 032).
  | 'leaderboard_enabled'
>;

/** An active API key as authentication sees it: the hash to match and who it is, never the key. */
export interface ActiveApiKey {
  id: string;
  prefix: string;
  hash: Buffer;
  /** What the key may do beyond the data and program API (shared/domain/tenants/api-key-scopes.ts). */
  scopes: string[];
}

export interface TenantWithKeys extends TenantRow {
  /** The tenant's payment processor, null when it has none (what answers for Stripe tenants depend on). */
  processor: ProcessorName | null;
  /** The tenant's programs other than the default (migration 032), oldest first. */
  programs: ProgramRow[];
  keyHashes: Buffer[];
  /** The same keys as keyHashes, in the same order, with their ids and prefixes (audit, scopes). */
  keys: ActiveApiKey[];
}

/** An API key as listed (its hash stays in the table). */
export interface ApiKeyRow {
  id: string;
  key_prefix: string;
  scopes: string[];
  /** `cli`, `operator:<e-mail>` or `apiKey:<prefix>` (migration 021); null for keys made before. */
  created_by: string | null;
  created_at: Date;
  revoked_at: Date | null;
}

const API_KEY_COLUMNS = ['id', 'key_prefix', 'scopes', 'created_by', 'created_at', 'revoked_at'];

export function createTenantsRepo(db: DbOrTrx) {
  return {
    async findByAlias(alias: string, trx: DbOrTrx = db): Promise<TenantRow | undefined> {
      return trx<TenantRow>('tenants').where({ alias }).first();
    },

    async findById(id: string, trx: DbOrTrx = db): Promise<TenantRow | undefined> {
      return trx<TenantRow>('tenants').where({ id }).first();
    },

    /** Aliases are matched exactly, but two may not differ only by case (unique index on lower(alias)). */
    async findByAliasIgnoringCase(alias: string, trx: DbOrTrx = db): Promise<TenantRow | undefined> {
      return trx<TenantRow>('tenants').whereRaw('lower(alias) = lower(?)', [alias]).first();
    },

    /** The tenant row locked for the rest of the transaction (key rotation). */
    async lockByAlias(alias: string, trx: DbOrTrx = db): Promise<TenantRow | undefined> {
      return trx<TenantRow>('tenants').where({ alias }).forUpdate().first();
    },

    /** One round trip for authentication: the tenant and the hashes of its active keys. */
    async findWithActiveKeys(alias: string, trx: DbOrTrx = db): Promise<TenantWithKeys | undefined> {
      const rows = await trx('tenants as t')
        .leftJoin('api_keys as k', function joinActive() {
          this.on('k.tenant_id', 't.id').andOnNull('k.revoked_at');
        })
        .where('t.alias', alias)
        .select('t.*', 'k.key_hash', { key_id: 'k.id' }, 'k.key_prefix', { key_scopes: 'k.scopes' })
        // The programs ride along as JSON: still one round trip, and none for a tenant without any.
        .select(
          trx.raw(
            `(select coalesce(json_agg(p order by p.created_at, p.id), '[]'::json)
                from programs p where p.tenant_id = t.id) as programs_json`,
          ),
          trx.raw(
            '(select pc.processor from processor_connections pc where pc.tenant_id = t.id) as processor',
          ),
        );
      if (rows.length === 0) return undefined;
      type Joined = TenantRow & {
        processor: ProcessorName | null;
        key_hash: Buffer | null;
        key_id: string | null;
        key_prefix: string | null;
        key_scopes: string[] | null;
        programs_json: (Omit<ProgramRow, 'created_at' | 'archived_at'> & {
          created_at: string;
          archived_at: string | null;
        })[];
      };
      const {
        key_hash: _h,
        key_id: _i,
        key_prefix: _p,
        key_scopes: _s,
        programs_json: programsJson,
        ...tenant
      } = rows[0] as Joined;
      const programs = programsJson.map((p) => ({
        ...p,
        created_at: new Date(p.created_at),
        archived_at: p.archived_at === null ? null : new Date(p.archived_at),
      }));
      const keys = (rows as Joined[])
        .filter((r) => r.key_hash !== null && r.key_id !== null)
        .map((r) => ({
          id: r.key_id!,
          prefix: r.key_prefix ?? '',
          hash: r.key_hash!,
          scopes: r.key_scopes ?? [],
        }));
      return { ...tenant, programs, keyHashes: keys.map((k) => k.hash), keys };
    },

    /** Gateways drop their cached copy when this commits (program settings feed GET /code). */
    async update(id: string, changes: Partial<ProgramColumns>, trx: DbOrTrx = db) {
      const values = { ...changes } as Record<string, unknown>;
      if (changes.referrer_reward !== undefined)
        values.referrer_reward = JSON.stringify(changes.referrer_reward);
      if (changes.fraud_policy !== undefined) values.fraud_policy = JSON.stringify(changes.fraud_policy);
      return inTransaction(trx, async (t) => {
        const [row] = await t<TenantRow>('tenants').where({ id }).update(values).returning('*');
        if (row) await notifyTenantChanged(t, id);
        return row;
      });
    },

    /** The rate-limit override (null: the gateways' defaults); gateways reload the row when this commits. */
    async setRateLimit(id: string, limit: { rps: number; burst: number } | null, trx: DbOrTrx = db) {
      return inTransaction(trx, async (t) => {
        const [row] = await t<TenantRow>('tenants')
          .where({ id })
          .update({ rate_limit_rps: limit?.rps ?? null, rate_limit_burst: limit?.burst ?? null })
          .returning('*');
        if (row) await notifyTenantChanged(t, id);
        return row;
      });
    },

    async insert(tenant: { alias: string; mode: 'live' | 'test'; name: string }, trx: DbOrTrx = db) {
      const [row] = await trx<TenantRow>('tenants').insert(tenant).returning('*');
      return row!;
    },

    /**
     * Key changes notify gateways in the same transaction, so a revoked key stops working everywhere
     * when the revocation commits (the first key of a new tenant also ends cached "unknown alias" answers).
     */
    async insertKey(
      key: {
        tenantId: string;
        keyHash: Buffer;
        keyPrefix: string;
        scopes: readonly string[];
        createdBy: string;
      },
      trx: DbOrTrx = db,
    ) {
      return inTransaction(trx, async (t) => {
        const [row] = await t('api_keys')
          .insert({
            tenant_id: key.tenantId,
            key_hash: key.keyHash,
            key_prefix: key.keyPrefix,
            scopes: [...key.scopes],
            created_by: key.createdBy,
          })
          .returning(API_KEY_COLUMNS);
        await notifyTenantChanged(t, key.tenantId);
        return row as ApiKeyRow;
      });
    },

    /** The alias of the tenant an active key belongs to, by the key's hash (unique), or null. */
    async aliasForActiveKeyHash(keyHash: Buffer, trx: DbOrTrx = db): Promise<string | null> {
      const row = await trx('api_keys as k')
        .join('tenants as t', 't.id', 'k.tenant_id')
        .where('k.key_hash', keyHash)
        .whereNull('k.revoked_at')
        .first<{ alias: string } | undefined>('t.alias');
      return row?.alias ?? null;
    },

    /** The tenant's active keys (never their hashes), newest first. */
    async listActiveKeys(tenantId: string, trx: DbOrTrx = db): Promise<ApiKeyRow[]> {
      return trx('api_keys')
        .where({ tenant_id: tenantId })
        .whereNull('revoked_at')
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .select(API_KEY_COLUMNS);
    },

    /**
     * Revokes one of the tenant's keys (gateways drop it when this commits). Undefined when the tenant
     * has no such key; a key already revoked is returned as it is.
     */
    async revokeKey(tenantId: string, keyId: string, trx: DbOrTrx = db): Promise<ApiKeyRow | undefined> {
      return inTransaction(trx, async (t) => {
        const [revoked] = await t('api_keys')
          .where({ tenant_id: tenantId, id: keyId })
          .whereNull('revoked_at')
          .update({ revoked_at: t.fn.now() })
          .returning(API_KEY_COLUMNS);
        if (revoked) {
          await notifyTenantChanged(t, tenantId);
          return revoked as ApiKeyRow;
        }
        return t('api_keys').where({ tenant_id: tenantId, id: keyId }).first(API_KEY_COLUMNS);
      });
    },

    /** The tenant's active keys, counted under the tenant row's lock (the cap on keys per tenant). */
    async countActiveKeysLocked(tenantId: string, trx: DbOrTrx = db): Promise<number> {
      await trx('tenants').where({ id: tenantId }).forUpdate().first('id');
      const row = await trx('api_keys')
        .where({ tenant_id: tenantId })
        .whereNull('revoked_at')
        .count<{ count: string }[]>('* as count')
        .first();
      return Number(row?.count ?? 0);
    },

    async revokeKeysExcept(tenantId: string, keepKeyId: string, trx: DbOrTrx = db): Promise<number> {
      return inTransaction(trx, async (t) => {
        const revoked = await t('api_keys')
          .where({ tenant_id: tenantId })
          .whereNull('revoked_at')
          .whereNot({ id: keepKeyId })
          .update({ revoked_at: t.fn.now() });
        if (revoked > 0) await notifyTenantChanged(t, tenantId);
        return revoked;
      });
    },
  };
}

export type TenantsRepo = ReturnType<typeof createTenantsRepo>;
