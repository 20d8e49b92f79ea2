/**
 * Each processor's steps of the Install checklist (tenants/install-checklist.tsx draws them). A step the
 * service can see (the connection, its webhook, the events that arrived and what they came to) is ticked
 * from the tenant's real state; one done at the processor or in the merchant's code says so instead.
 */
import type { ComponentChildren } from 'preact';
import { formatDateTime } from '../../format';
import type { ProcessorNotification } from './install-notifications';
import type { ProcessorConnection } from './processor-connect';

export type StepState = 'done' | 'not-yet' | 'yours';

export interface Step {
  id: string;
  title: ComponentChildren;
  detail: ComponentChildren;
  state: StepState;
  /** Where the state comes from, when the service can see it. */
  evidence?: ComponentChildren;
}

export interface ProcessorState {
  /** The tenant's connection (null: none). */
  connection: ProcessorConnection | null;
  /** The newest notifications of this processor; undefined while they load. */
  notifications: ProcessorNotification[] | undefined;
  discountId: string;
}

export const known = (ok: boolean): StepState => (ok ? 'done' : 'not-yet');

/** The outcome's result (APPLIED, UNCHANGED, NO_ACCOUNT, …), when it has one. */
function resultOf(n: ProcessorNotification): unknown {
  return n.outcome && typeof n.outcome === 'object' ? (n.outcome as { result?: unknown }).result : undefined;
}

export function braintreeSteps(s: ProcessorState): Step[] {
  const received = s.notifications?.length;
  return [
    {
      id: 'custom-field',
      title: (
        <>
          At the processor, create the custom field <code>service_coupon</code>
        </>
      ),
      detail: 'With the store-and-pass-back option on.',
      state: 'yours',
    },
    {
      id: 'discount',
      title: (
        <>
          At the processor, create the discount <code>{s.discountId}</code>
        </>
      ),
      detail: 'A placeholder amount, lasting the whole subscription. The ID is the program’s discount ID.',
      state: 'yours',
    },
    {
      id: 'connect',
      title: 'Connect the processor here',
      detail: 'Merchant ID, public key and private key, in the form above.',
      state: known(s.connection !== null),
      evidence: s.connection ? 'Connected' : 'Not connected',
    },
    {
      id: 'webhook',
      title: 'Register the webhook URL at the processor',
      detail: 'For all subscription notifications. Ticked once a notification has arrived.',
      state: known((received ?? 0) > 0),
      evidence:
        received === undefined
          ? 'Checking…'
          : received > 0
            ? 'Notifications are arriving'
            : 'No notification received yet',
    },
    {
      id: 'payment-form',
      title: (
        <>
          Put a <code>referral_code</code> input in your payment form
        </>
      ),
      detail: (
        <>
          Hidden or visible, filled by <code>autofill('name=referral_code')</code>. With transparent redirect
          forms, name it <code>customer[custom_fields][service_coupon]</code>.
        </>
      ),
      state: 'yours',
    },
    {
      id: 'subscription',
      title: 'Create subscriptions with the referral discount',
      detail: (
        <>
          Look the code up (<code>GET /code/&#123;referral_code&#125;</code>) and add a discount inheriting
          from <code>{s.discountId}</code>, its amount from <code>discountPercentage</code>.
        </>
      ),
      state: 'yours',
    },
    {
      id: 'discount-call',
      title: (
        <>
          Call <code>POST /discount</code> once the customer exists
        </>
      ),
      detail: 'So referral credit applies to the new customer right away.',
      state: 'yours',
    },
  ];
}

const WEBHOOK_EVIDENCE = {
  AUTOMATIC: 'We created the endpoint at Stripe and hold its signing secret',
  MANUAL: 'Registered by you; its signing secret is stored',
  SECRET_NEEDED: 'The signing secret of the endpoint you register at Stripe is still needed',
} as const;

export function stripeSteps(s: ProcessorState): Step[] {
  const c = s.connection;
  const events = s.notifications;
  const newest = events?.[0];
  // Applied: it changed something here (not a customer no account has, nor a repeat).
  const applied = events?.find((n) => n.status === 'PROCESSED' && resultOf(n) === 'APPLIED');
  const waiting = events?.filter((n) => n.status === 'WAITING').length ?? 0;
  return [
    {
      id: 'connect',
      title: 'Connect Stripe here',
      detail: 'A secret key (sk_…) or restricted key (rk_…) of this program’s mode, in the form above.',
      state: known(c !== null),
      evidence: c ? `Connected with ${c.keyHint ?? 'a key'}` : 'Not connected',
    },
    {
      id: 'webhook',
      title: 'Let Stripe deliver its events',
      detail:
        'We create the webhook endpoint when the key may; otherwise register it at Stripe for the listed events and give its signing secret.',
      state: known(c !== null && c.webhookRegistration !== 'SECRET_NEEDED'),
      evidence: c ? WEBHOOK_EVIDENCE[c.webhookRegistration] : 'Not connected',
    },
    {
      id: 'first-event',
      title: 'First event received',
      detail: 'Ticked once Stripe has delivered a verified event to the webhook.',
      state: known(newest !== undefined),
      evidence:
        events === undefined
          ? 'Checking…'
          : newest
            ? `Latest: ${newest.kind}, ${formatDateTime(newest.receivedAt)}`
            : 'No event received yet',
    },
    {
      id: 'first-applied',
      title: 'First event applied',
      detail:
        'A paid invoice converting a referral, a customer tied to an account, a refund reversing a reward.',
      state: known(applied !== undefined),
      evidence:
        events === undefined
          ? 'Checking…'
          : applied
            ? `Latest applied: ${applied.kind}, ${formatDateTime(applied.processedAt ?? applied.receivedAt)}`
            : waiting > 0
              ? `None yet: ${waiting} waiting for their customer to be tied to an account`
              : 'None applied yet',
    },
    {
      id: 'customer-tie',
      title: 'Tie each Stripe customer to its account',
      detail: (
        <>
          Set the metadata <code>referral_account_id</code> on the customer, pass the account id as Checkout’s{' '}
          <code>client_reference_id</code>, or call <code>POST /discount</code> once the customer exists.
        </>
      ),
      state: 'yours',
    },
    {
      id: 'promotion-codes',
      title: 'Allow promotion codes at Stripe Checkout',
      detail:
        'Each referrer’s share code is also a Stripe promotion code: a friend who types it is attributed with no cookie.',
      state: 'yours',
    },
  ];
}
