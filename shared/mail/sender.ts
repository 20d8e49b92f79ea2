import type { Config } from '../config';

/** A sender or recipient: a display name and an address. */
export interface Mailbox {
  name: string;
  address: string;
}

const MAILBOX = /^\s*(?:"?([^"<>]*?)"?\s*)?<([^<>\s]+@[^<>\s]+)>\s*$/;
const BARE_ADDRESS = /^\s*([^<>\s]+@[^<>\s]+)\s*$/;

/** `Name <address>` or a bare address, as MAIL_FROM holds it; null when it is neither. */
export function parseMailbox(value: string): Mailbox | null {
  const named = MAILBOX.exec(value);
  if (named) return { name: (named[1] ?? '').trim(), address: named[2]!.toLowerCase() };
  const bare = BARE_ADDRESS.exec(value);
  return bare ? { name: '', address: bare[1]!.toLowerCase() } : null;
}

/** The deployment's own sender (MAIL_FROM), for operator mail and tenants without a sender. */
export function deploymentSender(config: Pick<Config, 'MAIL_FROM'>): Mailbox {
  const mailbox = parseMailbox(config.MAIL_FROM);
  if (!mailbox) throw new Error('MAIL_FROM must be "Name <address>" or an address');
  return mailbox;
}

/** The domains tenants may send from: MAIL_SENDER_DOMAINS, or MAIL_FROM's domain. Lower case. */
export function allowedSenderDomains(config: Pick<Config, 'MAIL_FROM' | 'MAIL_SENDER_DOMAINS'>): string[] {
  if (config.MAIL_SENDER_DOMAINS) {
    return config.MAIL_SENDER_DOMAINS.split(',')
      .map((d) => d.trim().toLowerCase())
      .filter((d) => d !== '');
  }
  return [deploymentSender(config).address.split('@')[1]!];
}

/** True when the address's domain is an allowed domain or a subdomain of one. */
export function senderDomainAllowed(address: string, allowed: readonly string[]): boolean {
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  const domain = address.slice(at + 1).toLowerCase();
  return allowed.some((d) => domain === d || domain.endsWith(`.${d}`));
}
