import crypto from 'node:crypto';
import { freePort } from '../../shared/http';
import { payoutRunWorkflowId } from '../../shared/ids';
import { adminApi, signedInOperator, type AdminSession } from './admin-api';
import { startPayoutStandIns, type PayoutStandIns } from './payout-stand-ins';
import { startReferralApi, type ReferralApi } from './referrals';

export type Json = Record<string, any>;

export const PAYOUT_RUN = /* GraphQL */ `
  mutation R($input: PayoutRunInput) {
    requestPayoutRun(input: $input) {
      id
      status
      workflowId
      programId
    }
  }
`;
export const RUN = /* GraphQL */ `
  query Q($id: ID!) {
    payoutRun(id: $id) {
      id
      status
      payees
      approvedBy
      workflowId
      payouts {
        id
        accountId
        method
        amountCents
        currency
        status
        providerRef
        providerMessage
      }
      totals {
        status
        count
        amountCents
      }
    }
  }
`;
export const DUE = /* GraphQL */ `
  query D($programId: ID) {
    payoutsDue(programId: $programId) {
      payees {
        accountId
        currency
        programAvailableCents
        availableCents
        payableCents
        blocker
        payee {
          method {
            type
            masked
          }
          held
          taxFormReceived
        }
        reasons {
          rewardId
          amountCents
          explanation
        }
      }
      next
    }
  }
`;
export const REFERRER = /* GraphQL */ `
  query P($accountId: ID!) {
    referrerPayouts(accountId: $accountId) {
      payee {
        method {
          type
          masked
        }
      }
      balances {
        currency
        availableCents
        pendingCents
        inFlightCents
        paidOutCents
      }
      payouts {
        id
        status
        amountCents
        providerMessage
      }
    }
  }
`;

/** The referral API pointed at the payout stand-ins, PayPal and gift cards connected, with an OWNER. */
export interface PayoutApi extends ReferralApi {
  standIns: PayoutStandIns;
  paypal: { clientId: string; secret: string; webhookId: string };
  giftCards: { apiKey: string; campaignId: string; webhookSecret: string };
  owner: AdminSession;
  /** GraphQL as the signed-in OWNER (the portal's session). */
  ownerGql(query: string, variables?: Json): Promise<Json>;
  /** A referrer account (identified through the API) with a payout method, if given. */
  referrer(method?: Json): Promise<string>;
  /** Cash a rule gave the referrer (a CASH reward, AVAILABLE unless said). */
  earnCash(
    accountId: string,
    cents: number,
    options?: { currency?: string; status?: string },
  ): Promise<string>;
  setPolicy(policy: Json): Promise<void>;
  /** Requests a run and waits for its workflow's end (its result: COMPLETED, CANCELLED). */
  runToEnd(input?: Json): Promise<{ id: string; result: string; run: Json }>;
  run(id: string): Promise<Json>;
  referrerPayouts(accountId: string): Promise<Json>;
}

/** The env a gateway and worker need to pay through the stand-ins (and poll them quickly). */
export function payoutEnv(standIns: PayoutStandIns): Record<string, string> {
  return {
    PAYPAL_BASE_URL: standIns.paypal.url,
    GIFT_CARD_BASE_URL: standIns.giftCards.basePath,
    STRIPE_BASE_URL: standIns.stripe.url,
    PAYOUT_POLL_INTERVAL_MS: '300',
  };
}

/** Connects PayPal and the gift-card provider (fresh stand-in accounts, webhooks registered) through the API. */
export async function connectPayoutProviders(api: ReferralApi, standIns: PayoutStandIns) {
  const base = `${api.gw.url}/api/v1/${api.tenant.alias}`;
  const pp = standIns.paypal.credentials();
  const paypal = {
    clientId: pp.clientId!,
    secret: pp.secret,
    webhookId: await standIns.paypal.registerWebhook(pp.clientId!, `${base}/payouts/paypal/webhook`),
  };
  const gc = standIns.giftCards.credentials();
  const giftCards = {
    apiKey: gc.secret,
    campaignId: gc.clientId!,
    webhookSecret: await standIns.giftCards.registerWebhook(gc.secret, `${base}/payouts/gift-cards/webhook`),
  };
  const connect = `mutation C($input: PayoutConnectionInput!) { connectPayoutProvider(input: $input) { provider } }`;
  await api.gqlOk(connect, { input: { provider: 'PAYPAL', ...paypal } });
  await api.gqlOk(connect, { input: { provider: 'GIFT_CARD', ...giftCards } });
  return { paypal, giftCards };
}

/** Referrers with payout methods and cash, and the program's policy, through the API (and the database). */
export function payoutSeeds(api: ReferralApi): Pick<PayoutApi, 'referrer' | 'earnCash' | 'setPolicy'> {
  const db = api.gw.deps.db;
  return {
    async referrer(method) {
      const accountId = `payee-${crypto.randomUUID()}`;
      const res = await api.identify(accountId, `u-${accountId}`, { email: `${accountId}@example.com` });
      if (res.status !== 200) throw new Error(`identify: ${res.status}`);
      if (method) {
        const set = await api.call(
          'PUT',
          `/open/account/${accountId}/user/u-${accountId}/payout-method`,
          method,
        );
        if (set.status !== 200) throw new Error(`payout method: ${set.status} ${JSON.stringify(set.body)}`);
      }
      return accountId;
    },
    async earnCash(accountId, cents, options = {}) {
      const [row] = await db('rewards')
        .insert({
          tenant_id: api.tenantId,
          account_id: accountId,
          referral_id: null,
          reward_source: 'ADJUSTMENT',
          type: 'CASH',
          amount_cents: cents,
          unit: options.currency ?? 'USD',
          status: options.status ?? 'AVAILABLE',
          explanation: 'A paying friend (test)',
        })
        .returning('id');
      return row.id;
    },
    async setPolicy(policy) {
      await api.gqlOk(
        `mutation S($input: PayoutPolicyInput!) { setPayoutPolicy(input: $input) { programId } }`,
        { input: { minimumCents: 1000, schedule: 'MANUAL', requireApproval: false, ...policy } },
      );
    },
  };
}

export async function startPayoutApi(env: Record<string, string> = {}): Promise<PayoutApi> {
  const standIns = await startPayoutStandIns();
  const port = await freePort();
  const api = await startReferralApi({
    env: { ...payoutEnv(standIns), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    port,
  });
  const { paypal, giftCards } = await connectPayoutProviders(api, standIns);
  const owner = await signedInOperator(api.gw, { ...api.tenant, id: api.tenantId }, 'OWNER');
  const admin = adminApi(api.gw);
  const ownerGql = async (query: string, variables?: Json) =>
    (await admin.graphql(owner, query, variables)).json;

  const self: PayoutApi = {
    ...api,
    standIns,
    paypal,
    giftCards,
    owner,
    ownerGql,
    ...payoutSeeds(api),
    async runToEnd(input = {}) {
      const started = (await api.gqlOk(PAYOUT_RUN, { input })).requestPayoutRun;
      const handle = api.gw.deps.temporal.client.workflow.getHandle(
        payoutRunWorkflowId(api.tenant.alias, started.id),
      );
      const result = (await handle.result()) as string;
      return { id: started.id, result, run: await self.run(started.id) };
    },
    async run(id) {
      return (await api.gqlOk(RUN, { id })).payoutRun;
    },
    async referrerPayouts(accountId) {
      return (await api.gqlOk(REFERRER, { accountId })).referrerPayouts;
    },
    async close() {
      await api.close();
      await standIns.close();
    },
  };
  return self;
}
