import jwt from 'jsonwebtoken';
import type { Config } from '../../shared/config';
import { hashApiKey } from '../../shared/domain/tenants/api-keys';
import type { IssuedKey } from '../../shared/domain/tenants/tenants';
import type { RunningWorker } from '../../services/worker/worker';
import { keyApi, type ApiAnswer, type TenantApi } from './api-client';
import { createTestTenant, startTestGateway, startTestWorker, testConfig, type TestGateway } from './harness';

type Json = Record<string, any>;

export type ApiResult = ApiAnswer;

/** A tenant's API through the real gateway and a real worker: small verbs for the referral tests. */
export interface ReferralApi {
  gw: TestGateway;
  worker: RunningWorker;
  config: Config;
  tenant: IssuedKey;
  tenantId: string;
  auth: string;
  call: TenantApi['call'];
  gqlOk: TenantApi['gqlOk'];
  /** This tenant's API with another credential (a user JWT, a bad key), or another tenant's. */
  as: TenantApi['as'];
  identify(
    accountId: string,
    userId: string,
    body?: Json,
    headers?: Record<string, string>,
  ): Promise<ApiResult>;
  sync(body: Json): Promise<ApiResult>;
  rewards(accountId: string, couponCode?: string): Promise<ApiResult>;
  gql(query: string, variables?: Json): Promise<Json>;
  account(id: string): Promise<Json | null>;
  close(): Promise<void>;
}

export const ACCOUNT_FIELDS = /* GraphQL */ `
  fragment R on Reward {
    id
    type
    discountPercent
    amountCents
    unit
    rewardSource
    referralId
    status
    dateGiven
    dateCancelled
  }
  fragment F on Referral {
    id
    status
    referralCodeUsed
    attributionSource
    referrerAccountId
    referrerUserId
    referredAccountId
    referrerReward {
      ...R
    }
    referredReward {
      ...R
    }
    dateReferralStarted
    dateReferralPaid
    dateReferralEnded
  }
  query Account($id: String!) {
    account(id: $id) {
      id
      subscription {
        status
        billingIntervalType
        billingIntervalValue
        value
      }
      users {
        id
        email
        shareCode
      }
      referredBy {
        ...F
      }
      referrals {
        ...F
      }
      rewards {
        ...R
      }
    }
  }
`;

export async function startReferralApi(
  options: { env?: Record<string, string>; now?: () => number; port?: number } = {},
): Promise<ReferralApi> {
  const config = testConfig(options.env);
  const worker = await startTestWorker(config);
  const gw = await startTestGateway({ config, now: options.now, port: options.port });
  const tenant = await createTestTenant(gw.deps.db, 'ref');
  const { id: tenantId } = await gw.deps.db('tenants').where({ alias: tenant.alias }).first('id');
  const client = keyApi(gw, tenant);
  const auth = client.auth!;
  const { call, gql } = client;
  const enc = encodeURIComponent;
  return {
    gw,
    worker,
    config,
    tenant,
    tenantId,
    auth,
    call,
    identify: (accountId, userId, body = {}, headers = {}) =>
      call('PUT', `/open/account/${enc(accountId)}/user/${enc(userId)}`, body, headers),
    sync: (body) => call('POST', '/accountsync', body),
    rewards: (accountId, couponCode) =>
      call('GET', `/account/${enc(accountId)}/reward${couponCode ? `?couponCode=${enc(couponCode)}` : ''}`),
    gql,
    gqlOk: client.gqlOk,
    as: client.as,
    async account(id) {
      const result = await gql(ACCOUNT_FIELDS, { id });
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      return result.data.account;
    },
    async close() {
      await gw.close();
      await worker.close();
    },
  };
}

let counter = 0;
/** Unique ids within a test file's tenant. */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A user JWT as a merchant's server signs it: HS256 with the tenant API key (its hash is equivalent). */
export function userToken(
  apiKey: string,
  accountId: string,
  userId: string,
  extra: Record<string, unknown> = {},
): string {
  return jwt.sign({ user: { id: userId, accountId, ...extra } }, hashApiKey(apiKey), { algorithm: 'HS256' });
}

/** A freshly identified user who can refer others: its account, id and share code. */
export async function identifyReferrer(api: ReferralApi, first = 'Rita', last = 'Referrer') {
  const res = await api.identify(uid('acct-r'), uid('user'), { firstName: first, lastName: last });
  return {
    accountId: res.body.accountId as string,
    userId: res.body.id as string,
    code: res.body.shareCode as string,
  };
}
