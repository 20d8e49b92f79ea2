import { z } from 'zod';
import type { Db } from '../../db/knex';
import { idSchema, withIdRule } from '../../validation';
import { referralWorkflowId, temporalWorkflowUrl, type TemporalUi } from '../../ids';
import { createReferralSearchRepo, type ReferralListFilter } from '../../repos/referral-search.repo';
import type { ReferralRow } from '../../repos/referrals.repo';
import { createRewardsRepo, type RewardRow } from '../../repos/rewards.repo';
import { REFERRAL_STATUSES } from '../../types/referrals';
import { presentReferral } from '../accounts/account-view';
import { dayStart, daySchema, rangeBounds } from '../common/calendar-days';
import { cursorSchema, encodeCursor, pageSizeSchema } from '../common/page-cursor';
import { presentPerson, type PersonView } from '../accounts/people';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Search-box text: trimmed, at most `max` characters, no control characters; blank means none. */
export function searchTextSchema(max: number) {
  return withIdRule(z.string().trim().max(max))
    .nullish()
    .transform((s) => (s ? s : undefined));
}

export const referralFilterSchema = z
  .object({
    status: z.enum(REFERRAL_STATUSES).nullish(),
    from: daySchema.nullish(),
    to: daySchema.nullish(),
    code: searchTextSchema(64),
    search: searchTextSchema(255),
    /** partial name, e-mail, id or code, any case and accents; ranked. */
    query: searchTextSchema(255),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && dayStart(f.from)! > dayStart(f.to)!) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
    }
  });

/** GraphQL `referrals(filter, first, after)`. */
export const referralListArgsSchema = z.object({
  filter: referralFilterSchema.nullish(),
  /** Set by referralsForReview (its `query`), not a client's argument here. */
  query: z.string().optional(),
  first: pageSizeSchema,
  after: cursorSchema({ uuidIds: true }).nullish(),
  /** Set by referralsForReview, not a client's argument. */
  review: z.literal('PENDING').optional(),
});

/** GraphQL `referralsForReview`: the referrals awaiting an operator's decision, newest first. */
export const reviewQueueArgsSchema = z.strictObject({
  /** the ranked search of the referral list. */
  query: searchTextSchema(255),
  first: pageSizeSchema,
  after: cursorSchema({ uuidIds: true }).nullish(),
});

/** GraphQL `referral(id)`. */
export const referralIdArgsSchema = z.object({ id: idSchema(255) });

export type ReferralView = ReturnType<typeof presentReferral>;

/** A referral in a list, with the people next to its ids. */
export type ListedReferralView = ReferralView & { referrer: PersonView; friend: PersonView };

export interface ReferralPage {
  items: ListedReferralView[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** A page of the tenant's referrals, newest first: filters and search combine (all must hold). */
export async function searchReferrals(
  db: Db,
  tenantId: string,
  args: z.output<typeof referralListArgsSchema>,
): Promise<ReferralPage> {
  const f: Partial<z.output<typeof referralFilterSchema>> = args.filter ?? {};
  const filter: ReferralListFilter = {
    status: f.status ?? undefined,
    start: f.from ? rangeBounds(f.from, f.from).start : undefined,
    end: f.to ? rangeBounds(f.to, f.to).end : undefined,
    code: f.code,
    search: f.search,
    review: args.review,
    query: f.query ?? args.query,
  };
  const rows = await createReferralSearchRepo(db).page(
    tenantId,
    filter,
    args.first + 1,
    args.after ?? undefined,
  );
  const page = rows.slice(0, args.first);
  const rewards = await createRewardsRepo(db).listByReferrals(
    tenantId,
    page.map((r) => r.id),
  );
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      ...presentReferral(r, rewards),
      referrer: presentPerson(r.referrer_account_id, r.referrer_person),
      friend: presentPerson(r.referred_account_id, r.friend_person),
    })),
    endCursor: last
      ? encodeCursor({ micros: last.cursor_micros, id: last.id, rank: last.search_rank ?? undefined })
      : null,
    hasNextPage: rows.length > args.first,
  };
}

export const TIMELINE_KINDS = [
  'ATTRIBUTED',
  'REVIEWED',
  'CONVERTED',
  'REWARD_GIVEN',
  'REWARD_REDEEMED',
  'ENDED',
  'REWARD_CANCELLED',
  'REWARD_EXPIRED',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export interface TimelineEntry {
  at: number;
  kind: TimelineKind;
  description: string;
}

const SOURCE = {
  CODE: 'the code',
  COOKIE: 'the referral cookie for code',
  PROCESSOR: 'a processor discount for code',
};
const SIDE = {
  FRIEND_SIGNUP: 'Referrer reward',
  REFERRED: 'Referred reward',
  ADJUSTMENT: 'Credit adjustment',
};

/** A reward given under the program's hold: until when. */
function rewardWait(reward: RewardRow): string {
  return reward.hold_until ? `, held until ${reward.hold_until.toISOString()}` : '';
}

function rewardWhat(reward: RewardRow): string {
  if (reward.type === 'PCT_DISCOUNT') return `${reward.discount_percent ?? 0}% discount`;
  return `${(Number(reward.amount_cents ?? 0) / 100).toFixed(2)} ${reward.unit ?? ''} credit`.trim();
}

/**
 * What happened to a referral, oldest first: attribution, conversion, end, and each reward given,
 * redeemed or cancelled. Events of one millisecond keep the order in which they happen.
 */
export function referralTimeline(row: ReferralRow, rewards: readonly RewardRow[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    {
      at: row.date_started.getTime(),
      kind: 'ATTRIBUTED',
      description: `Account ${row.referred_account_id} referred by user ${row.referrer_user_id} of account ${row.referrer_account_id} with ${SOURCE[row.attribution_source]} ${row.referral_code_used}`,
    },
  ];
  if (row.date_paid) {
    entries.push({
      at: row.date_paid.getTime(),
      kind: 'CONVERTED',
      description: `Converted: account ${row.referred_account_id} paid`,
    });
  }
  if (row.date_ended) {
    entries.push({ at: row.date_ended.getTime(), kind: 'ENDED', description: 'Ended: no further rewards' });
  }
  if (row.reviewed_at && row.review_status !== 'PENDING') {
    const verb = row.review_status === 'APPROVED' ? 'Approved' : 'Denied';
    entries.push({
      at: row.reviewed_at.getTime(),
      kind: 'REVIEWED',
      description: `${verb} by ${row.reviewed_by ?? 'unknown'}: ${row.review_reason ?? ''}`.trim(),
    });
  }
  for (const reward of rewards.filter((r) => r.referral_id === row.id)) {
    const side = SIDE[reward.reward_source];
    entries.push({
      at: reward.date_given.getTime(),
      kind: 'REWARD_GIVEN',
      description: `${side} given to account ${reward.account_id}: ${rewardWhat(reward)}${rewardWait(reward)}`,
    });
    if (reward.date_redeemed) {
      entries.push({
        at: reward.date_redeemed.getTime(),
        kind: 'REWARD_REDEEMED',
        description: `${side} redeemed: ${rewardWhat(reward)}`,
      });
    }
    if (reward.date_cancelled) {
      entries.push({
        at: reward.date_cancelled.getTime(),
        kind: 'REWARD_CANCELLED',
        description: `${side} cancelled: ${rewardWhat(reward)}`,
      });
    }
    if (reward.date_expired) {
      const left = Number(reward.amount_cents ?? 0) - Number(reward.redeemed_cents);
      entries.push({
        at: reward.date_expired.getTime(),
        kind: 'REWARD_EXPIRED',
        description: `${side} expired: ${(left / 100).toFixed(2)} ${reward.unit ?? ''} unredeemed`.trim(),
      });
    }
  }
  const rank = (kind: TimelineKind) => TIMELINE_KINDS.indexOf(kind);
  return entries.sort((a, b) => a.at - b.at || rank(a.kind) - rank(b.kind));
}

export interface ReferralDetail {
  referral: ReferralView;
  timeline: TimelineEntry[];
  workflowId: string;
  workflowUrl: string;
}

/**
 * One referral of the tenant with its timeline and its lifecycle workflow (the ID shared/temporal
 * starts it under, and its page in the Temporal UI); null for an id that is not one of the tenant's.
 */
export async function getReferralDetail(
  db: Db,
  tenant: { id: string; alias: string },
  id: string,
  temporalUi: TemporalUi,
): Promise<ReferralDetail | null> {
  if (!UUID.test(id)) return null;
  const row = await createReferralSearchRepo(db).find(tenant.id, id);
  if (!row) return null;
  const rewards = await createRewardsRepo(db).listByReferrals(tenant.id, [row.id]);
  const workflowId = referralWorkflowId(tenant.alias, row.referred_account_id);
  return {
    referral: presentReferral(row, rewards),
    timeline: referralTimeline(row, rewards),
    workflowId,
    workflowUrl: temporalWorkflowUrl(temporalUi, workflowId),
  };
}
