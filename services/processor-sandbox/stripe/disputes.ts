import { noSuchObject, type FrontContext } from './context';
import { StripeApiError, noSuch } from './errors';
import { metadataOf, obj } from './form';
import { pageQuery, type Route } from './routes';
import { present } from './shapes';
import { listOf, newId, now, objectsOf, type AccountState, type StripeObject } from './state';

/*
 * Disputes: localstripe has none. A test opens one on a charge (control API), the merchant reads,
 * updates or accepts (closes) it through the API, and a test closes it won or lost as the bank decides.
 */

export function disputeOf(account: AccountState, id: string): StripeObject {
  const dispute = account.objects.get(id);
  if (dispute?.object !== 'dispute') throw noSuch('dispute', id);
  return dispute;
}

async function chargeEvent(ctx: FrontContext, account: AccountState, chargeId: string) {
  return present(ctx, await ctx.fetchOwned(account, 'charge', '/v1/charges', chargeId));
}

/** Opens a dispute on a charge: `charge.dispute.created` and `charge.dispute.funds_withdrawn`. */
export async function openDispute(
  ctx: FrontContext,
  account: AccountState,
  chargeId: string,
  input: { reason?: string; amount?: number },
) {
  const charge = await chargeEvent(ctx, account, chargeId).catch(() => {
    throw noSuchObject('charge', chargeId, 'charge');
  });
  if (ctx.disputedCharges.has(chargeId))
    throw new StripeApiError(400, 'invalid_request_error', `Charge ${chargeId} already has a dispute.`);
  const dispute: StripeObject = {
    id: newId('du_'),
    object: 'dispute',
    amount: input.amount ?? Number(charge.amount),
    balance_transactions: [],
    charge: chargeId,
    created: now(),
    currency: charge.currency,
    evidence: { customer_email_address: null, product_description: null, uncategorized_text: null },
    evidence_details: {
      due_by: now() + 7 * 86400,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: account.livemode,
    metadata: {},
    payment_intent: charge.payment_intent ?? null,
    reason: input.reason ?? 'fraudulent',
    status: 'needs_response',
  };
  account.objects.set(dispute.id, dispute);
  ctx.disputedCharges.add(chargeId);
  ctx.events.emit(account, 'charge.dispute.created', dispute);
  ctx.events.emit(account, 'charge.dispute.funds_withdrawn', dispute);
  return dispute;
}

/** Closes a dispute as the bank decides: `charge.dispute.closed` (and funds_reinstated when won). */
export function closeDispute(ctx: FrontContext, account: AccountState, id: string, status: 'won' | 'lost') {
  const dispute = disputeOf(account, id);
  if (['won', 'lost'].includes(String(dispute.status)))
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `This dispute is already closed (${String(dispute.status)}).`,
    );
  dispute.status = status;
  if (status === 'won') ctx.events.emit(account, 'charge.dispute.funds_reinstated', dispute);
  ctx.events.emit(account, 'charge.dispute.closed', dispute);
  return dispute;
}

export const disputeRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/disputes\/([^/]+)$/,
    handle: ({ account, match }) => disputeOf(account, match[1]!),
  },
  {
    method: 'POST',
    path: /^\/v1\/disputes\/([^/]+)$/,
    handle({ ctx, account, match, params }) {
      const dispute = disputeOf(account, match[1]!);
      dispute.metadata = metadataOf(params, dispute.metadata as Record<string, string>);
      const evidence = obj(params, 'evidence');
      if (evidence) Object.assign(dispute.evidence as object, evidence);
      if (evidence) (dispute.evidence_details as Record<string, unknown>).has_evidence = true;
      if (evidence && params.submit !== 'false') dispute.status = 'under_review';
      ctx.events.emit(account, 'charge.dispute.updated', dispute);
      return dispute;
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/disputes\/([^/]+)\/close$/,
    handle: ({ ctx, account, match }) => closeDispute(ctx, account, match[1]!, 'lost'),
  },
  {
    method: 'GET',
    path: /^\/v1\/disputes$/,
    handle: ({ account, params }) =>
      listOf(
        '/v1/disputes',
        objectsOf(account, 'dispute').filter(
          (d) =>
            (params.charge === undefined || d.charge === params.charge) &&
            (params.payment_intent === undefined || d.payment_intent === params.payment_intent),
        ),
        pageQuery(params),
      ),
  },
];
