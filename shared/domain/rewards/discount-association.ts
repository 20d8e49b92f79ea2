import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { accountIdSchema, referralCodeInputSchema } from '../../ids';
import { createAccountsRepo } from '../../repos/accounts.repo';
import { createProcessorConnectionsRepo } from '../../repos/processor-connections.repo';
import { applyAccountMutation, type AccountOutcome } from '../accounts/account-changes';
import { discountPercents } from './discount-sync';
import { paymentProviderIdSchema } from '../accounts/identification';
import { loadProgramSettings } from '../tenants/program';

/** Body of POST /discount: the spec's discount association request, all fields required. */
export const discountAssociationSchema = z.strictObject({
  accountId: accountIdSchema,
  paymentProviderId: paymentProviderIdSchema,
  couponCode: referralCodeInputSchema,
});

export type DiscountAssociation = z.output<typeof discountAssociationSchema>;

export interface AssociationOutcome extends AccountOutcome {
  /** The tenant has a processor connection, so the account's discount sync should run. */
  connected: boolean;
}

/**
 * Step 7 of the processor flow: ties the processor customer to the account (creating the account if
 * new) and attributes the account by the coupon code if it is not attributed yet, under the account's
 * row lock. An unknown code is 404, a code of the same account 400, a customer tied to another account 409.
 */
export async function associateDiscount(
  db: Db,
  tenantId: string,
  input: DiscountAssociation,
): Promise<AssociationOutcome> {
  const outcome = await db.transaction(async (trx) => {
    const { account } = await createAccountsRepo(trx).ensureLocked(tenantId, input.accountId, trx);
    try {
      return await applyAccountMutation(trx, account, {
        paymentProviderId: input.paymentProviderId,
        attribution: { code: input.couponCode, source: 'CODE', strict: true },
      });
    } catch (err) {
      if (err instanceof AppError && err.apiErrorCode === 'INVALID_REFERRAL_CODE') {
        throw new AppError('REFERRAL_CODE_NOT_FOUND', `Unknown couponCode "${input.couponCode}"`, {
          validationErrors: [{ path: 'couponCode', message: 'no user holds this referral code' }],
        });
      }
      throw err;
    }
  });
  const connected = (await createProcessorConnectionsRepo(db).find(tenantId)) !== undefined;
  return { ...outcome, connected };
}

/** The account's discount as the referred side, and the program's discount it is applied as. */
export interface AssociationDiscount {
  referredPercent: number;
  discountId: string;
}

/** Reads what POST /discount answers with, once the association is committed. */
export async function loadAssociationDiscount(
  db: Db,
  tenantId: string,
  accountId: string,
): Promise<AssociationDiscount> {
  const program = await loadProgramSettings(db, tenantId);
  const { referredPercent } = await discountPercents(db, tenantId, accountId, program);
  return { referredPercent, discountId: program.discountId };
}

export interface PresentedAssociation {
  accountId: string;
  paymentProviderId: string;
  couponCode: string;
  referredDiscountPercent: number;
  discountId: string;
}

/** The answer of POST /discount: what the customer gets now as the referred side. */
export function presentAssociation(
  input: DiscountAssociation,
  discount: AssociationDiscount,
): PresentedAssociation {
  return {
    accountId: input.accountId,
    paymentProviderId: input.paymentProviderId,
    couponCode: input.couponCode,
    referredDiscountPercent: discount.referredPercent,
    discountId: discount.discountId,
  };
}
