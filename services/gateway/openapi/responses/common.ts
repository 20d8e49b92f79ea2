import 'zod-openapi';
import { z } from 'zod';
import { REWARD_TYPES } from '../../../../shared/contract/enums';
import { FRAUD_SIGNALS } from '../../../../shared/types/fraud';
import { REFERRAL_STATUSES } from '../../../../shared/types/referrals';

/** An instant as milliseconds since the epoch (the API's dates). */
export const epochMillis = z
  .int()
  .meta({ description: 'Milliseconds since the epoch.', example: 1732280000000 });

export const nullableEpochMillis = epochMillis.nullable();

export const referralStatusSchema = z.enum(REFERRAL_STATUSES).meta({
  id: 'ReferralStatus',
  description:
    'IN_PROGRESS (attributed), CONVERTED (first payment; the referrer earned), ENDED (cancelled after conversion).',
});

/**
 * The referral an account came by, in user and account-sync answers (shared/domain/accounts/user-view.ts
 * referredByView): REFUSED only in the answer to the request whose attribution the program's
 * fraudPolicy blocked, with the signals that did.
 */
export const referredBySchema = z
  .object({
    code: z.string(),
    status: z.enum([...REFERRAL_STATUSES, 'REFUSED']).meta({
      description:
        'The referral status; REFUSED: this request asked for the attribution and the fraudPolicy blocked it (no referral was made).',
    }),
    refusedFor: z
      .array(z.enum(FRAUD_SIGNALS))
      .optional()
      .meta({ description: 'With REFUSED: the fraud signals the policy blocks that were found.' }),
  })
  .nullable();

/** A share link under the gateway's public URL: {PUBLIC_URL}/r/{tenantAlias}/{code}. */
export const shareLinkSchema = z
  .string()
  .meta({
    description: 'The public share link, `{PUBLIC_URL}/r/{tenantAlias}/{shareCode}`; null without a code.',
  })
  .nullable();

/** The referrer reward as the program and the widget show it: the members of the other type are null. */
export const referrerRewardViewSchema = z
  .object({
    type: z.enum(
      REWARD_TYPES.filter((t) => t === 'PCT_DISCOUNT' || t === 'CREDIT') as ['PCT_DISCOUNT', 'CREDIT'],
    ),
    discountPercent: z.int().nullable().meta({ description: 'For PCT_DISCOUNT; else null.' }),
    amountCents: z.int().nullable().meta({ description: 'For CREDIT; else null.' }),
    unit: z.string().nullable().meta({ description: 'For CREDIT, e.g. USD; else null.' }),
  })
  .meta({ id: 'ReferrerRewardView', description: 'What a referrer earns when a referral converts.' });
