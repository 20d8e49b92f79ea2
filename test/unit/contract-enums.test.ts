/**
 * The API's closed sets live in shared/contract/enums.ts: the server's registries, schemas and GraphQL
 * enums use them, and the admin portal and the browser library import them (the portal's types from
 * GraphQL documents follow the schema's enums, so they follow the contract too).
 */
import { GraphQLEnumType } from 'graphql';
import {
  FRAUD_ACTIONS,
  FRAUD_SIGNALS,
  IMPORT_JOB_COLUMNS,
  IMPORT_JOB_STATUSES,
  IMPORT_JOB_TYPES,
  importColumnLabel,
  REFERRAL_STATUSES,
  REWARD_SOURCES,
  REWARD_STATUSES,
  REWARD_TYPES,
} from '../../shared/contract/enums';
import { buildSchema } from '../../services/gateway/graphql/schema';
import { JOB_TYPE_REGISTRY, JOB_TYPES } from '../../shared/imports/job-types';
import { fraudPolicySchema } from '../../shared/types/fraud';
import { referrerRewardSchema } from '../../shared/types/program';
import { RULE_REWARD_TYPES } from '../../shared/domain/programs/rules.schema';

test('the server registers exactly the contract job types, with the contract columns in order', () => {
  expect(JOB_TYPES).toEqual(IMPORT_JOB_TYPES);
  for (const type of IMPORT_JOB_TYPES) {
    const registered = JOB_TYPE_REGISTRY[type].columns.map(({ name, required }) => ({ name, required }));
    const listed = IMPORT_JOB_COLUMNS[type].map((c) => ({
      name: c.name,
      required: 'required' in c || undefined,
    }));
    expect(registered).toEqual(listed);
    for (const column of JOB_TYPE_REGISTRY[type].columns) expect(typeof column.check).toBe('function');
  }
});

test("the gateway's GraphQL enums have exactly the contract's values", () => {
  const schema = buildSchema();
  const contract = {
    ReferralStatus: REFERRAL_STATUSES,
    RewardType: REWARD_TYPES,
    RewardStatus: REWARD_STATUSES,
    RewardSource: REWARD_SOURCES,
    FraudSignal: FRAUD_SIGNALS,
    FraudAction: FRAUD_ACTIONS,
    JobStatus: IMPORT_JOB_STATUSES,
  };
  for (const [name, values] of Object.entries(contract)) {
    const type = schema.getType(name);
    expect(type).toBeInstanceOf(GraphQLEnumType);
    const inSchema = (type as GraphQLEnumType).getValues().map((v) => v.value as string);
    expect({ name, values: inSchema.sort() }).toEqual({ name, values: [...values].sort() });
  }
});

/**
 * The portal's import page, loaded at run time only: the file belongs to the browser build (DOM types,
 * JSX components), which the server's tsconfig does not compile.
 */
const PORTAL_JOB_TYPES = (
  jest.requireActual('../../clients/admin/src/pages/imports/import-types') as {
    JOB_TYPES: { value: string; label: string; columns: string[]; example: string }[];
  }
).JOB_TYPES;

test("the admin portal's import page offers every contract job type, with a sample the server accepts", () => {
  expect(PORTAL_JOB_TYPES.map((t) => t.value)).toEqual([...IMPORT_JOB_TYPES]);
  for (const info of PORTAL_JOB_TYPES) {
    const columns = IMPORT_JOB_COLUMNS[info.value as (typeof IMPORT_JOB_TYPES)[number]];
    expect(info.columns).toEqual(columns.map(importColumnLabel));
    expect(info.label).not.toBe('');
    // The sample's header names only the type's columns (a prefix family by any name), required ones all.
    const header = info.example.split('\n')[0]!.split(',');
    const known = (name: string) =>
      columns.some((c) => (c.name.endsWith('.') ? name.startsWith(c.name) : name === c.name));
    expect({ type: info.value, unknown: header.filter((name) => !known(name)) }).toEqual({
      type: info.value,
      unknown: [],
    });
    const required = columns.filter((c) => 'required' in c).map((c) => c.name);
    expect(required.filter((name) => !header.includes(name))).toEqual([]);
  }
});

test('importColumnLabel marks required columns and names prefix families', () => {
  expect(importColumnLabel({ name: 'id', required: true })).toBe('id*');
  expect(importColumnLabel({ name: 'customFields.' })).toBe('customFields.<name>');
  expect(importColumnLabel({ name: 'event.key', required: true })).toBe('event.key*');
});

test('the server validates with the contract values', () => {
  const policy = FRAUD_SIGNALS.map((signal) => ({ signal, action: 'REVIEW' as const }));
  expect(fraudPolicySchema.safeParse(policy).success).toBe(true);
  expect(fraudPolicySchema.safeParse([{ signal: 'NOT_A_SIGNAL', action: 'BLOCK' }]).success).toBe(false);
  const rewards = [
    { type: 'PCT_DISCOUNT', discountPercent: 10 },
    { type: 'CREDIT', amountCents: 500, unit: 'USD' },
  ];
  // The program's fixed referrer reward takes two of the reward types; rules give every one.
  expect(rewards.map((r) => referrerRewardSchema.parse(r).type)).toEqual(['PCT_DISCOUNT', 'CREDIT']);
  expect([...RULE_REWARD_TYPES]).toEqual([...REWARD_TYPES]);
});
