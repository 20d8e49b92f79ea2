/**
 * The API's closed sets live in shared/contract/enums.ts: the server's registries and schemas use them,
 * and the copies the admin portal still spells out itself (its import page's job types and columns)
 * match them, so a job type or column added on the server shows up in the portal or fails here.
 */
import {
  FRAUD_SIGNALS,
  IMPORT_JOB_COLUMNS,
  IMPORT_JOB_TYPES,
  importColumnLabel,
  REWARD_TYPES,
} from '../../shared/contract/enums';
import { JOB_TYPE_REGISTRY, JOB_TYPES } from '../../shared/imports/job-types';
import { fraudPolicySchema } from '../../shared/types/fraud';
import { referrerRewardSchema } from '../../shared/types/program';

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

/**
 * The portal's import page, loaded at run time only: the file belongs to the browser build (DOM types,
 * JSX components), which the server's tsconfig does not compile.
 */
const PORTAL_JOB_TYPES = (
  jest.requireActual('../../clients/admin/src/pages/imports/import-types') as {
    JOB_TYPES: { value: string; columns: string[] }[];
  }
).JOB_TYPES;

test("the admin portal's import page lists the contract job types and columns", () => {
  expect(PORTAL_JOB_TYPES.map((t) => t.value)).toEqual([...IMPORT_JOB_TYPES]);
  for (const info of PORTAL_JOB_TYPES) {
    const type = info.value as (typeof IMPORT_JOB_TYPES)[number];
    expect(info.columns).toEqual(IMPORT_JOB_COLUMNS[type].map(importColumnLabel));
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
  expect(rewards.map((r) => referrerRewardSchema.parse(r).type)).toEqual([...REWARD_TYPES]);
});
