import 'zod-openapi';
import { z } from 'zod';
import type { UserView } from '../../../../shared/domain/user-view';
import type { WidgetView } from '../../../../shared/domain/widget-view';
import {
  epochMillis,
  nullableEpochMillis,
  referralStatusSchema,
  referredBySchema,
  referrerRewardViewSchema,
  shareLinkSchema,
} from './common';
import { sameShape } from './shape-check';

/** GET and PUT /open/account/{accountId}/user/{userId} (shared/domain/user-view.ts presentUser). */
export const userSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    locale: z.string().nullable(),
    paymentProviderId: z
      .string()
      .nullable()
      .meta({ description: "The account's payment processor customer id." }),
    shareCode: z.string().nullable().meta({ description: "The user's referral code." }),
    shareLink: shareLinkSchema,
    referredBy: referredBySchema.meta({ description: 'The referral that brought this account, if any.' }),
    dateCreated: epochMillis,
  })
  .meta({ id: 'User', description: 'An identified user.' });

sameShape<z.output<typeof userSchema>, UserView>(true);

/** GET /open/account/{accountId}/user/{userId}/widget (shared/domain/widget-view.ts presentWidget). */
export const widgetSchema = z
  .object({
    user: z.object({
      id: z.string(),
      accountId: z.string(),
      firstName: z.string().nullable(),
      shareCode: z.string().nullable(),
      shareLink: shareLinkSchema,
    }),
    program: z.object({
      name: z.string(),
      referredDiscountPercent: z.int(),
      referrerReward: referrerRewardViewSchema,
      headline: z.string().nullable().meta({ description: "null: the widget's own text for the locale." }),
      subheadline: z.string().nullable(),
    }),
    referrals: z
      .array(
        z.object({
          name: z
            .string()
            .meta({ description: "The friend's first name or initial, never an e-mail address." }),
          status: referralStatusSchema,
          dateReferred: epochMillis,
          dateConverted: nullableEpochMillis,
        }),
      )
      .meta({ description: 'The most recent referrals this user made, newest first (at most 100).' }),
    rewards: z.object({
      discountPercent: z.int().meta({ description: 'The percent discount the user holds now.' }),
      balances: z.array(z.object({ unit: z.string(), amountCents: z.int() })).meta({
        description: 'Credit still available, per unit.',
      }),
    }),
  })
  .meta({ id: 'Widget', description: 'Everything the referrer widget shows.' });

sameShape<z.output<typeof widgetSchema>, WidgetView>(true);
