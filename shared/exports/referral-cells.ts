import { formatAmount } from '../domain/programs/rule-explanations';
import type { Cell, ExportRow } from './export-cells';

/**
 * A referral's export row: its fraud signals (semicolon-joined) and its rewards, summarised and explained.
 * The explanation of a rule's reward is the sentence written when the rule gave it (rule-explanations.ts,
 * stored on the reward); a reward of the program's fixed rewards gets the sentence the portal's
 * explanation gives it (shared/domain/programs/reward-explanations.ts explainFixed).
 */
export const REFERRAL_COLUMNS = [
  'id',
  'createdAt',
  'updatedAt',
  'referrerUserId',
  'referrerAccountId',
  'friendUserId',
  'friendAccountId',
  'code',
  'programId',
  'status',
  'reviewStatus',
  'fraudSignals',
  'rewards',
  'rewardExplanations',
] as const;

/** A reward as the referrals query aggregates it (json_build_object in exports.repo.ts). */
interface RewardJson {
  source: string;
  type: string;
  percent: number | null;
  amount: number | string | null;
  unit: string | null;
  status: string;
  explanation: string | null;
}

function whose(source: string): string {
  return source === 'REFERRED' ? 'friend' : source === 'FRIEND_SIGNUP' ? 'referrer' : 'adjustment';
}

function value(reward: RewardJson): string {
  if (reward.type === 'PCT_DISCOUNT') return `${reward.percent ?? 0} %`;
  if (reward.amount === null || reward.unit === null) return '';
  return formatAmount(Number(reward.amount), reward.unit);
}

/** "referrer CREDIT 5.00 USD AVAILABLE" */
function summary(reward: RewardJson): string {
  return [whose(reward.source), reward.type, value(reward), reward.status].filter((p) => p !== '').join(' ');
}

function explanation(reward: RewardJson, convertedAt: string | null): string {
  if (reward.explanation) return reward.explanation;
  if (reward.source === 'REFERRED') {
    return `The friend got the program's ${String(reward.percent)} % discount when the referral was made.`;
  }
  if (reward.source === 'FRIEND_SIGNUP') {
    const on = convertedAt ? ` on ${convertedAt.slice(0, 10)}` : '';
    return `The referrer got the program's reward when the referral converted${on}.`;
  }
  return 'An operator adjusted the balance.';
}

interface FraudHit {
  signal: string;
}

export function referralCells(r: ExportRow): Cell[] {
  const rewards = (r.rewards ?? []) as RewardJson[];
  const signals = (r.fraud_signals ?? []) as FraudHit[];
  // ISO 8601 text (exports.repo.ts formats every time).
  const convertedAt = (r.date_paid as string | null) ?? null;
  return [
    r.id,
    r.date_started,
    r.updated_at,
    r.referrer_user_id,
    r.referrer_account_id,
    r.friend_user_id,
    r.referred_account_id,
    r.referral_code_used,
    r.program_id,
    r.status,
    r.review_status,
    signals.length === 0 ? null : signals.map((s) => s.signal).join(';'),
    rewards.length === 0 ? null : rewards.map(summary).join('; '),
    rewards.length === 0 ? null : rewards.map((w) => explanation(w, convertedAt)).join(' '),
  ];
}
