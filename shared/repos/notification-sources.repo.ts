import type { DbOrTrx } from '../db/knex';

/** A person a notification may go to. */
export interface MailPersonRow {
  account_id: string;
  id: string;
  email: string | null;
  first_name: string | null;
  locale: string | null;
  share_code: string | null;
}

export interface OutboxRow {
  event_id: string;
  tenant_id: string;
  tenant_alias: string;
  type: string;
  payload: Record<string, unknown>;
}

export interface DigestCounts {
  awaitingReview: number;
  failedWebhooks: number;
  failedPayouts: number;
}

const PERSON = ['account_id', 'id', 'email', 'first_name', 'locale', 'share_code'] as const;
const DAY = "interval '1 day'";

/**
 * What notifications read beyond their own tables (migration 038): the outbox the trigger fills, the
 * people, rewards and referrals a message names, and the periodic scans' rows. Tenant-scoped.
 */
export function createNotificationSourcesRepo(db: DbOrTrx) {
  return {
    /**
     * Events this transaction writes from now on cause no mail: the outbox trigger skips them while the
     * transaction-local setting `referral.notifications_quiet` is on (an import's chunk sets it).
     */
    async quietForTransaction(trx: DbOrTrx): Promise<void> {
      await trx.raw("select set_config('referral.notifications_quiet', 'on', true)");
    },

    /** The oldest outbox rows with their events, locked for this transaction (others skip them). */
    async claimOutbox(limit: number, trx: DbOrTrx): Promise<OutboxRow[]> {
      const { rows } = await trx.raw<{ rows: OutboxRow[] }>(
        `select o.event_id, o.tenant_id, t.alias as tenant_alias, o.type, e.payload
           from notification_outbox o
           join tenants t on t.id = o.tenant_id
           left join webhook_events e on e.id = o.event_id
          order by o.event_id
          limit ?
          for update of o skip locked`,
        [limit],
      );
      return rows.map((r) => ({ ...r, payload: r.payload ?? {} }));
    },

    async deleteOutbox(eventIds: string[], trx: DbOrTrx): Promise<void> {
      if (eventIds.length > 0) await trx('notification_outbox').whereIn('event_id', eventIds).delete();
    },

    async user(
      tenantId: string,
      accountId: string,
      userId: string,
      trx: DbOrTrx = db,
    ): Promise<MailPersonRow | undefined> {
      const row: MailPersonRow | undefined = await trx('users')
        .where({ tenant_id: tenantId, account_id: accountId, id: userId })
        .first(...PERSON);
      return row;
    },

    /** An account's first user with an e-mail address (the friend of a referral names only the account). */
    async firstUser(
      tenantId: string,
      accountId: string,
      trx: DbOrTrx = db,
    ): Promise<MailPersonRow | undefined> {
      const row: MailPersonRow | undefined = await trx('users')
        .where({ tenant_id: tenantId, account_id: accountId })
        .whereNotNull('email')
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .first(...PERSON);
      return row;
    },

    async doNotTrack(
      tenantId: string,
      accountId: string,
      userId: string,
      trx: DbOrTrx = db,
    ): Promise<boolean> {
      const row = await trx('do_not_track')
        .where({ tenant_id: tenantId, account_id: accountId, user_id: userId })
        .first('user_id');
      return row !== undefined;
    },

    async reward(tenantId: string, rewardId: string, trx: DbOrTrx = db) {
      return trx('rewards as r')
        .leftJoin('referrals as f', function () {
          this.on('f.tenant_id', 'r.tenant_id').andOn('f.id', 'r.referral_id');
        })
        .where({ 'r.tenant_id': tenantId, 'r.id': rewardId })
        .first<
          | {
              account_id: string;
              user_id: string | null;
              type: string;
              discount_percent: number | null;
              amount_cents: string | null;
              redeemed_cents: string;
              unit: string | null;
              reward_source: string;
              hold_until: Date | null;
              expires_at: Date | null;
              date_given: Date;
              referred_account_id: string | null;
              program_id: string | null;
            }
          | undefined
        >(
          'r.account_id',
          'r.user_id',
          'r.type',
          'r.discount_percent',
          'r.amount_cents',
          'r.redeemed_cents',
          'r.unit',
          'r.reward_source',
          'r.hold_until',
          'r.expires_at',
          'r.date_given',
          'f.referred_account_id',
          'f.program_id',
        );
    },

    async referral(tenantId: string, referralId: string, trx: DbOrTrx = db) {
      return trx('referrals').where({ tenant_id: tenantId, id: referralId }).first<
        | {
            referrer_account_id: string;
            referrer_user_id: string;
            referred_account_id: string;
            program_id: string | null;
          }
        | undefined
      >('referrer_account_id', 'referrer_user_id', 'referred_account_id', 'program_id');
    },

    /** Available referrer credit expiring within `withinMs` that has no reminder yet. */
    async creditExpiring(withinMs: number, limit: number, trx: DbOrTrx = db) {
      const { rows } = await trx.raw<{
        rows: { reward_id: string; tenant_id: string; tenant_alias: string }[];
      }>(
        `select r.id as reward_id, r.tenant_id, t.alias as tenant_alias
           from rewards r
           join tenants t on t.id = r.tenant_id
          where r.type = 'CREDIT' and r.status = 'AVAILABLE' and r.reward_source <> 'REFERRED'
            and r.expires_at > clock_timestamp()
            and r.expires_at <= clock_timestamp() + (? * interval '1 millisecond')
            and not exists (select 1 from notification_deliveries d
                             where d.tenant_id = r.tenant_id and d.key = 'credit-expiring/' || r.id)
          limit ?`,
        [withinMs, limit],
      );
      return rows;
    },

    /** Operators who want the digest and have none for `day` (YYYY-MM-DD) yet. */
    async digestOperators(day: string, limit: number, trx: DbOrTrx = db) {
      const { rows } = await trx.raw<{
        rows: { operator_id: string; tenant_id: string; tenant_alias: string }[];
      }>(
        `select o.id as operator_id, o.tenant_id, t.alias as tenant_alias
           from operators o
           join tenants t on t.id = o.tenant_id
          where o.digest_enabled
            and not exists (select 1 from notification_deliveries d
                             where d.tenant_id = o.tenant_id and d.key = 'digest/' || o.id || '/' || ?)
          limit ?`,
        [day, limit],
      );
      return rows;
    },

    async operator(tenantId: string, operatorId: string, trx: DbOrTrx = db) {
      return trx('operators')
        .where({ tenant_id: tenantId, id: operatorId })
        .first<{ email: string; digest_enabled: boolean } | undefined>('email', 'digest_enabled');
    },

    /** What a tenant's digest tells: the last day's referrals awaiting review, failed webhooks, failed payouts. */
    async digestCounts(tenantId: string, trx: DbOrTrx = db): Promise<DigestCounts> {
      const { rows } = await trx.raw<{ rows: Record<keyof DigestCounts, string>[] }>(
        `select
           (select count(*) from referrals where tenant_id = :t and review_status = 'PENDING'
              and date_started > clock_timestamp() - ${DAY}) as "awaitingReview",
           (select count(distinct event_id) from webhook_deliveries where tenant_id = :t
              and outcome in ('FAILED', 'ABANDONED') and started_at > clock_timestamp() - ${DAY}) as "failedWebhooks",
           (select count(*) from payouts where tenant_id = :t and status = 'FAILED'
              and coalesce(settled_at, created_at) > clock_timestamp() - ${DAY}) as "failedPayouts"`,
        { t: tenantId },
      );
      const row = rows[0]!;
      return {
        awaitingReview: Number(row.awaitingReview),
        failedWebhooks: Number(row.failedWebhooks),
        failedPayouts: Number(row.failedPayouts),
      };
    },

    /** Takes the scan `name` if it last ran `everyMs` ago or more (or never): true for the one caller that did. */
    async takeScan(name: string, everyMs: number, trx: DbOrTrx = db): Promise<boolean> {
      const { rows } = await trx.raw<{ rows: unknown[] }>(
        `insert into notification_scans (name, last_at) values (?, clock_timestamp())
         on conflict (name) do update set last_at = excluded.last_at
           where notification_scans.last_at <= clock_timestamp() - (? * interval '1 millisecond')
         returning name`,
        [name, everyMs],
      );
      return rows.length > 0;
    },
  };
}
