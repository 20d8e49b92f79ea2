/**
 * The shared ids (shared/ids.ts), used by every route, resolver and connector: each is bounded and
 * refuses NUL, so no id reaches PostgreSQL as a driver error or an unbounded scan.
 */
import {
  accountIdSchema,
  codeLookupSchema,
  idempotencyKeySchema,
  jobIdSchema,
  referralCodeInputSchema,
  tenantAliasSchema,
  userIdSchema,
} from '../../shared/ids';

const IDS = {
  tenantAlias: { schema: tenantAliasSchema, valid: 'acme_test-1', max: 64 },
  accountId: { schema: accountIdSchema, valid: 'acct 1', max: 255 },
  userId: { schema: userIdSchema, valid: 'user@example.com', max: 255 },
  referralCode: { schema: referralCodeInputSchema, valid: 'JANEDOE', max: 64 },
  codeLookup: { schema: codeLookupSchema, valid: 'JANEDOE', max: 255 },
  jobId: { schema: jobIdSchema, valid: '0190b5e4-7f2a-7c3e-9a1b-2c3d4e5f6a7b', max: 100 },
  idempotencyKey: { schema: idempotencyKeySchema, valid: 'key-0001', max: 64 },
};

describe.each(Object.entries(IDS))('%s', (_name, { schema, valid, max }) => {
  test('accepts a plain id up to its bound, and nothing longer', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse('a'.repeat(max)).success).toBe(true);
    expect(schema.safeParse('a'.repeat(max + 1)).success).toBe(false);
  });

  test('refuses an empty value, NUL and control characters', () => {
    expect(schema.safeParse('').success).toBe(false);
    expect(schema.safeParse(`${valid}\u0000`).success).toBe(false);
    expect(schema.safeParse(`${valid}\u0007`).success).toBe(false);
  });
});

test('a referral code as sent is trimmed; a code to look up is taken as it is', () => {
  expect(referralCodeInputSchema.parse('  JANEDOE ')).toBe('JANEDOE');
  expect(codeLookupSchema.parse(' JANEDOE')).toBe(' JANEDOE');
});
