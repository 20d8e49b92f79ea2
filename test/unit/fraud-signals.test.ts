import {
  fraudSignals,
  isDisposableEmail,
  normalizeEmail,
  normalizedName,
  type PersonFacts,
} from '../../shared/domain/referrals/fraud-signals';

const person = (userId: string, over: Partial<PersonFacts> = {}): PersonFacts => ({
  userId,
  email: null,
  firstName: null,
  lastName: null,
  ...over,
});

describe('one mailbox, however it is written', () => {
  test.each([
    ['Ada@Example.com', 'ada@example.com'],
    [' ada+promo@example.com ', 'ada@example.com'],
    ['a.d.a@gmail.com', 'ada@gmail.com'],
    ['A.D.A+x@GoogleMail.com', 'ada@gmail.com'],
    ['a.d.a@example.com', 'a.d.a@example.com'],
    ['ada@example.com.', 'ada@example.com'],
  ])('%s is %s', (email, mailbox) => expect(normalizeEmail(email)).toBe(mailbox));

  test.each([[null], [''], ['no-at-sign'], ['@example.com'], ['+tag@example.com'], ['ada@']])(
    '%s is no address',
    (email) => expect(normalizeEmail(email)).toBeNull(),
  );
});

test('names compare without case, accents or punctuation, and only when both parts are given', () => {
  expect(normalizedName('  Zoë ', "O'Brien")).toBe('zoe o brien');
  expect(normalizedName('ZOE', 'o brien')).toBe('zoe o brien');
  expect(normalizedName('Ada', null)).toBeNull();
  expect(normalizedName(null, 'Lovelace')).toBeNull();
});

test('disposable domains come from the mailchecker list, subdomains included', () => {
  expect(isDisposableEmail('someone@mailinator.com')).toBe(true);
  expect(isDisposableEmail('someone@MAILINATOR.COM')).toBe(true);
  expect(isDisposableEmail('someone@inbox.10minutemail.com')).toBe(true);
  expect(isDisposableEmail('someone@gmail.com')).toBe(false);
  expect(isDisposableEmail('someone@example.com')).toBe(false);
  expect(isDisposableEmail(null)).toBe(false);
  expect(isDisposableEmail('not-an-address')).toBe(false);
});

describe('the signals of an attribution', () => {
  const rita = person('rita', { email: 'rita.r@gmail.com', firstName: 'Rita', lastName: 'Referrer' });

  test('nothing suspicious: no signal', () => {
    const ann = person('ann', { email: 'ann@example.com', firstName: 'Ann', lastName: 'Other' });
    expect(
      fraudSignals({ referred: [ann], referrer: rita, attributionsLastHour: 3, maxAttributionsPerHour: 10 }),
    ).toEqual([]);
  });

  test('same mailbox, same name, disposable address and velocity, each with its evidence', () => {
    const alias = person('rita2', {
      email: 'RitaR+2@googlemail.com',
      firstName: 'rita',
      lastName: 'REFERRER',
    });
    const burner = person('burner', { email: 'x@mailinator.com' });
    const hits = fraudSignals({
      referred: [alias, burner],
      referrer: rita,
      attributionsLastHour: 10,
      maxAttributionsPerHour: 10,
    });
    expect(hits.map((h) => h.signal)).toEqual(['SAME_EMAIL', 'SAME_NAME', 'DISPOSABLE_EMAIL', 'VELOCITY']);
    expect(hits[0]!.evidence).toContain('ritar@gmail.com');
    expect(hits[1]!.evidence).toContain('"Rita Referrer"');
    expect(hits[2]!.evidence).toContain('x@mailinator.com');
    expect(hits[3]!.evidence).toBe(
      'this is attribution 11 to the referrer within an hour; the program allows 10',
    );
  });

  test('SAME_CLIENT names each client the referrer was seen on', () => {
    const lastSeenAt = new Date('2026-11-20T10:00:00.000Z');
    const hits = fraudSignals({
      referred: [],
      referrer: rita,
      attributionsLastHour: 0,
      maxAttributionsPerHour: null,
      sharedClients: [
        { kind: 'ADDRESS', value: '203.0.113.7', lastSeenAt },
        { kind: 'DEVICE', value: 'abcdefghijklmnopqrstuv', lastSeenAt },
      ],
    });
    expect(hits).toEqual([
      {
        signal: 'SAME_CLIENT',
        evidence:
          "the referred user identified from the client address 203.0.113.7 (the referrer's, last seen 2026-11-20T10:00:00.000Z) and the browser device abcdefgh… (the referrer's, last seen 2026-11-20T10:00:00.000Z)",
      },
    ]);
  });

  test('velocity fires only past the limit, and never without one', () => {
    const base = { referred: [], referrer: rita };
    expect(fraudSignals({ ...base, attributionsLastHour: 9, maxAttributionsPerHour: 10 })).toEqual([]);
    expect(fraudSignals({ ...base, attributionsLastHour: 10_000, maxAttributionsPerHour: null })).toEqual([]);
  });

  test('a referrer or friend without e-mail or full name raises nothing from them', () => {
    const bare = person('bare');
    expect(
      fraudSignals({
        referred: [bare],
        referrer: person('r'),
        attributionsLastHour: 0,
        maxAttributionsPerHour: null,
      }),
    ).toEqual([]);
  });
});
