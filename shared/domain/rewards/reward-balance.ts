import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { accountIdSchema } from '../../ids';
import { createAccountsRepo } from '../../repos/accounts.repo';
import { createRewardsRepo, type BalanceRow } from '../../repos/rewards.repo';
import { presentReward } from './rewards';
import { recordWebhookEvent } from '../webhooks/webhook-events';

export const redeemInputSchema = z.object({
  accountId: accountIdSchema,
  unit: z.string().regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'must be a credit unit such as USD'),
  amount: z.int().min(1).max(1_000_000_000_000),
});

export interface Balance {
  unit: string;
  totalAssigned: number;
  totalRedeemed: number;
  available: number;
  /** Held or awaiting review: granted, not redeemable yet. */
  pending: number;
  /** Expired unredeemed (creditExpiryDays). */
  expired: number;
  /** When the next part of the available credit expires (epoch ms), or null. */
  nextExpiry: number | null;
}

function presentBalance(row: BalanceRow): Balance {
  const totalAssigned = Number(row.total_assigned);
  const totalRedeemed = Number(row.total_redeemed);
  return {
    unit: row.unit,
    totalAssigned,
    totalRedeemed,
    available: totalAssigned - totalRedeemed,
    pending: Number(row.total_pending),
    expired: Number(row.total_expired),
    nextExpiry: row.next_expiry?.getTime() ?? null,
  };
}

/**
 * Credit per unit: assigned (available and redeemed, and what was redeemed of expired credit), redeemed,
 * available, pending (held or awaiting review), expired, and the next expiry. Unknown account: null.
 * With CASH, the same for money owed to the referrer (CASH rewards of program rules). A reversed reward's
 * used part is a negative row (reward-reversals.ts), so `available` may be below zero: a debt that later
 * rewards pay down.
 */
export async function getRewardBalance(
  db: Db,
  tenantId: string,
  accountId: string,
  type: 'CREDIT' | 'CASH' = 'CREDIT',
): Promise<Balance[] | null> {
  if (!(await createAccountsRepo(db).find(tenantId, accountId))) return null;
  return (await createRewardsRepo(db).balances(tenantId, accountId, db, type)).map(presentBalance);
}

/**
 * Redeems an amount of one unit's credit, oldest reward first, all or nothing: the rewards are locked,
 * so two concurrent redemptions cannot spend the same credit. Each reward drawn on (in part or in full)
 * writes a `reward.redeemed` webhook event with the reward as it now is, in the same transaction.
 */
export async function redeemRewardBalance(
  db: Db,
  tenantId: string,
  input: z.output<typeof redeemInputSchema>,
): Promise<Balance> {
  return db.transaction(async (trx) => {
    if (!(await createAccountsRepo(trx).find(tenantId, input.accountId, trx))) {
      throw new AppError('NOT_FOUND', `No account "${input.accountId}"`);
    }
    const rewards = createRewardsRepo(trx);
    const rows = await rewards.lockAvailableCredit(tenantId, input.accountId, input.unit, trx);
    const available = rows.reduce((sum, r) => sum + Number(r.amount_cents) - Number(r.redeemed_cents), 0);
    if (available < input.amount) {
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        `Only ${available} ${input.unit} available; ${input.amount} requested, nothing redeemed`,
      );
    }
    let left = input.amount;
    for (const row of rows) {
      if (left === 0) break;
      const redeemed = Number(row.redeemed_cents);
      // Credit an operator removed (a negative ADJUSTMENT) counts against what is available, above, and
      // is not drawn on.
      if (Number(row.amount_cents) - redeemed <= 0) continue;
      const take = Math.min(left, Number(row.amount_cents) - redeemed);
      const fully = redeemed + take === Number(row.amount_cents);
      const updated = await rewards.setRedeemed(row.id, redeemed + take, fully, trx);
      await recordWebhookEvent(trx, tenantId, 'reward.redeemed', presentReward(updated));
      left -= take;
    }
    const balance = (await rewards.balances(tenantId, input.accountId, trx)).find(
      (b) => b.unit === input.unit,
    );
    return presentBalance(balance!);
  });
}
