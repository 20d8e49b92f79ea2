import 'zod-openapi';
import { z } from 'zod';
import { RULE_REWARD_TYPES } from '../../../../shared/domain/programs/rules.schema';
import type { UserView } from '../../../../shared/domain/accounts/user-view';
import { FRIEND_STATES, type WidgetView } from '../../../../shared/domain/referrals/widget-view';
import { REWARD_TYPES } from '../../../../shared/contract/enums';
import { REWARD_STATUSES } from '../../../../shared/types/referrals';
import {
  epochMillis,
  nullableEpochMillis,
  referralStatusSchema,
  referredBySchema,
  referrerRewardViewSchema,
  shareLinkSchema,
} from './common';
import { sameShape } from './shape-check';
import { EXPLAINED_REASONS } from '../../../../shared/domain/programs/referrer-explanations';

/** GET and PUT /open/account/{accountId}/user/{userId} (shared/domain/accounts/user-view.ts presentUser). */
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

/** GET /open/account/{accountId}/user/{userId}/widget (shared/domain/referrals/widget-view.ts presentWidget). */
const creditSchema = z.object({ unit: z.string(), amountCents: z.number() });
const leaderSchema = z.object({
  rank: z.int(),
  name: z
    .string()
    .meta({ description: 'First name, else the initial of the last name; never an e-mail address.' }),
  conversions: z.int(),
  you: z.boolean().meta({ description: 'The user asking.' }),
});
const explainedSchema = z.object({
  ruleId: z.string().nullable().meta({
    description: "The rule's id (null: the program's fixed reward, for a referral made before any rules).",
  }),
  rule: z.string().meta({ description: "The rule's name, as the merchant wrote it." }),
  outcome: z.enum(['GRANTED', 'NOT_GRANTED']),
  reward: z
    .object({
      type: z.enum(REWARD_TYPES),
      status: z.enum(REWARD_STATUSES),
      discountPercent: z.int().nullable(),
      amountCents: z.number().nullable(),
      unit: z.string().nullable(),
    })
    .nullable()
    .meta({ description: 'The reward the rule gave (null: none).' }),
  heldUntil: nullableEpochMillis.meta({ description: 'When a held reward becomes available.' }),
  reason: z.enum(EXPLAINED_REASONS).nullable().meta({
    description:
      'Why the rule gave nothing: WAITING (for its trigger), NOT_CONVERTED, MILESTONE_NOT_REACHED (see progress), CAPPED (a limit), NOT_ELIGIBLE or OTHER; null when it gave a reward.',
  }),
  progress: z
    .object({ conversions: z.int(), needed: z.int() })
    .nullable()
    .meta({ description: "A milestone's converted friends now and needed." }),
  text: z.string().meta({ description: "The operator's sentence (English)." }),
});

const progressRewardSchema = z.object({
  type: z.enum(RULE_REWARD_TYPES),
  discountPercent: z.int().nullable(),
  amountCents: z.number().nullable(),
  currency: z.string().nullable(),
  percentOfPayment: z.number().nullable().meta({ description: 'CASH as a percentage of each payment.' }),
});

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
    share: z
      .object({
        message: z.string().meta({ description: 'The share message, rendered, with the share link in it.' }),
        emailSubject: z.string(),
        qr: z
          .object({
            size: z.int().meta({ description: 'Modules per side, the 2-module quiet zone included.' }),
            modules: z.string().meta({
              description:
                'The QR code of the share link (error correction M): one bit a module, row by row, most significant bit first, base64. The widget draws it as SVG.',
            }),
          })
          .meta({ description: "The share link's QR code, for the widget to draw." }),
      })
      .nullable()
      .meta({
        description:
          "The program's shareMessage and shareEmailSubject rendered for this user (or the defaults in the locale asked for); null without a share link.",
      }),
    summary: z
      .object({
        friends: z.int().meta({ description: 'Every friend this user referred.' }),
        subscribed: z.int().meta({ description: 'Of them, those whose referral is CONVERTED.' }),
        earned: z.array(creditSchema).meta({
          description: 'Credit earned per unit (available, redeemed or expired; not pending or in review).',
        }),
      })
      .meta({ description: 'Counts over all of the friends, not only this page.' }),
    referrals: z
      .array(
        z.object({
          name: z
            .string()
            .meta({ description: "The friend's first name or initial, never an e-mail address." }),
          status: referralStatusSchema,
          state: z.enum(FRIEND_STATES).meta({
            description:
              'The friend as the referrer sees them: SIGNED_UP, SUBSCRIBED, UNDER_REVIEW (an operator reviews the referral or its reward) or CANCELLED (the referral ended).',
          }),
          reward: z
            .object({
              type: z.enum(REWARD_TYPES),
              status: z.enum(REWARD_STATUSES),
              discountPercent: z.int().nullable(),
              amountCents: z.number().nullable(),
              unit: z.string().nullable(),
            })
            .nullable()
            .meta({ description: "This user's reward for the referral (not cancelled), if any." }),
          dateReferred: epochMillis,
          dateConverted: nullableEpochMillis,
          rewardsExplained: z.array(explainedSchema).meta({
            description:
              "For each reward rule of the referral's version (or the program's fixed reward), what it gave this user or why not: the same explanations as GraphQL explainRewards, the referrer's side only.",
          }),
        }),
      )
      .meta({ description: 'One page of the referrals this user made, newest first.' }),
    referralsPage: z.object({
      limit: z.int(),
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: 'Pass as ?cursor= for the next page; null on the last page.' }),
    }),
    rewards: z.object({
      discountPercent: z.int().meta({ description: 'The percent discount the user holds now.' }),
      balances: z.array(creditSchema).meta({
        description: 'Credit still available, per unit.',
      }),
    }),
    referredBy: z
      .object({
        name: z.string().nullable().meta({ description: "The referrer's first name (null: none to show)." }),
        discountPercent: z
          .int()
          .meta({ description: 'The discount the referral gave this account (0: none, or no longer).' }),
      })
      .nullable()
      .meta({ description: "For a referred user: who referred the account and the friend's discount." }),
    leaderboard: z
      .object({
        month: z.array(leaderSchema).meta({ description: 'This UTC month, most converted referrals first.' }),
        allTime: z.array(leaderSchema).meta({ description: 'Ever, most converted referrals first.' }),
      })
      .nullable()
      .meta({
        description:
          "The program's top 10 referrers (leaderboardEnabled; null when off), counted at most every 30 s.",
      }),
    progress: z
      .object({
        conversions: z.int().meta({ description: "The account's converted referrals in the program." }),
        next: z
          .object({
            kind: z.enum(['MILESTONE', 'TIER']),
            ruleName: z.string(),
            at: z.int().meta({ description: 'The converted referrals that reach it.' }),
            remaining: z.int(),
            reward: progressRewardSchema,
          })
          .nullable()
          .meta({ description: 'The nearest milestone or better tier of the rules (null: none ahead).' }),
        perFriend: z.object({ ruleName: z.string(), reward: progressRewardSchema }).nullable().meta({
          description:
            "What the next converted friend earns the referrer under the rules (the first referrer rule on the conversion, else on the friend's payments), which replace the program's referrerReward; null with neither.",
        }),
      })
      .nullable()
      .meta({ description: "Progress against the program's rules (null while it has none)." }),
  })
  .meta({ id: 'Widget', description: 'Everything the referrer widget shows.' });

sameShape<z.output<typeof widgetSchema>, WidgetView>(true);
