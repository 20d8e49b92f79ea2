import { z } from 'zod';
import type { Db } from '../../db/knex';
import { accountIdSchema, referralCodeInputSchema } from '../../ids';
import { createAccountsRepo, type AccountRow } from '../../repos/accounts.repo';
import type { ReferralRow } from '../../repos/referrals.repo';
import { SUBSCRIPTION_STATUSES } from '../../types/referrals';
import { programIdSchema, requireOpenProgram } from '../programs/program-state';
import { applyAccountMutation, type AccountOutcome } from './account-changes';
import type { RefusedAttribution } from '../../types/fraud';
import { referredByView } from './user-view';
import { syncPayment } from '../programs/payment-reports';
import { recordRuleOccurrences } from '../programs/rule-occurrences';

export const BILLING_INTERVAL_TYPES = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'SEMI_ANNUAL', 'YEAR'] as const;

/** Body of POST /accountsync: the spec's Account. */
export const accountSyncSchema = z.strictObject({
  id: accountIdSchema,
  subscription: z
    .strictObject({
      status: z.enum(SUBSCRIPTION_STATUSES).optional(),
      billingIntervalType: z.enum(BILLING_INTERVAL_TYPES).optional(),
      billingIntervalValue: z.int().min(1).max(1000).optional(),
      value: z.number().min(0).max(1e12).optional(),
    })
    .optional(),
  referral: z.strictObject({ code: referralCodeInputSchema }).optional(),
  /** The program the referral code must belong to (default: any program's code refers). */
  programId: programIdSchema.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .optional(),
});

export type AccountSyncInput = z.output<typeof accountSyncSchema>;

/** Account sync: subscription facts and a referral code, under the account's row lock. */
export async function syncAccount(
  db: Db,
  tenantId: string,
  input: AccountSyncInput,
): Promise<AccountOutcome> {
  return db.transaction(async (trx) => {
    if (input.programId !== undefined) await requireOpenProgram(trx, tenantId, input.programId);
    const { account } = await createAccountsRepo(trx).ensureLocked(tenantId, input.id, trx);
    const sub = input.subscription;
    const outcome = await applyAccountMutation(trx, account, {
      status: sub?.status,
      billing: {
        ...(sub?.billingIntervalType !== undefined && { billing_interval_type: sub.billingIntervalType }),
        ...(sub?.billingIntervalValue !== undefined && { billing_interval_value: sub.billingIntervalValue }),
        ...(sub?.value !== undefined && { subscription_value: String(sub.value) }),
      },
      currency: input.currency,
      attribution: input.referral
        ? { code: input.referral.code, source: 'CODE', strict: true, programId: input.programId }
        : undefined,
    });
    // A PAID sync with a value reports the payment of its billing period (payment-reports.ts).
    const payment = syncPayment(outcome.account, sub?.value, new Date());
    if (!payment) return outcome;
    const occurrencesRecorded = await recordRuleOccurrences(trx, outcome.referral, [payment]);
    return { ...outcome, occurrencesRecorded };
  });
}

export function presentSubscription(account: AccountRow) {
  const hasSubscription =
    account.subscription_status !== null ||
    account.billing_interval_type !== null ||
    account.billing_interval_value !== null ||
    account.subscription_value !== null;
  if (!hasSubscription) return null;
  return {
    status: account.subscription_status,
    billingIntervalType: account.billing_interval_type,
    billingIntervalValue: account.billing_interval_value,
    value: account.subscription_value === null ? null : Number(account.subscription_value),
  };
}

/** The stored account in the shape account sync takes. */
export function presentSyncedAccount(
  account: AccountRow,
  referral: ReferralRow | null,
  refused: RefusedAttribution | null = null,
) {
  return {
    id: account.id,
    subscription: presentSubscription(account),
    referral: referredByView(referral, refused),
    currency: account.currency,
    dateCreated: account.created_at.getTime(),
  };
}
