import { deleteUser } from '../../domain/accounts/user-deletion';
import { boolean, checkedColumns, id } from '../cell-checks';
import { cell, ok, type ChunkContext, type ImportJobType, type ImportRow, type RowResult } from '../rows';
import { applyInRuns } from '../run-engine';

/** MUTATION/DELETE_USER: deletes users as through the API, each row alone. */
export const deleteUserJobType: ImportJobType<'MUTATION/DELETE_USER'> = {
  name: 'MUTATION/DELETE_USER',
  columns: checkedColumns('MUTATION/DELETE_USER', {
    id,
    accountId: id,
    preserveEmptyAccount: boolean,
    doNotTrack: boolean,
  }),
  apply: applyDeletions,
};

async function applyDeletions(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  return applyInRuns(ctx, rows, {
    bulkKey: () => null,
    single: async (row, sp) => {
      const outcome = await deleteUser(sp, ctx.tenant.id, {
        accountId: row.cells.get('accountId')!,
        userId: row.cells.get('id')!,
        preserveEmptyAccount: cell(row, 'preserveEmptyAccount') === 'true',
        doNotTrack: cell(row, 'doNotTrack') === 'true',
      });
      if (!outcome.userDeleted) return ok(row.line, 'no such user; remembered as doNotTrack');
      return ok(row.line, outcome.accountDeleted ? 'deleted with its account' : 'deleted');
    },
  });
}
