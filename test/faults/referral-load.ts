import crypto from 'node:crypto';
import type { Db } from '../../shared/db/knex';
import { describeAnswer, send, type Answer } from './fault-http';
import { retryUntilAnswered } from './retrying-client';
import { until } from '../helpers/wait';

/**
 * A load of referrals from retrying clients, and the row-by-row check of what it left. One flow: a
 * referrer is identified (its share code), a new account is identified with that code (attribution:
 * the referral and the referred side's reward, its lifecycle workflow started), then the new account
 * logs the program's conversion event with an idempotency key (conversion: the referrer's reward, by the
 * lifecycle workflow, or by the reconciler when the workflow could not be told). Each step is retried
 * with the same request until it is answered; the flow is kept once all three were acknowledged.
 */
export interface ReferralFlow {
  referrer: string;
  referred: string;
  code: string;
  eventKey: string;
  attempts: Answer[];
  /** Steps whose final answer was not the acknowledgement (the checks report them). */
  failures: string[];
}

export function referralClient(options: { api: string; auth: string; flows: ReferralFlow[] }) {
  const call = (method: string, path: string, body: unknown) =>
    send(`${options.api}${path}`, { method, body, headers: { authorization: options.auth } });
  return async (index: number, running: () => boolean): Promise<void> => {
    for (let seq = 1; running(); seq += 1) {
      const tag = `${index}-${seq}-${crypto.randomBytes(3).toString('hex')}`;
      const flow: ReferralFlow = {
        referrer: `referrer-${tag}`,
        referred: `referred-${tag}`,
        code: '',
        eventKey: `conv-${tag}`,
        attempts: [],
        failures: [],
      };
      const step = async (
        name: string,
        method: string,
        path: string,
        body: unknown,
        ok: (a: Answer) => boolean,
      ) => {
        const final = await retryUntilAnswered(() => call(method, path, body), flow.attempts);
        if (!ok(final)) flow.failures.push(`${name}: ${describeAnswer(final)}`);
        return final;
      };
      const referrer = await step(
        'referrer',
        'PUT',
        `/open/account/${flow.referrer}/user/u`,
        { firstName: 'Rita' },
        (a) => a.status === 200 && typeof a.json?.shareCode === 'string',
      );
      flow.code = referrer.json?.shareCode ?? '';
      if (flow.failures.length === 0) {
        await step(
          'attribution',
          'PUT',
          `/open/account/${flow.referred}/user/u`,
          { referredByCode: flow.code },
          (a) => a.status === 200 && a.json?.referredBy?.code === flow.code,
        );
      }
      if (flow.failures.length === 0) {
        await step(
          'conversion',
          'POST',
          `/open/account/${flow.referred}/user/u/events`,
          {
            accountId: flow.referred,
            userId: 'u',
            idempotencyKey: flow.eventKey,
            events: [{ key: 'purchase' }],
          },
          (a) => a.status === 200 || (a.status === 409 && a.json?.apiErrorCode === 'IDEMPOTENCY_KEY_USED'),
        );
      }
      options.flows.push(flow);
    }
  };
}

/** Referrals of the tenant whose change no lifecycle workflow has applied yet. */
export async function pendingLifecycles(db: Db, tenantId: string): Promise<number> {
  const [row] = (await db('referrals')
    .where({ tenant_id: tenantId })
    .whereNotNull('lifecycle_pending_since')
    .count({ n: '*' })) as { n: string }[];
  return Number(row.n);
}

/** Waits until no referral of the tenant waits for its lifecycle workflow and every one is converted. */
export async function waitForLifecycles(db: Db, tenantId: string, expected: number, timeoutMs = 60_000) {
  const progress = async () => {
    const [row] = (await db('referrals')
      .where({ tenant_id: tenantId })
      .select(
        db.raw('count(*)::int as total'),
        db.raw(
          "count(*) filter (where status = 'CONVERTED' and lifecycle_pending_since is null)::int as done",
        ),
      )) as { total: number; done: number }[];
    const rewards = (await db('rewards').where({ tenant_id: tenantId }).count({ n: '*' }))[0] as {
      n: string;
    };
    return { ...row!, rewards: Number(rewards.n), expected };
  };
  const complete = (p: Awaited<ReturnType<typeof progress>>) =>
    p.total === expected && p.done === expected && p.rewards === 2 * expected;
  const last = await until(progress, complete, timeoutMs, 250);
  if (!complete(last)) throw new Error(`lifecycles did not complete: ${JSON.stringify(last)}`);
}

/**
 * Row by row: each flow's referral exists once (its account, referrer and code), converted, applied by
 * its workflow; it has exactly one reward per rule (the referred side's discount, the referrer's reward),
 * both available; its conversion event is stored once; and the tenant holds nothing else.
 */
export async function referralProblems(db: Db, tenantId: string, flows: ReferralFlow[]): Promise<string[]> {
  const problems = flows.flatMap((f) => f.failures.map((failure) => `${f.referred} ${failure}`));
  const referrals = (await db('referrals').where({ tenant_id: tenantId })) as Record<string, any>[];
  const rewards = (await db('rewards').where({ tenant_id: tenantId })) as Record<string, any>[];
  const events = (await db('user_events')
    .where({ tenant_id: tenantId })
    .select('account_id', 'idempotency_key')) as {
    account_id: string;
    idempotency_key: string | null;
  }[];
  for (const f of flows) {
    const mine = referrals.filter((r) => r.referred_account_id === f.referred);
    if (mine.length !== 1) {
      problems.push(`${f.referred}: ${mine.length} referrals`);
      continue;
    }
    const [referral] = mine;
    if (
      referral.referrer_account_id !== f.referrer ||
      referral.referral_code_used !== f.code ||
      referral.status !== 'CONVERTED' ||
      referral.date_paid === null ||
      referral.lifecycle_pending_since !== null
    ) {
      problems.push(`${f.referred}: referral ${JSON.stringify(referral)}`);
    }
    const own = rewards.filter((r) => r.referral_id === referral.id);
    const sides = own.map((r) => `${r.reward_source}:${r.account_id}:${r.status}`).sort();
    const expected = [`FRIEND_SIGNUP:${f.referrer}:AVAILABLE`, `REFERRED:${f.referred}:AVAILABLE`];
    if (JSON.stringify(sides) !== JSON.stringify(expected)) {
      problems.push(`${f.referred}: rewards ${JSON.stringify(sides)}`);
    }
    const stored = events.filter((e) => e.idempotency_key === f.eventKey && e.account_id === f.referred);
    if (stored.length !== 1) problems.push(`${f.referred}: conversion event stored ${stored.length} times`);
  }
  if (referrals.length !== flows.length)
    problems.push(`${referrals.length} referrals for ${flows.length} flows`);
  if (rewards.length !== 2 * flows.length)
    problems.push(`${rewards.length} rewards for ${flows.length} flows`);
  if (events.length !== flows.length) problems.push(`${events.length} events for ${flows.length} flows`);
  return problems;
}
