import {
  accountReferable,
  conversionTime,
  cookieAttributionAllowed,
  pendingSteps,
  referrerDiscountPercent,
  targetState,
  type AccountFacts,
} from '../../shared/domain/referrals/referral-rules';
import {
  candidateBatch,
  candidateCode,
  nameBase,
  randomCode,
  shareCodeSchema,
} from '../../shared/domain/referrals/share-codes';
import { REFERRAL_STATUS } from '../../shared/temporal/search-attributes';
import type { ReferralStatus } from '../../shared/types/referrals';
import { REFERRAL_STATUS_ATTRIBUTE } from '../../workflows/referral-lifecycle.workflow';

const t = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n));
const facts = (paid: number | null, user: number | null, cancelled: number | null): AccountFacts => ({
  firstPaidAt: paid === null ? null : t(paid),
  firstUserAt: user === null ? null : t(user),
  lastCancelledAt: cancelled === null ? null : t(cancelled),
});

describe('referral state machine', () => {
  test.each<[string, ReferralStatus, AccountFacts, ReferralStatus, string[]]>([
    ['nothing happened', 'IN_PROGRESS', facts(null, 1, null), 'IN_PROGRESS', []],
    ['paid, no user yet', 'IN_PROGRESS', facts(2, null, null), 'IN_PROGRESS', []],
    ['paid with a user', 'IN_PROGRESS', facts(2, 1, null), 'CONVERTED', ['convert']],
    ['user identified after paying', 'IN_PROGRESS', facts(1, 3, null), 'CONVERTED', ['convert']],
    ['cancelled before paying', 'IN_PROGRESS', facts(null, 1, 2), 'IN_PROGRESS', []],
    ['cancelled, then paid', 'IN_PROGRESS', facts(3, 1, 2), 'CONVERTED', ['convert']],
    ['paid then cancelled, not yet applied', 'IN_PROGRESS', facts(2, 1, 3), 'ENDED', ['convert', 'end']],
    ['converted, then cancelled', 'CONVERTED', facts(2, 1, 3), 'ENDED', ['end']],
    ['converted, cancel was before conversion', 'CONVERTED', facts(3, 1, 2), 'CONVERTED', []],
    ['ended stays ended', 'ENDED', facts(2, 1, 3), 'ENDED', []],
  ])('%s', (_name, current, accountFacts, target, steps) => {
    expect(targetState(current, accountFacts).status).toBe(target);
    expect(pendingSteps(current, accountFacts)).toEqual(steps);
  });

  test('conversion happens at the later of first PAID and first user', () => {
    expect(conversionTime(facts(1, 5, null))).toEqual(t(5));
    expect(conversionTime(facts(7, 5, null))).toEqual(t(7));
    expect(conversionTime(facts(null, 5, null))).toBeNull();
  });

  test.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('cookie attribution: new user %s, ever paid %s → %s', (userIsNew, accountEverPaid, allowed) => {
    expect(cookieAttributionAllowed({ userIsNew, accountEverPaid })).toBe(allowed);
  });

  test.each([
    [false, false, true],
    [true, false, false],
    [false, true, false],
  ])('referable: already referred %s, never referable %s → %s', (alreadyReferred, neverReferable, ok) => {
    expect(accountReferable({ alreadyReferred, neverReferable })).toBe(ok);
  });

  test.each([
    [[], 100, 0],
    [[10, 10], 100, 20],
    [[10, 10, 10], 25, 25],
  ])('referrer discount %j capped at %d is %d', (percents, max, expected) => {
    expect(referrerDiscountPercent(percents, max)).toBe(expected);
  });
});

describe('share codes', () => {
  test.each([
    ['Jane', 'Doe', 'JANEDOE'],
    ['Zoë', "O'Brien", 'ZOEOBRIEN'],
    ['  ', null, null],
    ['李', '雷', null],
    [null, 'Smith-Jones', 'SMITHJONES'],
  ])('name base of %s %s is %s', (first, last, base) => {
    expect(nameBase(first, last)).toBe(base);
  });

  test.each([
    ['JANEDOE', 1, 'JANEDOE'],
    ['JANEDOE', 2, 'JANEDOE2'],
    ['MAXIMILIANAFEATHERS', 1, 'MAXIMILIANAFEAT'],
    ['MAXIMILIANAFEATHERS', 2, 'MAXIMILIANAFEA2'],
    ['MAXIMILIANAFEATHERS', 12, 'MAXIMILIANAFE12'],
  ])('candidate %s #%d is %s', (base, n, code) => {
    expect(candidateCode(base, n)).toBe(code);
    expect(code.length).toBeLessThanOrEqual(15);
  });

  test('batches are consecutive, random codes are valid share codes without look-alikes', () => {
    expect(candidateBatch('AB', 1, 3)).toEqual(['AB', 'AB2', 'AB3']);
    for (let i = 0; i < 200; i += 1) {
      const code = randomCode();
      expect(shareCodeSchema.safeParse(code).success).toBe(true);
      expect(code).not.toMatch(/[01IO]/);
    }
  });
});

describe('lifecycle workflow contract', () => {
  // The workflow cannot import the client's search attribute key at run time, so it spells it again.
  test('the workflow upserts the status search attribute the client registers', () => {
    expect(REFERRAL_STATUS_ATTRIBUTE).toEqual({ name: REFERRAL_STATUS.name, type: REFERRAL_STATUS.type });
  });
});
