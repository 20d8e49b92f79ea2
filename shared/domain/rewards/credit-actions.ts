import { z } from 'zod';
import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import type { AccountRow } from '../../repos/accounts.repo';
import { createHandActionsRepo } from '../../repos/hand-actions.repo';
import { createRewardsRepo } from '../../repos/rewards.repo';
import { textSchema } from '../../validation';
import { loadProgramSettings } from '../tenants/program';
import { redeemRewardBalance } from './reward-balance';
import {
  applyHandActionOnce,
  handAccountSchema,
  handKeySchema,
  handReasonSchema,
  type AppliedHandAction,
} from '../accounts/hand-actions';
import { recordWebhookEvent } from '../webhooks/webhook-events';

const MAX_CENTS = 1_000_000_000_000;
const unit = z.string().regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'must be a credit unit such as USD');

/** adjustCredit: credit added (positive) or removed (negative) by hand, as an ADJUSTMENT reward. */
export const adjustCreditSchema = z.strictObject({
  accountId: handAccountSchema,
  amountCents: z
    .int()
    .min(-MAX_CENTS)
    .max(MAX_CENTS)
    .refine((n) => n !== 0, 'must not be zero'),
  unit: unit.optional(),
  reason: handReasonSchema,
  idempotencyKey: handKeySchema,
});

/** redeemCredit: credit used by hand, oldest first, never more than is available. */
export const redeemCreditSchema = z.strictObject({
  accountId: handAccountSchema,
  amountCents: z.int().min(1).max(MAX_CENTS),
  unit: unit.optional(),
  reference: textSchema(200, { min: 1, trim: true }).optional(),
  reason: handReasonSchema,
  idempotencyKey: handKeySchema,
});

export type AdjustCreditInput = z.output<typeof adjustCreditSchema>;
export type RedeemCreditInput = z.output<typeof redeemCreditSchema>;

/** The `credit.adjusted` webhook event's data: one change of an account's credit by hand. */
export type CreditChange = {
  accountId: string;
  unit: string;
  /** What changed, in the unit's minor units: negative when credit was removed or redeemed. */
  amountCents: number;
  kind: 'ADJUSTMENT' | 'REDEMPTION';
  reason: string;
  /** A redemption's reference, if one was given. */
  reference: string | null;
  /** The credit available after the change. */
  available: number;
};

/** Without a unit: the program's credit unit when its referrer reward is credit, else the account's currency. */
async function unitFor(trx: DbOrTrx, tenantId: string, account: AccountRow, given?: string) {
  if (given) return given;
  const program = await loadProgramSettings(trx, tenantId);
  return program.referrerReward.type === 'CREDIT' ? program.referrerReward.unit : account.currency;
}

async function available(trx: DbOrTrx, tenantId: string, accountId: string, unitName: string) {
  const rows = await createRewardsRepo(trx).balances(tenantId, accountId, trx);
  const row = rows.find((b) => b.unit === unitName);
  return row ? Number(row.total_assigned) - Number(row.total_redeemed) : 0;
}

function tooMuch(have: number, unitName: string, asked: number): never {
  throw new AppError(
    'INSUFFICIENT_BALANCE',
    `Only ${have} ${unitName} available; ${asked} asked for, nothing changed`,
    {
      validationErrors: [
        { path: 'amountCents', message: `more than is available (${have} in ${unitName} minor units)` },
      ],
    },
  );
}

/**
 * Adds or removes credit once per key (applyHandActionOnce). Added credit is an ADJUSTMENT reward,
 * AVAILABLE and never expiring; removed credit is drawn from the available credit oldest first (as
 * redeemRewardBalance draws, `reward.redeemed` per reward drawn on) and may not exceed it. Writes
 * `credit.adjusted`.
 */
export async function adjustCredit(
  trx: DbOrTrx,
  tenantId: string,
  input: AdjustCreditInput & { idempotencyKey: string },
  actor: string,
): Promise<AppliedHandAction> {
  const call = { kind: 'ADJUST_CREDIT' as const, accountId: input.accountId, userId: null, actor };
  return applyHandActionOnce(trx, tenantId, { ...call, ...pick(input) }, async (account) => {
    const unitName = await unitFor(trx, tenantId, account, input.unit);
    const before = await available(trx, tenantId, account.id, unitName);
    if (before + input.amountCents < 0) tooMuch(before, unitName, -input.amountCents);
    // Added credit is a reward of its own; removed credit is drawn from the credit there is (oldest
    // first, as a redemption), so no negative row can outlive the credit it was set against.
    const reward =
      input.amountCents > 0
        ? await createHandActionsRepo(trx).insertAdjustment(
            { tenantId, accountId: account.id, amountCents: input.amountCents, unit: unitName },
            trx,
          )
        : null;
    if (input.amountCents < 0) {
      await redeemRewardBalance(trx, tenantId, {
        accountId: account.id,
        unit: unitName,
        amount: -input.amountCents,
      });
    }
    const change: CreditChange = {
      accountId: account.id,
      unit: unitName,
      amountCents: input.amountCents,
      kind: 'ADJUSTMENT',
      reason: input.reason,
      reference: null,
      available: before + input.amountCents,
    };
    await recordWebhookEvent(trx, tenantId, 'credit.adjusted', change);
    return { ...change, rewardId: reward?.id ?? null };
  });
}

/**
 * Redeems credit once per key, by the API's redemption rule (redeemRewardBalance: oldest first, all or
 * nothing, `reward.redeemed` per reward drawn on); more than is available is refused naming amountCents.
 * Writes `credit.adjusted`.
 */
export async function redeemCredit(
  trx: DbOrTrx,
  tenantId: string,
  input: RedeemCreditInput & { idempotencyKey: string },
  actor: string,
): Promise<AppliedHandAction> {
  const call = { kind: 'REDEEM_CREDIT' as const, accountId: input.accountId, userId: null, actor };
  return applyHandActionOnce(trx, tenantId, { ...call, ...pick(input) }, async (account) => {
    const unitName = await unitFor(trx, tenantId, account, input.unit);
    const before = await available(trx, tenantId, account.id, unitName);
    if (before < input.amountCents) tooMuch(before, unitName, input.amountCents);
    const balance = await redeemRewardBalance(trx, tenantId, {
      accountId: account.id,
      unit: unitName,
      amount: input.amountCents,
    });
    const change: CreditChange = {
      accountId: account.id,
      unit: unitName,
      amountCents: -input.amountCents,
      kind: 'REDEMPTION',
      reason: input.reason,
      reference: input.reference ?? null,
      available: balance.available,
    };
    await recordWebhookEvent(trx, tenantId, 'credit.adjusted', change);
    return { ...change };
  });
}

const pick = (input: { idempotencyKey: string; reason: string }) => ({
  idempotencyKey: input.idempotencyKey,
  reason: input.reason,
});
