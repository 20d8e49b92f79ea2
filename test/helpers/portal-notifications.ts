/**
 * The Notifications pages' browser tests (test/browser/portal-notifications*.test.ts): a portal stack
 * whose gateway sends through a real SMTP sink (test/helpers/smtp-sink.ts), with MAIL_FROM in mail.test
 * and the tenant allowed to send from mail.test or shop.example.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import { usePortalStack, type PortalStack } from './portal';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export interface NotificationPortal {
  stack: PortalStack;
  sink: () => SmtpSink;
}

export const MAIL_ENV = {
  MAIL_FROM: 'Referrals <no-reply@mail.test>',
  MAIL_SENDER_DOMAINS: 'mail.test,shop.example',
};

/** The file's SMTP sink and portal stack (SMTP_URL pointing at the sink), started before its tests. */
export function useNotificationPortal(): NotificationPortal {
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  const stack = usePortalStack(() => ({ env: { SMTP_URL: sink!.url, ...MAIL_ENV } }));
  afterAll(async () => {
    await sink?.close();
  });
  return { stack, sink: () => sink! };
}

/** Copies a test screenshot (.data/test/screenshots/<file>) into docs/screenshots for the guides. */
export function keepForDocs(file: string): void {
  const dir = path.join(PROJECT_ROOT, 'docs', 'screenshots');
  fs.copyFileSync(file, path.join(dir, path.basename(file)));
}
