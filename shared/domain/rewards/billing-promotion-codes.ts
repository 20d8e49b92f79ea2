import type { Db } from '../../db/knex';
import type { CouponBillingProcessor } from '../../processors/coupon-billing';
import { createProcessorBillingRepo } from '../../repos/processor-billing.repo';
import type { PromotionCodeSync } from '../../types/processors';
import { programOpen } from '../programs/program-state';
import { loadProgramSettings } from '../tenants/program';
import { percentCoupon } from './billing-coupons';

/**
 * A referrer's share code as a promotion code at a coupon-and-balance processor (Stripe): a friend who
 * types it at the processor's checkout gets the friend coupon of the code's program, and the checkout
 * names the code, which attributes the friend (the processor's events). One per account
 * (`processor_promotion_codes`): the account's oldest live code, for its program's friend coupon while
 * the program is open and gives the friend a percentage. When the code or the coupon changes, the old
 * promotion code is deactivated and the row follows; an account with no such code loses its promotion
 * code. Our record is trusted for "unchanged" (no call), so a promotion code removed at the processor by
 * hand comes back when the code or coupon next changes.
 */
export async function syncPromotionCode(
  db: Db,
  processor: CouponBillingProcessor,
  target: { tenantId: string; accountId: string },
): Promise<PromotionCodeSync> {
  const { tenantId, accountId } = target;
  const repo = createProcessorBillingRepo(db);
  const [code, recorded] = await Promise.all([
    repo.oldestCode(tenantId, accountId),
    repo.findPromotionCode(tenantId, accountId),
  ]);
  const coupon = code ? await friendCoupon(db, tenantId, code.program_id) : null;
  if (!code || !coupon) {
    if (!recorded) return { code: null, couponId: null, promotionCodeId: null, outcome: 'NONE' };
    await processor.deactivatePromotionCode(recorded.code);
    await repo.deletePromotionCode(tenantId, accountId);
    return { code: null, couponId: null, promotionCodeId: null, outcome: 'REMOVED' };
  }
  const couponId = coupon.spec.id;
  if (recorded && recorded.code === code.code && recorded.coupon_id === couponId) {
    return { code: code.code, couponId, promotionCodeId: recorded.promotion_code_id, outcome: 'UNCHANGED' };
  }
  await processor.ensureCoupon(coupon.spec);
  // Another text is another promotion code: the old one stops discounting (its code was retired).
  if (recorded && recorded.code.toUpperCase() !== code.code.toUpperCase()) {
    await processor.deactivatePromotionCode(recorded.code);
  }
  // The same text for another coupon: ensurePromotionCode deactivates the old one itself.
  const { id } = await processor.ensurePromotionCode(code.code, couponId, {
    referral_account_id: accountId,
    referral_program_id: code.program_id,
  });
  await repo.savePromotionCode({
    tenant_id: tenantId,
    account_id: accountId,
    code: code.code,
    coupon_id: couponId,
    promotion_code_id: id,
  });
  return { code: code.code, couponId, promotionCodeId: id, outcome: recorded ? 'REPLACED' : 'CREATED' };
}

/** The friend coupon of a program: its referred percentage, null when it gives none or is archived. */
export async function friendCoupon(db: Db, tenantId: string, programId: string) {
  if (!(await programOpen(db, tenantId, programId))) return null;
  const program = await loadProgramSettings(db, tenantId, programId);
  return program.referredDiscountPercent > 0
    ? percentCoupon(programId, 'friend', program.referredDiscountPercent)
    : null;
}

/** The promotion code recorded for an account, if any (what the answers name). */
export async function recordedPromotionCode(
  db: Db,
  tenantId: string,
  accountId: string,
): Promise<{ code: string; couponId: string; promotionCodeId: string } | null> {
  const row = await createProcessorBillingRepo(db).findPromotionCode(tenantId, accountId);
  return row ? { code: row.code, couponId: row.coupon_id, promotionCodeId: row.promotion_code_id } : null;
}
