import type { DbOrTrx } from '../../db/knex';
import type { AccountRow } from '../../repos/accounts.repo';
import { createProgramRulesRepo } from '../../repos/program-rules.repo';
import { createReferralsRepo, type ReferralRow } from '../../repos/referrals.repo';
import type { RewardRow } from '../../repos/rewards.repo';
import {
  createRuleOccurrencesRepo,
  type NewOccurrence,
  type OccurrenceRow,
  type OccurrenceSource,
  type ReversalKind,
} from '../../repos/rule-occurrences.repo';
import type { ProgramSettings } from '../../types/program';
import type { Occurrence } from './rule-decisions';
import { reversePaymentRewards } from './reward-reversals';
import { grantRuleRewardsInOrder } from './rule-rewards';
import { loadRuleVersion } from './rule-versions';
import type { RuleSet } from './rules.schema';

/**
 * Payments and user events of a referred account that its referral's rules may reward. The door that
 * hears of one (a processor notification, an account sync, a user event) records it under its stable id
 * in its own transaction, under the account's lock, and marks the referral's lifecycle pending; the
 * lifecycle's reconcile step applies what is due (applyDueOccurrences). A payment recorded twice, or by
 * two gateways at once, is one row, and each rule's reward for it has a unique key: once, whatever
 * repeats.
 */

export type OccurrenceReport =
  | {
      kind: 'PAYMENT';
      paymentId: string;
      source: OccurrenceSource;
      amountCents: number;
      currency: string;
      at: Date;
    }
  | { kind: 'EVENT'; eventId: string; key: string; fields: Record<string, unknown>; at: Date };

/** The reports a rule set has a rule for: payments for a PAYMENT rule, events of an EVENT rule's key. */
export function wantedReports(rules: RuleSet, reports: OccurrenceReport[]): OccurrenceReport[] {
  return reports.filter((report) =>
    rules.some((rule) =>
      report.kind === 'PAYMENT'
        ? rule.trigger.type === 'PAYMENT'
        : rule.trigger.type === 'EVENT' && rule.trigger.eventKey === report.key,
    ),
  );
}

/**
 * The user event keys some rule of the tenant may reward: every EVENT rule's key in any program and
 * version, and the payment event key when a PAYMENT rule exists. A bulk path (the event import) sends
 * events of these keys through logUserEvents, which records them for the rules, and stores the others
 * as they are.
 */
export async function ruledEventKeys(
  db: DbOrTrx,
  tenantId: string,
  paymentEventKey: string | null,
): Promise<ReadonlySet<string>> {
  const { eventKeys, payments } = await createProgramRulesRepo(db).listenedEvents(tenantId);
  return new Set([...eventKeys, ...(payments && paymentEventKey ? [paymentEventKey] : [])]);
}

/** Records the reports the referral's rule version has a rule for; answers the ids of the new ones. */
export async function recordRuleOccurrences(
  trx: DbOrTrx,
  referral: ReferralRow | null,
  reports: OccurrenceReport[],
): Promise<string[]> {
  const [recorded] = await recordRuleOccurrencesOfReferrals(trx, [{ referral, reports }]);
  return recorded!;
}

/**
 * The same for the reports of several referred accounts (a door that hears of many at once, such as a
 * batch of user events), under their accounts' locks: one statement records all of them and marks each
 * referral with a new one pending. Answers each entry's new ids, in the order of the entries.
 */
export async function recordRuleOccurrencesOfReferrals(
  trx: DbOrTrx,
  entries: { referral: ReferralRow | null; reports: OccurrenceReport[] }[],
): Promise<string[][]> {
  const wanted: { referral: ReferralRow; reports: OccurrenceReport[] }[] = [];
  // A report repeated within the call is one payment or event: its first.
  const seen = new Set<string>();
  for (const { referral, reports } of entries) {
    if (!referral || referral.rule_version === null || referral.rule_version === undefined) continue;
    if (reports.length === 0 || referral.status === 'ENDED') continue;
    const { rules } = await loadRuleVersion(
      trx,
      referral.tenant_id,
      referral.rule_version,
      referral.program_id,
    );
    const fresh = wantedReports(rules, reports).filter((r) => {
      const key = occurrenceKey(r);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    wanted.push({ referral, reports: fresh });
  }
  const tenantId = wanted[0]?.referral.tenant_id;
  if (tenantId === undefined) return entries.map(() => []);
  const recorded = await createRuleOccurrencesRepo(trx).record(
    tenantId,
    wanted.flatMap(({ referral, reports }) =>
      reports.map((r) => ({ referral_id: referral.id, ...occurrenceColumns(r) })),
    ),
    trx,
  );
  const isNew = new Set(recorded.map((r) => `${r.kind}:${r.occurrence_id}`));
  return entries.map(({ referral }) => {
    const own = wanted.find((w) => w.referral === referral)?.reports ?? [];
    return own.filter((r) => isNew.has(occurrenceKey(r))).map(reportId);
  });
}

const occurrenceKey = (report: OccurrenceReport) => `${report.kind}:${reportId(report)}`;
const reportId = (report: OccurrenceReport) =>
  report.kind === 'PAYMENT' ? report.paymentId : report.eventId;

function occurrenceColumns(report: OccurrenceReport): Omit<NewOccurrence, 'tenant_id' | 'referral_id'> {
  return report.kind === 'PAYMENT'
    ? {
        kind: 'PAYMENT',
        occurrence_id: report.paymentId,
        source: report.source,
        amount_cents: report.amountCents,
        currency: report.currency,
        event_key: null,
        fields: null,
        occurred_at: report.at,
      }
    : {
        kind: 'EVENT',
        occurrence_id: report.eventId,
        source: 'EVENT',
        amount_cents: null,
        currency: null,
        event_key: report.key,
        fields: report.fields,
        occurred_at: report.at,
      };
}

/**
 * Records the first refund or charge-back of a payment, and marks its referral's lifecycle pending so the
 * reconcile step reverses the rewards it gave. Answers whether this call recorded it (a repeat: false).
 */
export async function recordPaymentReversal(
  trx: DbOrTrx,
  tenantId: string,
  paymentId: string,
  reversal: { kind: ReversalKind; ref: string; at: Date },
): Promise<boolean> {
  const referralId = await createRuleOccurrencesRepo(trx).recordReversal(tenantId, paymentId, reversal, trx);
  if (!referralId) return false;
  await markPending(trx, tenantId, referralId);
  return true;
}

/**
 * Records what the merchant has refunded of a payment in all, when it is less than the payment and more
 * than recorded so far, and marks its referral's lifecycle pending so the reconcile step reverses that
 * share of the rewards it gave. Answers whether this call raised it (a repeat, or an older total: false).
 */
export async function recordPaymentRefunded(
  trx: DbOrTrx,
  tenantId: string,
  paymentId: string,
  refund: { refundedCents: number; ref: string },
): Promise<boolean> {
  const referralId = await createRuleOccurrencesRepo(trx).recordRefunded(tenantId, paymentId, refund, trx);
  if (!referralId) return false;
  await markPending(trx, tenantId, referralId);
  return true;
}

async function markPending(trx: DbOrTrx, tenantId: string, referralId: string): Promise<void> {
  // An ENDED referral's lifecycle has finished: its reversal stays recorded, not applied (see docs).
  const referrals = createReferralsRepo(trx);
  const [referral] = await referrals.findMany(tenantId, [referralId], trx);
  if (referral && referral.status !== 'ENDED') await referrals.markLifecyclePending(referralId, trx);
}

export function occurrenceOf(row: OccurrenceRow): Occurrence {
  if (row.kind === 'PAYMENT') {
    return {
      type: 'PAYMENT',
      paymentId: row.occurrence_id,
      amountCents: Number(row.amount_cents),
      currency: row.currency ?? '',
      at: row.occurred_at,
    };
  }
  return {
    type: 'EVENT',
    eventId: row.occurrence_id,
    key: row.event_key ?? '',
    fields: row.fields ?? {},
    at: row.occurred_at,
  };
}

/**
 * The lifecycle's part: applies the referral's occurrences not applied yet (in the order they happened)
 * and the reversals (full, or a partial refund's share) not applied yet. A payment reversed before it was applied gives nothing. Runs inside
 * the reconcile transaction, under the referred account's lock.
 */
export async function applyDueOccurrences(
  trx: DbOrTrx,
  referral: ReferralRow & { rule_version: number },
  account: AccountRow,
  program: ProgramSettings,
  dayMs: number,
): Promise<{ created: RewardRow[]; reversed: RewardRow[]; debts: RewardRow[]; shares: RewardRow[] }> {
  // A payment before the conversion waits for it (the conversion starts a PAYMENT rule's months).
  const due = await createRuleOccurrencesRepo(trx).takeDue(
    referral.tenant_id,
    referral.id,
    referral.date_paid === null,
    trx,
  );
  const toApply = due.filter((r) => r.applied_at === null);
  // A payment reversed before it was applied gives nothing.
  const { created } = await grantRuleRewardsInOrder(
    trx,
    referral,
    account,
    program,
    toApply.filter((r) => r.reversed_at === null).map(occurrenceOf),
    dayMs,
  );
  const reversed: RewardRow[] = [];
  const debts: RewardRow[] = [];
  const shares: RewardRow[] = [];
  const reversalDue = (r: OccurrenceRow) =>
    (r.reversed_at !== null || Number(r.refunded_cents) > 0) && r.reversal_applied_at === null;
  for (const row of due.filter(reversalDue)) {
    const done = await reversePaymentRewards(trx, referral.tenant_id, row);
    reversed.push(...done.reversed);
    debts.push(...done.debts);
    shares.push(...done.shares);
  }
  return { created, reversed, debts, shares };
}
