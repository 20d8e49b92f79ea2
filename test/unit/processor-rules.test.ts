import { createSecretBox, SecretBoxError } from '../../shared/crypto/secret-box';
import { percentOfCents } from '../../shared/domain/rewards/discount-sync';
import { environmentFor, webhookUrl } from '../../shared/domain/processors/processor-connections';
import {
  initialStatus,
  notificationEffect,
  processorNotificationKey,
} from '../../shared/domain/processors/processor-notifications';
import { workflowIds } from '../../shared/temporal/workflow-ids';

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox('a-development-secret-of-at-least-32-chars');

  test('opens what it sealed, for the same owner only', () => {
    const sealed = box.seal('private-key-123', 'tenant-a');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('private-key-123');
    expect(box.open(sealed, 'tenant-a')).toBe('private-key-123');
    expect(() => box.open(sealed, 'tenant-b')).toThrow(SecretBoxError);
  });

  test('every seal uses a fresh IV', () => {
    expect(box.seal('same', 'a')).not.toBe(box.seal('same', 'a'));
  });

  test('another SECRET_KEY cannot open it', () => {
    const sealed = box.seal('k', 'tenant-a');
    expect(() =>
      createSecretBox('another-secret-of-at-least-32-characters').open(sealed, 'tenant-a'),
    ).toThrow(/SECRET_KEY/);
  });

  test.each([
    [
      'a flipped ciphertext byte',
      (s: string) => {
        const parts = s.split('.');
        const body = Buffer.from(parts[3]!, 'base64url');
        body[0] = body[0]! ^ 1;
        return [...parts.slice(0, 3), body.toString('base64url')].join('.');
      },
    ],
    [
      'a flipped tag byte',
      (s: string) => {
        const parts = s.split('.');
        const tag = Buffer.from(parts[2]!, 'base64url');
        tag[15] = tag[15]! ^ 0x80;
        return [parts[0], parts[1], tag.toString('base64url'), parts[3]].join('.');
      },
    ],
    ['a wrong version', (s: string) => s.replace(/^v1/, 'v2')],
    ['a missing part', (s: string) => s.split('.').slice(0, 3).join('.')],
  ])('rejects %s', (_, tamper) => {
    expect(() => box.open(tamper(box.seal('secret-value', 't')), 't')).toThrow(SecretBoxError);
  });
});

describe('discount maths', () => {
  test.each([
    [1000, 10, 100],
    [999, 10, 100], // 99.9 rounds up
    [994, 10, 99], // 99.4 rounds down
    [4999, 15, 750], // 749.85
    [1234, 0, 0],
    [1234, 100, 1234],
    [1, 50, 1], // half a cent rounds up
  ])('%i cents at %i%% is %i cents', (amount, percent, expected) => {
    expect(percentOfCents(amount, percent)).toBe(expected);
  });
});

describe('notification kinds', () => {
  test.each([
    ['subscription_charged_successfully', 'PAID', 'RECEIVED'],
    ['subscription_went_active', 'PAID', 'RECEIVED'],
    ['subscription_canceled', 'CANCELLED', 'RECEIVED'],
    ['subscription_expired', 'CANCELLED', 'RECEIVED'],
    ['subscription_charged_unsuccessfully', 'RECORD', 'RECORDED'],
    ['subscription_went_past_due', 'RECORD', 'RECORDED'],
    ['subscription_trial_ended', 'RECORD', 'RECORDED'],
    ['check', 'IGNORE', 'IGNORED'],
    ['dispute_opened', 'CHARGEBACK', 'RECEIVED'],
    ['dispute_lost', 'CHARGEBACK', 'RECEIVED'],
    ['dispute_won', 'IGNORE', 'IGNORED'],
  ])('%s: %s, stored %s', (kind, effect, status) => {
    expect(notificationEffect(kind)).toBe(effect);
    expect(initialStatus(notificationEffect(kind))).toBe(status);
  });

  test('the notification key and workflow ID come from kind, subject and second-precision time', () => {
    const key = processorNotificationKey(
      'subscription_went_active',
      'sub/1',
      new Date('2026-11-23T10:00:00.000Z'),
    );
    expect(key).toBe('subscription_went_active:sub%2F1:2026-11-23T10:00:00Z');
    expect(workflowIds.processorNotification('acme', 'braintree', key)).toBe(
      'notification/acme/braintree/subscription_went_active:sub%2F1:2026-11-23T10:00:00Z',
    );
    expect(processorNotificationKey('check', null, new Date(0))).toBe('check:-:1970-01-01T00:00:00Z');
  });

  test('the discount sync workflow ID escapes tenant and account', () => {
    expect(workflowIds.discountSync('acme', 'acct 1')).toBe('discount/acme/acct%201');
  });
});

describe('connections', () => {
  test('test-mode tenants use the sandbox, live tenants production', () => {
    expect(environmentFor('test')).toBe('SANDBOX');
    expect(environmentFor('live')).toBe('PRODUCTION');
  });

  test('the webhook URL is under the tenant', () => {
    expect(webhookUrl('https://ref.example.com', 'test_acme')).toBe(
      'https://ref.example.com/api/v1/test_acme/processor/braintree/webhook',
    );
  });
});
