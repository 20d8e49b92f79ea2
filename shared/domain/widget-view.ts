import type { TenantCache, TenantProgram } from '../cache/tenant-cache';
import type { Db } from '../db/knex';
import { AppError } from '../errors';
import { createReferrerSummaryRepo, type ReferrerSummary } from '../repos/referrer-summary.repo';
import { friendName, shownFirstName } from './display-names';
import { referrerDiscountPercent } from './referral-rules';
import { shareLink } from './user-view';

/** The widget lists a referrer's most recent referrals, at most this many. */
export const WIDGET_REFERRALS_LIMIT = 100;

export interface WidgetInput extends ReferrerSummary {
  program: TenantProgram;
  shareLink: string | null;
}

/**
 * GET /open/account/{a}/user/{u}/widget: everything the referrer widget shows, in one answer. Friends
 * appear by first name or initial only (display-names.ts), never by e-mail address. Rewards are the
 * user's own: the percent discount held now (converted, not ended referrals, capped by the program) and
 * the credit still available per unit.
 */
export function presentWidget({ program, user, shareLink: link, friends, earned }: WidgetInput) {
  const { settings } = program;
  const reward = settings.referrerReward;
  const percents = earned
    .filter((r) => r.type === 'PCT_DISCOUNT' && r.status === 'AVAILABLE')
    .map((r) => r.discount_percent ?? 0);
  const credit = new Map<string, number>();
  for (const r of earned) {
    if (r.type !== 'CREDIT' || r.unit === null || r.status !== 'AVAILABLE') continue;
    const available = Number(r.amount_cents ?? 0) - Number(r.redeemed_cents);
    credit.set(r.unit, (credit.get(r.unit) ?? 0) + available);
  }
  return {
    user: {
      id: user.id,
      accountId: user.account_id,
      firstName: shownFirstName(user.first_name),
      shareCode: user.share_code,
      shareLink: link,
    },
    program: {
      name: program.name,
      referredDiscountPercent: settings.referredDiscountPercent,
      referrerReward: {
        type: reward.type,
        discountPercent: reward.type === 'PCT_DISCOUNT' ? reward.discountPercent : null,
        amountCents: reward.type === 'CREDIT' ? reward.amountCents : null,
        unit: reward.type === 'CREDIT' ? reward.unit : null,
      },
      headline: settings.widgetHeadline,
      subheadline: settings.widgetSubheadline,
    },
    referrals: friends.map((f) => ({
      name: friendName(f.first_name, f.last_name),
      status: f.status,
      dateReferred: f.date_started.getTime(),
      dateConverted: f.date_paid?.getTime() ?? null,
    })),
    rewards: {
      discountPercent: referrerDiscountPercent(percents, settings.maxReferrerDiscountPercent),
      balances: [...credit]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([unit, amountCents]) => ({ unit, amountCents })),
    },
  };
}

export type WidgetView = ReturnType<typeof presentWidget>;

/** The widget's data for one user (one statement); USER_NOT_FOUND for an unknown user. */
export async function getWidgetView(
  db: Db,
  /** The gateway cache: no query for the program on a warm request. */
  programs: Pick<TenantCache, 'findProgram'>,
  tenant: { id: string; alias: string },
  ids: { accountId: string; userId: string },
  publicUrl: string,
): Promise<WidgetView> {
  const [program, summary] = await Promise.all([
    programs.findProgram(tenant.alias),
    createReferrerSummaryRepo(db).find(tenant.id, ids, WIDGET_REFERRALS_LIMIT),
  ]);
  if (!program || program.id !== tenant.id) throw new AppError('NOT_FOUND', 'Program not found');
  if (!summary) throw new AppError('USER_NOT_FOUND', 'No such user in this account');
  const link = shareLink(publicUrl, tenant.alias, summary.user.share_code, program.settings);
  return presentWidget({ program, shareLink: link, ...summary });
}
