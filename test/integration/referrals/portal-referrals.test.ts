/**
 * The portal's referral list and detail through the real gateway: filters, each kind of search, keyset
 * pages, the timeline and the Temporal link; another tenant (key or operator session) sees nothing;
 * bad arguments are 400s naming the field.
 */
import { createOperator } from '../../../shared/domain/operators/operators';
import { encodeCursor } from '../../../shared/domain/common/page-cursor';
import { adminApi } from '../../helpers/admin-api';
import { basic, createTestTenant } from '../../helpers/harness';
import { insertReferral, insertReferrer, type PastReferrer } from '../../helpers/portal-data';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

type Json = Record<string, any>;

const LIST = /* GraphQL */ `
  query L($filter: ReferralFilter, $first: Int, $after: String) {
    referrals(filter: $filter, first: $first, after: $after) {
      items {
        id
        status
        referralCodeUsed
        referrerAccountId
        referrerUserId
        referredAccountId
        dateReferralStarted
        dateReferralPaid
        referrerReward {
          type
          status
        }
      }
      endCursor
      hasNextPage
    }
  }
`;
const DETAIL = /* GraphQL */ `
  query D($id: ID!) {
    referral(id: $id) {
      referral {
        id
        status
        referredAccountId
        dateReferralStarted
      }
      timeline {
        at
        kind
        description
      }
      workflowId
      workflowUrl
    }
  }
`;

let api: ReferralApi;
let other: { alias: string; auth: string; id: string };
const pager: PastReferrer = {
  accountId: 'page-ref',
  userId: 'page-user',
  code: 'PAGEB',
  email: 'Pager@Example.test',
  firstName: 'Paige',
};
/** The API-made referrals: referrer, converted friend, trial friend (with an e-mail). */
const live = { referrer: {} as Json, converted: {} as Json, trial: {} as Json };
/** The stored ones of `pager`, as [id, started] pairs. */
const stored: { id: string; started: string }[] = [];
let endedId: string;

/** GraphQL as this file's tenant, or with another tenant's credentials. */
const gql = (query: string, variables: Json = {}, auth = api.auth, alias = api.tenant.alias) =>
  api.as({ auth, alias }).gql(query, variables);

async function list(variables: Json, auth?: string, alias?: string) {
  const res = await gql(LIST, variables, auth, alias);
  expect(res.errors).toBeUndefined();
  return res.data.referrals as { items: Json[]; endCursor: string | null; hasNextPage: boolean };
}

const ids = (page: { items: Json[] }) => page.items.map((r) => r.id as string);

/** Newest started first, ties by id descending (UUIDs order as their lower-case text). */
const newestFirst = (a: { id: string; started: string }, b: { id: string; started: string }) =>
  Date.parse(b.started) - Date.parse(a.started) || (a.id < b.id ? 1 : -1);

beforeAll(async () => {
  api = await startReferralApi();
  const db = api.gw.deps.db;
  const email = `Rita.${uid('m')}@Example.test`;
  const ref = await api.identify(uid('acct-r'), uid('user'), { firstName: 'Rita', lastName: 'Ref', email });
  live.referrer = { accountId: ref.body.accountId, userId: ref.body.id, code: ref.body.shareCode, email };
  const friend = async (status: string, extra: Json = {}) => {
    const accountId = uid('acct-f');
    const userId = uid('user-f');
    const res = await api.identify(accountId, userId, {
      referredByCode: live.referrer.code,
      accountStatus: status,
      ...extra,
    });
    expect(res.status).toBe(200);
    const found = await list({ filter: { search: accountId } });
    return { accountId, userId, id: found.items[0]!.id as string, ...extra };
  };
  live.converted = await friend('PAID');
  live.trial = await friend('TRIAL', { email: `Trial.${uid('m')}@Example.test` });

  await insertReferrer(db, api.tenantId, pager);
  const times = [
    '2024-05-01T10:00:00Z',
    '2024-05-03T10:00:00Z',
    '2024-05-03T10:00:00Z', // the same instant: the id decides
    '2024-05-05T12:00:00Z',
    '2024-05-10T23:59:59Z',
    '2024-05-11T00:00:00Z',
    '2024-05-20T08:00:00Z',
  ];
  for (const [i, started] of times.entries()) {
    const id = await insertReferral(db, api.tenantId, pager, {
      referredAccountId: `paged-${i}`,
      referredUserId: `paged-user-${i}`,
      started,
      ...(i === 3
        ? {
            paid: '2024-05-06T00:00:00Z',
            ended: '2024-05-08T00:00:00Z',
            status: 'ENDED' as const,
            rewards: {
              referrer: { type: 'CREDIT' as const, cents: 1500, unit: 'USD' },
              referred: true,
              cancelled: '2024-05-08T00:00:00Z',
            },
          }
        : {}),
    });
    stored.push({ id, started });
    if (i === 3) endedId = id;
  }
  const tenant = await createTestTenant(db, 'oth');
  const row = (await db('tenants').where({ alias: tenant.alias }).first('id')) as { id: string };
  other = { alias: tenant.alias, auth: basic(tenant.apiKey), id: row.id };
});

afterAll(async () => {
  await api?.close();
});

describe('the list', () => {
  test('newest first: today’s referrals, then the stored ones by start and id', async () => {
    const page = await list({ first: 100 });
    expect(page.hasNextPage).toBe(false);
    expect(ids(page)).toEqual([
      live.trial.id,
      live.converted.id,
      ...[...stored].sort(newestFirst).map((s) => s.id),
    ]);
    expect(page.items[1]).toMatchObject({
      status: 'CONVERTED',
      referralCodeUsed: live.referrer.code,
      referrerAccountId: live.referrer.accountId,
      referredAccountId: live.converted.accountId,
      referrerReward: { type: 'PCT_DISCOUNT', status: 'AVAILABLE' },
    });
  });

  test('keyset pages of 3 cover every row once, in order, the last saying there is no more', async () => {
    const seen: string[] = [];
    const shapes: [number, boolean][] = [];
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list({
        filter: { code: 'pageb' },
        first: 3,
        after,
      });
      seen.push(...ids(page));
      shapes.push([page.items.length, page.hasNextPage]);
      after = page.hasNextPage ? page.endCursor : null;
    } while (after);
    expect(shapes).toEqual([
      [3, true],
      [3, true],
      [1, false],
    ]);
    expect(seen).toEqual([...stored].sort(newestFirst).map((s) => s.id));
  });

  test('the default page is 25; an empty result has no cursor', async () => {
    const none = await list({ filter: { search: 'nobody-at-all' } });
    expect(none).toEqual({ items: [], endCursor: null, hasNextPage: false });
  });

  test('filters: status, start dates (UTC days, inclusive), code in any case, combined', async () => {
    expect(ids(await list({ filter: { status: 'CONVERTED' } }))).toEqual([live.converted.id]);
    expect(ids(await list({ filter: { status: 'ENDED' } }))).toEqual([endedId]);
    const may = await list({ filter: { from: '2024-05-03', to: '2024-05-10' } });
    expect(new Set(ids(may))).toEqual(new Set([stored[1]!.id, stored[2]!.id, stored[3]!.id, stored[4]!.id]));
    const code = await list({ filter: { code: live.referrer.code.toLowerCase() } });
    expect(ids(code)).toEqual([live.trial.id, live.converted.id]);
    const both = await list({ filter: { code: live.referrer.code, status: 'IN_PROGRESS' } });
    expect(ids(both)).toEqual([live.trial.id]);
    expect(
      ids(await list({ filter: { from: '2024-05-11', to: '2024-05-11', status: 'IN_PROGRESS' } })),
    ).toEqual([stored[5]!.id]);
  });

  test('search: account ids, user ids, e-mails and codes, exactly', async () => {
    const search = async (term: string, filter: Json = {}) =>
      ids(await list({ filter: { ...filter, search: term } }));
    const liveBoth = [live.trial.id, live.converted.id];
    expect(await search(live.referrer.accountId)).toEqual(liveBoth);
    expect(await search(live.referrer.userId)).toEqual(liveBoth);
    expect(await search(live.referrer.email.toUpperCase())).toEqual(liveBoth);
    expect(await search(live.referrer.code.toLowerCase())).toEqual(liveBoth);
    expect(await search(live.converted.accountId)).toEqual([live.converted.id]);
    expect(await search(live.converted.userId)).toEqual([live.converted.id]);
    expect(await search(live.trial.email.toLowerCase())).toEqual([live.trial.id]);
    expect(await search(`  ${live.trial.accountId}  `)).toEqual([live.trial.id]);
    expect(await search('paged-user-2')).toEqual([stored[2]!.id]);
    expect(await search('pager@example.test', { status: 'ENDED' })).toEqual([endedId]);
    expect(await search(live.referrer.accountId.slice(0, -1))).toEqual([]);
  });
});

describe('the detail', () => {
  test('a converted referral: timeline in order, its lifecycle workflow and Temporal UI link', async () => {
    const res = await gql(DETAIL, { id: live.converted.id });
    expect(res.errors).toBeUndefined();
    const detail = res.data.referral;
    expect(detail.referral).toEqual({
      id: live.converted.id,
      status: 'CONVERTED',
      referredAccountId: live.converted.accountId,
      dateReferralStarted: expect.any(Number),
    });
    // The friend's discount is given at attribution and the referrer's reward at the conversion, which
    // the lifecycle workflow applies after the request's own commit: only the first entry is fixed.
    const kinds = detail.timeline.map((t: Json) => t.kind as string);
    expect(kinds[0]).toBe('ATTRIBUTED');
    expect([...kinds].sort()).toEqual(['ATTRIBUTED', 'CONVERTED', 'REWARD_GIVEN', 'REWARD_GIVEN']);
    const at = detail.timeline.map((t: Json) => t.at as number);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(at[0]).toBe(detail.referral.dateReferralStarted);
    expect(detail.timeline[0].description).toContain(live.referrer.code);
    const workflowId = `referral/${api.tenant.alias}/${encodeURIComponent(live.converted.accountId)}`;
    expect(detail.workflowId).toBe(workflowId);
    expect(detail.workflowUrl).toBe(
      `${api.config.temporalUiUrl}/namespaces/${api.config.TEMPORAL_NAMESPACE}/workflows/${encodeURIComponent(workflowId)}`,
    );
    // The id is the one the lifecycle really runs under.
    const described = await api.gw.deps.temporal.client.workflow.getHandle(workflowId).describe();
    expect(described.type).toBe('referralLifecycleWorkflow');
  });

  test('an ended referral: rewards given, then the end and the cancellations', async () => {
    const res = await gql(DETAIL, { id: endedId });
    const timeline = res.data.referral.timeline as Json[];
    expect(timeline.map((t) => [new Date(t.at).toISOString(), t.kind])).toEqual([
      ['2024-05-05T12:00:00.000Z', 'ATTRIBUTED'],
      ['2024-05-05T12:00:00.000Z', 'REWARD_GIVEN'],
      ['2024-05-06T00:00:00.000Z', 'CONVERTED'],
      ['2024-05-06T00:00:00.000Z', 'REWARD_GIVEN'],
      ['2024-05-08T00:00:00.000Z', 'ENDED'],
      ['2024-05-08T00:00:00.000Z', 'REWARD_CANCELLED'],
      ['2024-05-08T00:00:00.000Z', 'REWARD_CANCELLED'],
    ]);
    expect(timeline.map((t) => t.description)).toContain('Referrer reward cancelled: 15.00 USD credit');
  });

  test('an unknown id or one that is not a UUID is null', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await gql(DETAIL, { id });
      expect(res).toEqual({ data: { referral: null } });
    }
  });
});

describe('another tenant', () => {
  test('its key lists nothing of ours and gets null for our referral', async () => {
    expect((await list({ first: 100 }, other.auth, other.alias)).items).toEqual([]);
    expect(await list({ filter: { search: live.referrer.accountId } }, other.auth, other.alias)).toEqual({
      items: [],
      endCursor: null,
      hasNextPage: false,
    });
    expect(await gql(DETAIL, { id: live.converted.id }, other.auth, other.alias)).toEqual({
      data: { referral: null },
    });
  });

  test('its operator’s session: the same', async () => {
    const email = `owner@${other.alias.replace(/_/g, '-')}.test`;
    await createOperator(api.gw.deps.db, {
      tenantId: other.id,
      email,
      password: 'other owner phrase',
      role: 'OWNER',
    });
    const admin = adminApi(api.gw);
    const session = await admin.signIn(other.alias, email, 'other owner phrase');
    const detail = await admin.graphql(session, DETAIL, { id: live.converted.id });
    expect(detail.json).toEqual({ data: { referral: null } });
    const page = await admin.graphql(session, LIST, { filter: { search: live.referrer.code } });
    expect(page.json.data.referrals.items).toEqual([]);
  });
});

describe('bad arguments', () => {
  const cursorOf = (micros: string, id: string) => encodeCursor({ micros, id });
  const cases: [string, Json, string][] = [
    ['first 0', { first: 0 }, 'first'],
    ['first 101', { first: 101 }, 'first'],
    ['a cursor that is not one', { after: 'not a cursor!' }, 'after'],
    ['a cursor of garbage base64', { after: 'Zm9vYmFy' }, 'after'],
    ['a cursor with a non-UUID id', { after: cursorOf('1714557600000000', 'x') }, 'after'],
    ['a bad from date', { filter: { from: '2024-13-01' } }, 'filter.from'],
    ['from after to', { filter: { from: '2024-05-02', to: '2024-05-01' } }, 'filter.from'],
    ['a search with a control character', { filter: { search: 'a\u0007b' } }, 'filter.search'],
    ['a code too long', { filter: { code: 'C'.repeat(65) } }, 'filter.code'],
  ];
  test.each(cases)('%s: 400 VALIDATION_FAILED naming %s', async (_, variables, path) => {
    const res = await gql(LIST, variables);
    expect(res.data ?? null).toBeNull();
    expect(res.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(res.errors[0].extensions.validationErrors.map((v: Json) => v.path)).toEqual([path]);
  });
});
