import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import {
  createAccountsRepo,
  type AccountChanges,
  type AccountFact,
  type AccountRow,
} from '../../repos/accounts.repo';
import { createProcessorNotificationsRepo } from '../../repos/processor-notifications.repo';
import { createReferralsRepo, type ReferralRow } from '../../repos/referrals.repo';
import type { RefusedAttribution } from '../../types/fraud';
import type { SubscriptionStatus } from '../../types/referrals';
import { attributeAccount, type AttributionRequest } from '../referrals/attribution';
import { loadProgramSettings } from '../tenants/program';
import { accountFacts, pendingSteps } from '../referrals/referral-rules';

/** One change to an account, from identification, account sync, an import row or a processor notification. */
export interface AccountMutation {
  paymentProviderId?: string | null;
  status?: SubscriptionStatus;
  billing?: Pick<AccountChanges, 'billing_interval_type' | 'billing_interval_value' | 'subscription_value'>;
  currency?: string;
  attribution?: AttributionRequest;
  /** A user of the account was identified (the first one stamps first_user_at). */
  userIdentified?: boolean;
  /**
   * An event with the program's conversion event key was accepted: for a referred account it counts as
   * the first payment (stamps first_paid_at once), without changing the subscription status.
   */
  paidByEvent?: boolean;
}

export interface AccountOutcome {
  account: AccountRow;
  referral: ReferralRow | null;
  referralCreated: boolean;
  /** The attribution asked for, refused by the program's fraudPolicy (BLOCK); null otherwise. */
  refused: RefusedAttribution | null;
  /** Payments or events newly recorded for the referral's rules (its lifecycle applies them). */
  occurrencesRecorded?: string[];
}

/**
 * Applies a mutation to an account whose row the transaction has locked. Attribution comes before the
 * status, so one request can attribute and convert; a first PAID with no referral by then makes the
 * account never referable.
 */
export async function applyAccountMutation(
  trx: DbOrTrx,
  account: AccountRow,
  mutation: AccountMutation,
): Promise<AccountOutcome> {
  const tenantId = account.tenant_id;
  const accounts = createAccountsRepo(trx);
  const changes: AccountChanges = { ...mutation.billing };
  const set: AccountFact[] = [];
  const setIfNull: AccountFact[] = [];

  if (
    mutation.paymentProviderId !== undefined &&
    mutation.paymentProviderId !== account.payment_provider_id
  ) {
    if (mutation.paymentProviderId !== null) {
      const holder = await accounts.findByPaymentProviderId(tenantId, mutation.paymentProviderId, trx);
      if (holder && holder.id !== account.id) {
        throw new AppError(
          'PAYMENT_PROVIDER_ID_IN_USE',
          'This paymentProviderId belongs to another account',
          {
            validationErrors: [{ path: 'paymentProviderId', message: 'already tied to another account' }],
          },
        );
      }
    }
    changes.payment_provider_id = mutation.paymentProviderId;
  }
  if (mutation.currency !== undefined) changes.currency = mutation.currency;
  if (mutation.userIdentified && account.first_user_at === null) setIfNull.push('first_user_at');

  const loadProgram = (programId: string) => loadProgramSettings(trx, tenantId, programId);
  const existing = (await createReferralsRepo(trx).findByReferredAccount(tenantId, account.id, trx)) ?? null;
  const attributed = mutation.attribution
    ? await attributeAccount(trx, account, existing, mutation.attribution, loadProgram)
    : null;
  const refused = attributed && 'refused' in attributed ? attributed.refused : null;
  const created = attributed && !('refused' in attributed) ? attributed : null;
  const referral = created ?? existing;

  const status = mutation.status;
  if (status !== undefined && status !== account.subscription_status) {
    changes.subscription_status = status;
    if (status === 'PAID' && account.first_paid_at === null) {
      setIfNull.push('first_paid_at');
      if (!referral) changes.never_referable = true;
    }
    if (status === 'CANCELLED') set.push('last_cancelled_at');
  }
  if (
    mutation.paidByEvent &&
    referral &&
    account.first_paid_at === null &&
    !setIfNull.includes('first_paid_at')
  ) {
    setIfNull.push('first_paid_at');
  }

  const touched = Object.keys(changes).length > 0 || set.length > 0 || setIfNull.length > 0;
  const updated = touched
    ? await updateAccount(accounts, account, changes, { set, setIfNull }, trx)
    : account;
  // Processor events that waited for this customer's tie are received again (started after the commit:
  // apply-notification.ts, associate-discount.ts; else by the notification dispatcher).
  if (changes.payment_provider_id) {
    await createProcessorNotificationsRepo(trx).releaseWaiting(tenantId, changes.payment_provider_id, trx);
  }
  // Recorded with the change, so the reconciler delivers it if the workflow never hears of it.
  if (referral && (created || pendingSteps(referral.status, accountFacts(updated)).length > 0)) {
    await createReferralsRepo(trx).markLifecyclePending(referral.id, trx);
  }
  return { account: updated, referral, referralCreated: created !== null, refused };
}

async function updateAccount(
  accounts: ReturnType<typeof createAccountsRepo>,
  account: AccountRow,
  changes: AccountChanges,
  facts: { set: AccountFact[]; setIfNull: AccountFact[] },
  trx: DbOrTrx,
): Promise<AccountRow> {
  try {
    return await accounts.update(account.tenant_id, account.id, changes, facts, trx);
  } catch (err) {
    // Two accounts claiming one processor customer at the same moment: the unique index decides.
    if ((err as { constraint?: string }).constraint === 'accounts_payment_provider_idx') {
      throw new AppError('PAYMENT_PROVIDER_ID_IN_USE', 'This paymentProviderId belongs to another account');
    }
    throw err;
  }
}
