import 'zod-openapi';
import { z } from 'zod';
import {
  BILLING_INTERVAL_TYPES,
  type presentSyncedAccount,
} from '../../../../shared/domain/accounts/account-sync';
import type { getAccountRewards } from '../../../../shared/domain/accounts/account-view';
import type { CodeLookup } from '../../../../shared/domain/referrals/code-lookup';
import type { AccountBillingIds, StripeCodeIds } from '../../../../shared/domain/rewards/billing-answers';
import type { PresentedAssociation } from '../../../../shared/domain/rewards/discount-association';
import type { Reward } from '../../../../shared/domain/rewards/rewards';
import { REWARD_TYPES } from '../../../../shared/contract/enums';
import { REWARD_STATUSES, SUBSCRIPTION_STATUSES } from '../../../../shared/types/referrals';
import { epochMillis, nullableEpochMillis, referredBySchema } from './common';
import { sameShape } from './shape-check';

export const subscriptionSchema = z
  .object({
    status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    billingIntervalType: z.enum(BILLING_INTERVAL_TYPES).nullable(),
    billingIntervalValue: z.int().nullable(),
    value: z.number().nullable(),
  })
  .meta({ id: 'Subscription', description: "An account's subscription facts as last synced." });

/** POST /accountsync (shared/domain/accounts/account-sync.ts presentSyncedAccount). */
export const syncedAccountSchema = z
  .object({
    id: z.string(),
    subscription: subscriptionSchema.nullable(),
    referral: referredBySchema,
    currency: z.string().meta({ description: 'ISO 4217 code.' }),
    dateCreated: epochMillis,
  })
  .meta({ id: 'SyncedAccount', description: 'The stored account, with its referral if any.' });

/** The presenter's billingIntervalType is a string; the column's CHECK (migration 002) holds it to the enum. */
type Presented = ReturnType<typeof presentSyncedAccount>;
type Subscription = NonNullable<Presented['subscription']>;
sameShape<
  z.output<typeof syncedAccountSchema>,
  Omit<Presented, 'subscription'> & {
    subscription:
      | (Omit<Subscription, 'billingIntervalType'> & {
          billingIntervalType: (typeof BILLING_INTERVAL_TYPES)[number] | null;
        })
      | null;
  }
>(true);

const stripeCouponId = z.string().nullable().optional().meta({
  description:
    "Stripe tenants only: our Stripe coupon for the friend's percent off (`referral-<programId>-p<percent>`), null when the program gives none. Braintree tenants' answers leave it out.",
});
const stripePromotionCodeId = z.string().nullable().optional().meta({
  description:
    "Stripe tenants only: the Stripe promotion code (promo_…) of the share code, which a friend may type at Stripe Checkout; null until it is created (asked for by this answer). Braintree tenants' answers leave it out.",
});

/** GET /code/{code} (shared/domain/referrals/code-lookup.ts). */
export const codeLookupSchema = z
  .object({
    code: z.string().meta({ description: 'The code as stored (upper case).' }),
    couponCode: z.string().meta({ description: 'The same code, as the coupon to apply at the processor.' }),
    discountId: z.string(),
    discountPercentage: z.int().meta({ description: 'What a referred customer gets.' }),
    dateCreated: epochMillis,
    referrerName: z.string().nullable(),
    couponId: stripeCouponId,
    promotionCodeId: stripePromotionCodeId,
  })
  .meta({ id: 'CodeLookup' });

sameShape<z.output<typeof codeLookupSchema>, CodeLookup & Partial<StripeCodeIds>>(true);

/** A reward (shared/domain/rewards/rewards.ts presentReward). */
export const rewardSchema = z
  .object({
    id: z.string(),
    type: z.enum(REWARD_TYPES).meta({
      description:
        'FIXED_DISCOUNT (an amount off) and CASH (owed to the referrer) come only from program rules: a program without such rules never shows them.',
    }),
    discountPercent: z.int().nullable(),
    amountCents: z.int().nullable().meta({
      description: 'Negative for a debt: the used part of a reward a refund or charge-back reversed.',
    }),
    redeemedCents: z.int(),
    unit: z.string().nullable(),
    rewardSource: z.enum(['REFERRED', 'FRIEND_SIGNUP', 'ADJUSTMENT']).meta({
      description:
        "REFERRED: the referred account's discount; FRIEND_SIGNUP: the referrer's reward; ADJUSTMENT: credit an operator added or removed by hand (no referral).",
    }),
    referralId: z.string().nullable().meta({ description: 'Null for an ADJUSTMENT.' }),
    status: z.enum(REWARD_STATUSES).meta({
      description:
        "PENDING: held until holdUntil (the program's rewardHoldDays); PENDING_REVIEW: its referral awaits an operator's review; AVAILABLE: usable; REDEEMED; CANCELLED; EXPIRED: credit whose unredeemed part expired at expiresAt (redeemedCents stays redeemed).",
    }),
    dateGiven: epochMillis,
    dateCancelled: nullableEpochMillis,
    dateRedeemed: nullableEpochMillis,
    holdUntil: nullableEpochMillis.meta({ description: "When a PENDING reward's hold ends." }),
    expiresAt: nullableEpochMillis.meta({
      description:
        "When an AVAILABLE credit reward's unredeemed part expires (the program's creditExpiryDays).",
    }),
    dateExpired: nullableEpochMillis,
  })
  .meta({ id: 'Reward' });

sameShape<z.output<typeof rewardSchema>, Reward>(true);

/** GET /account/{accountId}/reward (shared/domain/accounts/account-view.ts getAccountRewards). */
export const accountRewardsSchema = z
  .object({
    accountId: z.string(),
    discountPercentage: z.int().meta({ description: 'Referred plus referrer percent, at most 100.' }),
    referredDiscountPercent: z.int(),
    referrerDiscountPercent: z.int(),
    discountId: z.string(),
    referrerName: z.string().nullable(),
    rewards: z.array(rewardSchema),
    couponIds: z.array(z.string()).optional().meta({
      description:
        "Stripe tenants only: our Stripe coupons due to the account now (the friend's and the referrer's, `referral-<programId>-…`), which its live subscriptions carry beside the merchant's own once synced. Braintree tenants' answers leave it out.",
    }),
    promotionCodeId: stripePromotionCodeId,
  })
  .meta({ id: 'AccountRewards' });

sameShape<
  z.output<typeof accountRewardsSchema>,
  Awaited<ReturnType<typeof getAccountRewards>> & Partial<AccountBillingIds>
>(true);

/** POST /discount (shared/domain/rewards/discount-association.ts presentAssociation). */
export const discountAssociationResultSchema = z
  .object({
    accountId: z.string(),
    paymentProviderId: z.string(),
    couponCode: z.string(),
    referredDiscountPercent: z.int(),
    discountId: z.string(),
    couponId: stripeCouponId,
    promotionCodeId: stripePromotionCodeId,
  })
  .meta({ id: 'DiscountAssociation', description: 'What the customer gets now as the referred side.' });

sameShape<z.output<typeof discountAssociationResultSchema>, PresentedAssociation & Partial<StripeCodeIds>>(
  true,
);
