/**
 * The pure part of notifications (shared/domain/notifications): templates and their variables, the HTML
 * part's escaping and links, the built-in texts, what each outbound event causes, unsubscribe tokens.
 */
import { defaultTemplate } from '../../shared/domain/notifications/default-templates';
import { formatMoney, formatOffer } from '../../shared/domain/notifications/mail-values';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_LOCALES,
  templateLocale,
} from '../../shared/domain/notifications/notification-kinds';
import { planDeliveries } from '../../shared/domain/notifications/notification-plan';
import {
  checkTemplate,
  renderTemplate,
  templateVariables,
} from '../../shared/domain/notifications/template-render';
import { createUnsubscribeTokens } from '../../shared/domain/notifications/unsubscribe-token';
import { AppError } from '../../shared/errors';

const layout = { title: 'Shop <Club>', lang: 'en' };

describe('templates', () => {
  test('variables are listed once each, spaces inside the braces allowed', () => {
    expect(templateVariables('Hi {{ referrer.firstName }}, {{shareLink}} {{referrer.firstName}}')).toEqual([
      'referrer.firstName',
      'shareLink',
    ]);
  });

  test('an unknown variable is refused, naming the field and the variable', () => {
    let error: unknown;
    try {
      checkTemplate(NOTIFICATION_KIND_INFO.FRIEND_SIGNED_UP.variables, {
        subject: 'ok',
        body: 'Hi {{referrer.nmae}}',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).details.validationErrors).toEqual([
      { path: 'body', message: 'unknown variable {{referrer.nmae}}' },
    ]);
  });

  test('every built-in text, in every language, uses only its kind’s variables and has the unsubscribe link', () => {
    for (const kind of NOTIFICATION_KINDS) {
      for (const locale of NOTIFICATION_LOCALES) {
        const text = defaultTemplate(kind, locale);
        expect(() => checkTemplate(NOTIFICATION_KIND_INFO[kind].variables, text)).not.toThrow();
        expect(text.body).toContain('{{unsubscribeUrl}}');
      }
    }
  });

  test('values are HTML-escaped in the HTML part, plain in the text part; links are links', () => {
    const out = renderTemplate(
      {
        subject: 'Hi {{friend.firstName}}\r\nBcc: x',
        body: 'A {{friend.firstName}}\nline two\n\nSee {{shareLink}} or https://a.example/x?y=1&z=2.',
      },
      { 'friend.firstName': '<img src=x onerror=alert(1)>', shareLink: 'https://s.example/r/"x' },
      layout,
    );
    expect(out.subject).toBe('Hi <img src=x onerror=alert(1)> Bcc: x');
    expect(out.text).toBe(
      'A <img src=x onerror=alert(1)>\nline two\n\nSee https://s.example/r/"x or https://a.example/x?y=1&z=2.\n',
    );
    expect(out.html).toContain('A &lt;img src=x onerror=alert(1)&gt;<br>line two</p>');
    expect(out.html).toContain('<a href="https://s.example/r/&quot;x"');
    expect(out.html).toContain('<a href="https://a.example/x?y=1&amp;z=2"');
    expect(out.html).toContain('Shop &lt;Club&gt;');
    expect(out.html).not.toMatch(/<script|<style|class=/);
  });

  test('a value that looks like a link is not made one unless it is a link variable', () => {
    const out = renderTemplate(
      { subject: 's', body: '{{friend.firstName}}' },
      { 'friend.firstName': 'https://evil.example' },
      layout,
    );
    expect(out.html).not.toContain('<a ');
  });
});

describe('values and languages', () => {
  test('a user’s locale picks the template language, English otherwise', () => {
    expect([
      templateLocale('fr-CA'),
      templateLocale('de_DE'),
      templateLocale('es'),
      templateLocale(null),
    ]).toEqual(['fr', 'de', 'en', 'en']);
  });

  test('money with its currency, a unit that is not one as a word; the offer', () => {
    expect(formatMoney('en', 1000, 'EUR')).toBe('€10.00');
    expect(formatMoney('en', 250, 'points')).toBe('2.5 points');
    expect(formatOffer('de', 15)).toMatch(/^15\s%\sRabatt$/);
  });
});

describe('what an outbound event causes', () => {
  test('a referral started: the referrer and the friend, one key each', () => {
    const plans = planDeliveries({ id: 'e1', type: 'referral.started', payload: { data: { id: 'ref1' } } });
    expect(plans.map((p) => [p.key, p.kind])).toEqual([
      ['e1/FRIEND_SIGNED_UP', 'FRIEND_SIGNED_UP'],
      ['e1/FRIEND_WELCOME', 'FRIEND_WELCOME'],
    ]);
  });

  test('rewards: the referrer’s only; a payout sent; other types nothing', () => {
    const reward = (source: string) => ({ data: { id: 'w1', rewardSource: source } });
    expect(
      planDeliveries({ id: 'e', type: 'reward.created', payload: reward('FRIEND_SIGNUP') })[0]?.kind,
    ).toBe('REWARD_EARNED');
    expect(
      planDeliveries({ id: 'e', type: 'reward.available', payload: reward('FRIEND_SIGNUP') })[0]?.kind,
    ).toBe('REWARD_AVAILABLE');
    expect(planDeliveries({ id: 'e', type: 'reward.created', payload: reward('REFERRED') })).toEqual([]);
    const payout = {
      data: { id: 'p', accountId: 'a', amountCents: 100, currency: 'USD', programId: 'default' },
    };
    expect(planDeliveries({ id: 'e', type: 'payout.sent', payload: payout })[0]).toMatchObject({
      kind: 'PAYOUT_SENT',
      accountId: 'a',
    });
    expect(planDeliveries({ id: 'e', type: 'payout.paid', payload: payout })).toEqual([]);
  });
});

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens('a-secret-key-of-at-least-32-characters!');
  const subject = { tenantId: '0196f3a2-8c1e-7000-8000-000000000001', email: 'Ann@Example.com' };

  test('a token names its tenant and address (lower case) and verifies without a lookup', () => {
    expect(tokens.verify(tokens.sign(subject))).toEqual({
      tenantId: subject.tenantId,
      email: 'ann@example.com',
    });
  });

  test('an altered payload, another key’s token and junk are refused', () => {
    const token = tokens.sign(subject);
    const [, mac] = token.split('.');
    const other = Buffer.from(`0196f3a2-8c1e-7000-8000-000000000002\nann@example.com`).toString('base64url');
    expect(tokens.verify(`${other}.${mac}`)).toBeNull();
    expect(createUnsubscribeTokens('another-secret-key-of-32-characters-xx').verify(token)).toBeNull();
    expect(tokens.verify('junk')).toBeNull();
    expect(tokens.verify(`${token}.x`)).toBeNull();
  });
});
