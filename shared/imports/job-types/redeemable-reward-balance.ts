import { redeemRewardBalance } from '../../domain/rewards/reward-balance';
import { AppError } from '../../errors';
import { checkedColumns, id, positiveInteger } from '../cell-checks';
import { cell, ok, type ChunkContext, type ImportJobType, type ImportRow, type RowResult } from '../rows';
import { applyInRuns } from '../run-engine';

/** MUTATION/REDEEMABLE_REWARD_BALANCE: redeems from an account's reward balance, each row alone. */
export const redeemableRewardBalanceJobType: ImportJobType<'MUTATION/REDEEMABLE_REWARD_BALANCE'> = {
  name: 'MUTATION/REDEEMABLE_REWARD_BALANCE',
  columns: checkedColumns('MUTATION/REDEEMABLE_REWARD_BALANCE', {
    accountId: id,
    userId: id,
    unit: (v) => (/^[A-Z][A-Z0-9_]{0,31}$/.test(v) ? null : 'must be 1-32 upper-case letters, digits or _'),
    valueToRedeem: positiveInteger,
  }),
  apply: applyRedemptions,
};

async function applyRedemptions(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  return applyInRuns(ctx, rows, {
    bulkKey: () => null,
    single: async (row, sp) => {
      const accountId = row.cells.get('accountId')!;
      const userId = cell(row, 'userId');
      if (userId !== undefined) {
        const user = await sp('users')
          .where({ tenant_id: ctx.tenant.id, account_id: accountId, id: userId })
          .first();
        if (!user) throw new AppError('USER_NOT_FOUND', 'No such user in this account');
      }
      const balance = await redeemRewardBalance(sp, ctx.tenant.id, {
        accountId,
        unit: row.cells.get('unit')!,
        amount: Number(row.cells.get('valueToRedeem')),
      });
      return ok(row.line, `${balance.available} ${balance.unit} left`);
    },
  });
}
