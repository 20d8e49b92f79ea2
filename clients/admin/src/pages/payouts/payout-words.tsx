/**
 * What the Payouts pages share: the words for blockers and statuses, their badges, ISO dates for people,
 * and the tabs between Due, Runs and Settings.
 */
import { Badge, type BadgeTone } from '../../components';
import { formatDateTime } from '../../format';
import { withQuery } from '../../router';
import type {
  PayoutBlocker,
  PayoutMethodType,
  PayoutRunStatus,
  PayoutSchedule,
  PayoutStatus,
} from '../../gql/graphql';

export const PAYOUTS_PATH = '/admin/payouts';
export const RUNS_PATH = '/admin/payouts/runs';
export const SETTINGS_PATH = '/admin/payouts/settings';

/** A run's page. */
export const runHref = (id: string) => `${RUNS_PATH}/${encodeURIComponent(id)}`;

/** Why a referrer is not paid now, in plain words. */
export const BLOCKER_WORDS: Record<PayoutBlocker, string> = {
  NO_METHOD: 'No payout method',
  HELD: 'Held by an operator',
  BELOW_MINIMUM: 'Below the minimum',
  NEGATIVE_BALANCE: 'Owes a clawback (balance below zero)',
  TAX_FORM_NEEDED: 'Tax form needed',
};

export const METHOD_NAMES: Record<PayoutMethodType, string> = {
  PAYPAL: 'PayPal',
  STRIPE_CONNECT: 'Stripe Connect',
  GIFT_CARD: 'Gift card',
};

export const SCHEDULE_WORDS: Record<PayoutSchedule, string> = {
  MANUAL: 'By hand (Run payouts)',
  WEEKLY: 'Every week',
  MONTHLY: 'Every month',
};

const RUN_STATUS: Record<PayoutRunStatus, [string, BadgeTone]> = {
  RESERVING: ['Reserving', 'info'],
  AWAITING_APPROVAL: ['Awaiting approval', 'warning'],
  SENDING: ['Sending', 'info'],
  SETTLING: ['Settling', 'info'],
  COMPLETED: ['Completed', 'success'],
  CANCELLED: ['Cancelled', 'neutral'],
};

const PAYOUT_STATUS: Record<PayoutStatus, [string, BadgeTone]> = {
  RESERVED: ['Reserved', 'info'],
  SENT: ['Sent', 'info'],
  PAID: ['Paid', 'success'],
  FAILED: ['Failed', 'danger'],
  RETURNED: ['Returned', 'danger'],
  UNCLAIMED: ['Unclaimed', 'warning'],
  CANCELLED: ['Cancelled', 'neutral'],
};

/** Payouts that did not reach the payee: highlighted with the provider's message. */
export const PROBLEM_STATUSES: PayoutStatus[] = ['FAILED', 'RETURNED', 'UNCLAIMED'];

/** A run still moving on its own (the pages look again every few seconds). */
export const RUN_MOVING: PayoutRunStatus[] = ['RESERVING', 'SENDING', 'SETTLING'];

export function RunStatusBadge({ status }: { status: PayoutRunStatus }) {
  const [label, tone] = RUN_STATUS[status];
  return (
    <Badge tone={tone} testId="run-status">
      {label}
    </Badge>
  );
}

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const [label, tone] = PAYOUT_STATUS[status];
  return (
    <Badge tone={tone} testId="payout-status">
      {label}
    </Badge>
  );
}

/** An ISO instant from the API → "Mar 4, 2026, 2:05 PM"; "—" for none. */
export function formatIso(iso: string | null | undefined): string {
  return iso ? formatDateTime(Date.parse(iso)) : '—';
}

/** The tabs between the Payouts pages: links, the current one marked. */
export function PayoutTabs({ current, program }: { current: 'due' | 'runs' | 'settings'; program?: string }) {
  const tabs = [
    ['due', 'Due', PAYOUTS_PATH],
    ['runs', 'Runs', RUNS_PATH],
    ['settings', 'Settings', SETTINGS_PATH],
  ] as const;
  return (
    <nav class="payout-tabs" aria-label="Payouts">
      <ul>
        {tabs.map(([key, label, path]) => (
          <li key={key}>
            <a
              class="payout-tab"
              href={key === 'runs' ? path : withQuery(path, { program })}
              aria-current={key === current ? 'page' : undefined}
              data-testid={`payout-tab-${key}`}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
