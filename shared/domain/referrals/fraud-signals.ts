import { blacklist } from 'mailchecker';
import type { FraudAction, FraudPolicy, FraudSignalHit, SharedClient } from '../../types/fraud';

/**
 * Fraud signals of a referral, pure: what is suspicious about an attribution, each with its
 * evidence in words an operator can check. Computed at attribution on every path and stored with the
 * referral; the program's policy (ALLOW, REVIEW, BLOCK per signal) acts on them.
 */

/** A person as the signals compare them: a user of the referred account, or the referrer. */
export interface PersonFacts {
  userId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** Mailbox providers that ignore dots in the local part (so a.d.a@ and ada@ are one mailbox). */
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * An e-mail address as one mailbox: lower case, without a `+tag`, and for Gmail-style providers without
 * dots in the local part (googlemail.com is gmail.com). Null for something that is not an address.
 */
export function normalizeEmail(email: string | null): string | null {
  if (!email) return null;
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return null;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1).replace(/\.+$/, '');
  if (!domain) return null;
  local = local.split('+')[0]!;
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) {
    local = local.replace(/\./g, '');
    domain = dotless;
  }
  return local ? `${local}@${domain}` : null;
}

/** A full name to compare: letters without accents, lower case, single spaces; null unless both parts are given. */
export function normalizedName(firstName: string | null, lastName: string | null): string | null {
  const part = (s: string | null) =>
    (s ?? '')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const first = part(firstName);
  const last = part(lastName);
  return first && last ? `${first} ${last}` : null;
}

/** Whether the address is at a disposable-mail domain (or a subdomain of one), per the `mailchecker` list. */
export function isDisposableEmail(email: string | null): boolean {
  const domain = email?.trim().toLowerCase().split('@')[1];
  if (!domain) return false;
  const list = blacklist();
  const labels = domain.replace(/\.+$/, '').split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (list.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

export interface SignalInput {
  /** The referred account's users (the friend). */
  referred: PersonFacts[];
  /** The user whose code was used. */
  referrer: PersonFacts | null;
  /** Attributions to that referrer within the last hour, before this one. */
  attributionsLastHour: number;
  /** The program's limit (maxAttributionsPerReferrerPerHour); null: no limit. */
  maxAttributionsPerHour: number | null;
  /** Clients of this identification the referrer was recently seen on (none when there was no client). */
  sharedClients?: SharedClient[];
}

/** A client as the evidence names it: the address, or the start of the device id. */
function describeClient(client: SharedClient): string {
  return client.kind === 'ADDRESS'
    ? `the client address ${client.value}`
    : `the browser device ${client.value.slice(0, 8)}…`;
}

/** The signals an attribution raises, in FRAUD_SIGNALS order, each at most once. */
export function fraudSignals(input: SignalInput): FraudSignalHit[] {
  const hits: FraudSignalHit[] = [];
  const { referrer } = input;
  const referrerEmail = normalizeEmail(referrer?.email ?? null);
  const sameEmail = input.referred.find((u) => referrerEmail && normalizeEmail(u.email) === referrerEmail);
  if (sameEmail && referrer) {
    hits.push({
      signal: 'SAME_EMAIL',
      evidence: `the referred user ${sameEmail.userId} (${sameEmail.email}) and the referrer ${referrer.userId} (${referrer.email}) share the mailbox ${referrerEmail}`,
    });
  }
  const referrerName = referrer ? normalizedName(referrer.firstName, referrer.lastName) : null;
  const sameName = input.referred.find(
    (u) => referrerName && normalizedName(u.firstName, u.lastName) === referrerName,
  );
  if (sameName && referrer) {
    hits.push({
      signal: 'SAME_NAME',
      evidence: `the referred user ${sameName.userId} and the referrer ${referrer.userId} are both named "${[referrer.firstName, referrer.lastName].join(' ')}"`,
    });
  }
  const shared = input.sharedClients ?? [];
  if (shared.length > 0 && referrer) {
    const seen = shared
      .map((c) => `${describeClient(c)} (the referrer's, last seen ${c.lastSeenAt.toISOString()})`)
      .join(' and ');
    hits.push({ signal: 'SAME_CLIENT', evidence: `the referred user identified from ${seen}` });
  }
  const disposable = input.referred.find((u) => isDisposableEmail(u.email));
  if (disposable) {
    hits.push({
      signal: 'DISPOSABLE_EMAIL',
      evidence: `the referred user ${disposable.userId} signed up with ${disposable.email}, at a disposable-mail domain`,
    });
  }
  const limit = input.maxAttributionsPerHour;
  if (limit !== null && input.attributionsLastHour + 1 > limit) {
    hits.push({
      signal: 'VELOCITY',
      evidence: `this is attribution ${input.attributionsLastHour + 1} to the referrer within an hour; the program allows ${limit}`,
    });
  }
  return hits;
}

const STRENGTH: Record<FraudAction, number> = { ALLOW: 0, REVIEW: 1, BLOCK: 2 };

/** What the program's policy does with these signals: the strongest action among them (none: ALLOW). */
export function policyAction(signals: FraudSignalHit[], policy: FraudPolicy): FraudAction {
  let action: FraudAction = 'ALLOW';
  for (const hit of signals) {
    const rule = policy.find((r) => r.signal === hit.signal)?.action ?? 'ALLOW';
    if (STRENGTH[rule] > STRENGTH[action]) action = rule;
  }
  return action;
}
