import { z } from 'zod';
import type { TenantCache, TenantProgram } from '../../cache/tenant-cache';
import type { Db } from '../../db/knex';
import type { FriendState } from '../../contract/enums';
import { AppError } from '../../errors';
import { programLeaderboard, type Leaderboard } from '../programs/leaderboard';
import { loadReferrerProgress, type ReferrerProgress } from '../programs/referrer-progress';
import { createReferralCodesRepo } from '../../repos/referral-codes.repo';
import { DEFAULT_PROGRAM_ID } from '../../types/program';
import {
  createReferrerSummaryRepo,
  type FriendsCursor,
  type ReferredFriend,
  type ReferrerSummary,
} from '../../repos/referrer-summary.repo';
import type { RewardStatus } from '../../types/referrals';
import { friendName, shownFirstName } from './display-names';
import { referrerDiscountPercent } from './referral-rules';
import { shareQr } from './share-qr';
import { renderShareTexts } from './share-texts';
import { shareLink } from '../accounts/user-view';
import { explainReferrerRewards, type ReferrerExplanation } from '../programs/referrer-explanations';

/** The widget lists a referrer's friends a page at a time: this many unless the call asks (at most MAX). */
export const WIDGET_PAGE_SIZE = 10;
export const WIDGET_PAGE_SIZE_MAX = 50;

/** A friend as the referrer sees them: signed up, subscribed, under review or cancelled. */
export { FRIEND_STATES, type FriendState } from '../../contract/enums';

const CURSOR_TEXT = /^(\d{1,19})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The opaque cursor after `friend`: base64url of "<start in µs>.<referral id>". */
export function friendsCursor(friend: Pick<ReferredFriend, 'started_us' | 'id'>): string {
  return Buffer.from(`${friend.started_us}.${friend.id}`).toString('base64url');
}

/** The cursor query parameter, decoded; anything else is refused naming the field. */
export const friendsCursorSchema = z.string().transform((text, ctx): FriendsCursor => {
  const match = /^[A-Za-z0-9_-]{1,100}$/.test(text)
    ? CURSOR_TEXT.exec(Buffer.from(text, 'base64url').toString('latin1'))
    : null;
  if (!match) {
    ctx.addIssue({ code: 'custom', message: 'must be a nextCursor from an earlier answer' });
    return z.NEVER;
  }
  return { startedUs: match[1]!, id: match[2]! };
});

export interface WidgetInput extends ReferrerSummary {
  program: TenantProgram;
  shareLink: string | null;
  limit: number;
  locale?: string;
  /** The referrer's rewards explained, by referral id (referrer-explanations.ts). */
  explained?: Map<string, ReferrerExplanation[]>;
}

function friendState(friend: ReferredFriend): FriendState {
  if (friend.review_status === 'PENDING' || friend.reward?.status === 'PENDING_REVIEW') return 'UNDER_REVIEW';
  if (friend.status === 'ENDED') return 'CANCELLED';
  return friend.status === 'CONVERTED' ? 'SUBSCRIBED' : 'SIGNED_UP';
}

function friendView(friend: ReferredFriend, explained: ReferrerExplanation[]) {
  const reward = friend.reward;
  return {
    name: friendName(friend.first_name, friend.last_name),
    status: friend.status,
    state: friendState(friend),
    reward:
      reward && reward.status !== 'CANCELLED'
        ? {
            type: reward.type,
            status: reward.status as RewardStatus,
            discountPercent: reward.discount_percent,
            amountCents: reward.amount_cents,
            unit: reward.unit,
          }
        : null,
    dateReferred: friend.date_started.getTime(),
    dateConverted: friend.date_paid?.getTime() ?? null,
    /** For each rule: the reward it gave the referrer, or why not (the same explanations as GraphQL's). */
    rewardsExplained: explained,
  };
}

/**
 * GET /open/account/{a}/user/{u}/widget: everything the referrer widget shows, in one answer. Friends
 * appear by first name or initial only (display-names.ts), never by e-mail address, a page at a time with
 * server-side counts. Rewards are the user's own: the percent discount held now (capped by the program)
 * and the credit still available per unit. The share texts are rendered here; a referred user also sees
 * the discount their referral gave them.
 */
/** The rendered texts and the link's QR code (share-qr.ts), or null without a share link. */
function shareOf(texts: ReturnType<typeof renderShareTexts>, link: string | null) {
  return texts && link ? { ...texts, qr: shareQr(link) } : null;
}

export function presentWidget(input: WidgetInput) {
  const { program, user, shareLink: link, friends, totals } = input;
  const { settings } = program;
  const reward = settings.referrerReward;
  const firstName = shownFirstName(user.first_name);
  const byUnit = (pick: (t: (typeof totals)[number]) => number) =>
    totals
      .filter((t) => t.type === 'CREDIT' && t.unit !== null && pick(t) > 0)
      .map((t) => ({ unit: t.unit!, amountCents: pick(t) }));
  const referredBy = input.referredBy;
  const friendDiscount =
    referredBy &&
    referredBy.discount_percent &&
    ['AVAILABLE', 'PENDING'].includes(referredBy.reward_status ?? '')
      ? referredBy.discount_percent
      : 0;
  const last = friends[friends.length - 1];
  return {
    user: {
      id: user.id,
      accountId: user.account_id,
      firstName,
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
    share: shareOf(
      renderShareTexts({
        programName: program.name,
        referredDiscountPercent: settings.referredDiscountPercent,
        shareMessage: settings.shareMessage,
        shareEmailSubject: settings.shareEmailSubject,
        firstName,
        link,
        locale: input.locale,
      }),
      link,
    ),
    summary: {
      friends: input.counts.friends,
      subscribed: input.counts.subscribed,
      earned: byUnit((t) => t.earned_cents),
    },
    referrals: friends.map((friend) => friendView(friend, input.explained?.get(friend.id) ?? [])),
    referralsPage: {
      limit: input.limit,
      nextCursor: input.more && last ? friendsCursor(last) : null,
    },
    rewards: {
      discountPercent: referrerDiscountPercent(
        totals.filter((t) => t.type === 'PCT_DISCOUNT').map((t) => t.available_percent),
        settings.maxReferrerDiscountPercent,
      ),
      balances: byUnit((t) => t.available_cents),
    },
    referredBy: referredBy && {
      name: shownFirstName(referredBy.referrer_first_name),
      discountPercent: friendDiscount,
    },
  };
}

/** The widget's answer: the view, the program's leaderboard (when enabled) and the referrer's progress. */
export type WidgetView = ReturnType<typeof presentWidget> & {
  leaderboard: Leaderboard | null;
  progress: ReferrerProgress | null;
};

/** The widget's data for one user (one statement); USER_NOT_FOUND for an unknown user. */
export async function getWidgetView(
  db: Db,
  /** The gateway cache: no query for the program on a warm request. */
  programs: Pick<TenantCache, 'findProgram'>,
  tenant: { id: string; alias: string },
  ids: { accountId: string; userId: string },
  publicUrl: string,
  options: { limit?: number; cursor?: FriendsCursor; locale?: string; programId?: string } = {},
): Promise<WidgetView> {
  const limit = options.limit ?? WIDGET_PAGE_SIZE;
  // Another program than the default: its offer and texts, the user's code in it, its referrals only.
  const other = options.programId && options.programId !== DEFAULT_PROGRAM_ID ? options.programId : undefined;
  const [program, summary, programCode] = await Promise.all([
    programs.findProgram(tenant.alias, other),
    createReferrerSummaryRepo(db).find(tenant.id, ids, { limit, after: options.cursor, programId: other }),
    other && createReferralCodesRepo(db).userCodeIn(tenant.id, ids.accountId, ids.userId, other),
  ]);
  if (!program || program.id !== tenant.id) throw new AppError('NOT_FOUND', 'Program not found');
  if (!summary) throw new AppError('USER_NOT_FOUND', 'No such user in this account');
  if (other) summary.user.share_code = programCode || null;
  const link = shareLink(publicUrl, tenant.alias, summary.user.share_code, program.settings);
  const leaderboard = program.settings.leaderboardEnabled
    ? await programLeaderboard(db, tenant.id, program.programId, ids)
    : null;
  const progress = await loadReferrerProgress(db, tenant.id, program.programId, ids.accountId);
  const explained = await explainReferrerRewards(
    db,
    tenant.id,
    summary.friends.map((f) => f.id),
  );
  const view = presentWidget({
    program,
    shareLink: link,
    limit,
    locale: options.locale,
    explained,
    ...summary,
  });
  return { ...view, leaderboard, progress };
}
