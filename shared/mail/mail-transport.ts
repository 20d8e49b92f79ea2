import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Mailbox } from './sender';

/** One message as the service sends it: always both parts, and any extra headers (List-Unsubscribe…). */
export interface OutgoingMail {
  from: Mailbox;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /**
   * A stable Message-ID for this (event, recipient), without angle brackets: a retried send carries the
   * same one, so a receiving system can tell a duplicate.
   */
  messageId?: string;
}

/**
 * What the SMTP server said. A permanent refusal (a 5xx reply: no such mailbox, policy) is an answer to
 * record, not to retry; a connection failure or a 4xx reply is thrown, and the caller retries.
 */
export type MailOutcome =
  { kind: 'SENT'; messageId: string; response: string } | { kind: 'REFUSED'; code: number; response: string };

export interface MailTransport {
  send(mail: OutgoingMail): Promise<MailOutcome>;
  close(): void;
}

/** Transient SMTP trouble (a 4xx reply, a dropped connection): the caller retries. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}

const SMTP_TIMEOUT_MS = 30_000;

function responseCode(err: unknown): number | undefined {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

/**
 * nodemailer over SMTP_URL (pooled connections, STARTTLS when offered). Null when SMTP_URL is unset:
 * the deployment sends no e-mail.
 */
export function createMailTransport(config: Pick<Config, 'SMTP_URL'>): MailTransport | null {
  if (!config.SMTP_URL) return null;
  const transporter = nodemailer.createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections: 4,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          from: { name: mail.from.name, address: mail.from.address },
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          messageId: mail.messageId ? `<${mail.messageId}>` : undefined,
        });
        if (info.rejected.length > 0) {
          return { kind: 'REFUSED', code: 550, response: String(info.response ?? 'recipient refused') };
        }
        return { kind: 'SENT', messageId: info.messageId, response: String(info.response ?? '') };
      } catch (err) {
        const code = responseCode(err);
        if (code !== undefined && code >= 500) {
          return { kind: 'REFUSED', code, response: (err as Error).message };
        }
        throw new MailDeliveryError(
          `SMTP delivery failed${code ? ` (${code})` : ''}: ${(err as Error).message}`,
        );
      }
    },
    close() {
      transporter.close();
    },
  };
}
