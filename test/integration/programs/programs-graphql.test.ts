/**
 * Several programs per tenant in GraphQL: programs, program(id), createProgram, updateProgram(id) and
 * archiveProgram; the default program as before; field-named refusals that write nothing; audit
 * entries; another tenant's programs are NOT_FOUND.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../shared/config';
import { PER_FRIEND, THREE_FRIENDS } from '../../helpers/program-rules';
import { startReferralApi, type ReferralApi } from '../../helpers/referrals';

let api: ReferralApi;
let other: ReferralApi;
beforeAll(async () => {
  [api, other] = await Promise.all([startReferralApi(), startReferralApi()]);
});
afterAll(async () => {
  await Promise.all([api?.close(), other?.close()]);
});

const FIELDS = /* GraphQL */ `
  fragment P on Program {
    id
    isDefault
    archivedAt
    name
    referredDiscountPercent
    referrerReward {
      type
      amountCents
      unit
    }
    rewardHoldDays
    widgetHeadline
    allowedOrigins
    ruleVersion
    rules {
      id
    }
  }
`;
const CREATE = /* GraphQL */ `
  ${FIELDS}
  mutation ($input: ProgramInput!) {
    createProgram(input: $input) {
      ...P
    }
  }
`;
const UPDATE = /* GraphQL */ `
  ${FIELDS}
  mutation ($id: ID, $input: ProgramInput!) {
    updateProgram(id: $id, input: $input) {
      ...P
    }
  }
`;
const ARCHIVE = /* GraphQL */ `
  ${FIELDS}
  mutation ($id: ID!) {
    archiveProgram(id: $id) {
      ...P
    }
  }
`;
const READ = /* GraphQL */ `
  ${FIELDS}
  query ($id: ID) {
    program(id: $id) {
      ...P
    }
    programs {
      ...P
    }
  }
`;

const errorsOf = (result: Record<string, any>) =>
  (result.errors ?? []).flatMap((e: any) => (e.extensions?.validationErrors ?? []).map((v: any) => v.path));

test('the default program is the one that exists; a new one copies its settings and has its own', async () => {
  const before = await api.gqlOk(READ);
  expect(before.program).toMatchObject({ id: 'default', isDefault: true, archivedAt: null });
  expect(before.programs.map((p: any) => p.id)).toEqual(['default']);
  await api.gqlOk(UPDATE, { input: { rewardHoldDays: 7, widgetHeadline: 'Give 10 %' } });

  const created = (
    await api.gqlOk(CREATE, {
      input: {
        name: 'Partners',
        referredDiscountPercent: 25,
        referrerReward: { type: 'CREDIT', amountCents: 5000, unit: 'USD' },
        rules: [PER_FRIEND],
      },
    })
  ).createProgram;
  expect(created).toMatchObject({
    isDefault: false,
    archivedAt: null,
    name: 'Partners',
    referredDiscountPercent: 25,
    referrerReward: { type: 'CREDIT', amountCents: 5000, unit: 'USD' },
    // Copied from the default program when it was created.
    rewardHoldDays: 7,
    widgetHeadline: 'Give 10 %',
    ruleVersion: 1,
    rules: [{ id: PER_FRIEND.id }],
  });
  expect(created.id).toMatch(/^prg_[0-9a-f]{16}$/);

  // Each program changes alone; the default keeps its own.
  const changed = (
    await api.gqlOk(UPDATE, { id: created.id, input: { rewardHoldDays: 30, name: 'Partners 2026' } })
  ).updateProgram;
  expect(changed).toMatchObject({ id: created.id, rewardHoldDays: 30, name: 'Partners 2026' });
  const read = await api.gqlOk(READ, { id: created.id });
  expect(read.program).toMatchObject({ id: created.id, rewardHoldDays: 30, referredDiscountPercent: 25 });
  expect(read.programs.map((p: any) => [p.id, p.rewardHoldDays, p.ruleVersion])).toEqual([
    ['default', 7, null],
    [created.id, 30, 1],
  ]);
  // A later change of the default program does not reach the copy.
  await api.gqlOk(UPDATE, { input: { rewardHoldDays: 3 } });
  expect((await api.gqlOk(READ, { id: created.id })).program.rewardHoldDays).toBe(30);

  // Its rules are its own versions.
  const published = (await api.gqlOk(UPDATE, { id: created.id, input: { rules: [THREE_FRIENDS] } }))
    .updateProgram;
  expect(published.ruleVersion).toBe(2);
  expect((await api.gqlOk(READ)).program.ruleVersion).toBeNull();
});

test('refusals name the field and write nothing', async () => {
  const count = async () => (await api.gqlOk(READ)).programs.length;
  const before = await count();
  const noName = await api.gql(CREATE, { input: { referredDiscountPercent: 10 } });
  expect(errorsOf(noName)).toEqual(['input.name']);
  const shared = await api.gql(CREATE, {
    input: { name: 'Shop', allowedOrigins: ['https://shop.example'], customHost: 'r.shop.example' },
  });
  expect(errorsOf(shared)).toEqual(['input.allowedOrigins', 'input.customHost']);
  const badRule = await api.gql(CREATE, {
    input: {
      name: 'Bad',
      rules: [{ ...PER_FRIEND, tiers: [{ fromConversions: 0, reward: PER_FRIEND.tiers[0]!.reward }] }],
    },
  });
  expect(errorsOf(badRule)[0]).toMatch(/^input\.rules\.0\.tiers\.0\./);
  const badPercent = await api.gql(CREATE, { input: { name: 'Bad', referredDiscountPercent: 101 } });
  expect(errorsOf(badPercent)).toEqual(['input.referredDiscountPercent']);
  expect(await count()).toBe(before);

  const badId = await api.gql(READ, { id: 'nope' });
  expect(errorsOf(badId)).toEqual(['id']);
  const unknown = await api.gql(READ, { id: 'prg_0123456789abcdef' });
  expect(unknown.errors[0].extensions.code).toBe('NOT_FOUND');
  const archiveDefault = await api.gql(ARCHIVE, { id: 'default' });
  expect(errorsOf(archiveDefault)).toEqual(['id']);
  const created = (await api.gqlOk(CREATE, { input: { name: 'Seasonal' } })).createProgram;
  const sharedUpdate = await api.gql(UPDATE, { id: created.id, input: { discountId: 'x' } });
  expect(errorsOf(sharedUpdate)).toEqual(['input.discountId']);
});

test('archiving: once, again changes nothing; audited with the program named', async () => {
  const created = (await api.gqlOk(CREATE, { input: { name: 'Winter campaign' } })).createProgram;
  const archived = (await api.gqlOk(ARCHIVE, { id: created.id })).archiveProgram;
  expect(archived.archivedAt).toEqual(expect.any(Number));
  const again = (await api.gqlOk(ARCHIVE, { id: created.id })).archiveProgram;
  expect(again.archivedAt).toBe(archived.archivedAt);

  const audit = await api.gw.deps
    .db('audit_log')
    .where({ tenant_id: api.tenantId })
    .whereIn('action', ['createProgram', 'archiveProgram'])
    .orderBy('at')
    .select('action', 'target');
  expect(audit).toEqual(
    expect.arrayContaining([
      { action: 'createProgram', target: created.id },
      { action: 'archiveProgram', target: created.id },
    ]),
  );
  const sentences = await api.gqlOk(/* GraphQL */ `
    query {
      auditLog(first: 50) {
        entries {
          action
          sentence
        }
      }
    }
  `);
  const said = sentences.auditLog.entries.map((n: any) => n.sentence).join('\n');
  expect(said).toContain('created the program Winter campaign');
  expect(said).toContain(`archived the program ${created.id}`);
});

test("another tenant's programs are NOT_FOUND to read, change and archive", async () => {
  const mine = (await api.gqlOk(CREATE, { input: { name: 'Mine' } })).createProgram;
  const read = await other.gql(READ, { id: mine.id });
  expect(read.errors[0].extensions.code).toBe('NOT_FOUND');
  const update = await other.gql(UPDATE, { id: mine.id, input: { name: 'Stolen' } });
  expect(update.errors[0].extensions.code).toBe('NOT_FOUND');
  const archive = await other.gql(ARCHIVE, { id: mine.id });
  expect(archive.errors[0].extensions.code).toBe('NOT_FOUND');
  expect((await other.gqlOk(READ)).programs.map((p: any) => p.id)).toEqual(['default']);
  expect((await api.gqlOk(READ, { id: mine.id })).program).toMatchObject({ name: 'Mine', archivedAt: null });
});

test("docs/programs.md's createProgram and simulateProgram run as written", async () => {
  const guide = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'programs.md'), 'utf8');
  const block = (tag: string) => new RegExp('```graphql ' + tag + '\\n([\\s\\S]*?)```').exec(guide)![1]!;
  const created = (await api.gqlOk(block('programs'))).createProgram;
  expect(created).toMatchObject({ name: 'Partners', referredDiscountPercent: 25 });
  expect(created.id).toMatch(/^prg_/);
  const simulated = (await api.gqlOk(block('simulate'))).simulateProgram;
  expect(simulated).toEqual({ conversions: 0, payments: 0, events: 0, wouldGive: [], given: [] });
});
