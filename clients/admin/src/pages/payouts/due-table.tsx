/**
 * The due list's table: one row per payee and currency with what a run would pay, what blocks it in
 * plain words, the masked method, the rewards behind it (a disclosure) and, for OWNERs and ADMINs, hold
 * or release and, for a payee waiting for one, "tax form received".
 */
import { Badge, DataTable, type Column } from '../../components';
import { formatMoney } from '../../format';
import { AccountLink } from '../referrals/referral-parts';
import type { DuePayee } from './payout-queries';
import { BLOCKER_WORDS, formatIso, METHOD_NAMES } from './payout-words';

export type PayeeAction = 'hold' | 'release' | 'tax';

export interface DueTableProps {
  rows: DuePayee[];
  /** Null for a VIEWER: no action column. */
  onAction: ((action: PayeeAction, row: DuePayee) => void) | null;
}

function Amount({ row }: { row: DuePayee }) {
  return (
    <span class="cell-stack payout-stack">
      <span data-testid="due-payable">{formatMoney(row.payableCents, row.currency)}</span>
      {row.payableCents !== row.programAvailableCents && (
        <span class="cell-note">{formatMoney(row.programAvailableCents, row.currency)} in this program</span>
      )}
      {row.availableCents < 0 && (
        <span class="cell-note payout-owed">owes {formatMoney(-row.availableCents, row.currency)}</span>
      )}
    </span>
  );
}

function Blocker({ row }: { row: DuePayee }) {
  return (
    <span class="cell-stack payout-stack">
      {row.blocker ? (
        <Badge tone={row.blocker === 'NEGATIVE_BALANCE' ? 'danger' : 'warning'} testId="due-blocker">
          {BLOCKER_WORDS[row.blocker]}
        </Badge>
      ) : (
        <Badge tone="success" testId="due-blocker">
          Ready to pay
        </Badge>
      )}
      {row.payee.held && row.payee.heldReason && (
        <span class="cell-note" data-testid="due-held-reason">
          Held: {row.payee.heldReason}
        </span>
      )}
      {row.payee.taxFormReceived && (
        <span class="cell-note" data-testid="due-tax-form">
          Tax form received{row.payee.taxCountry ? ` (${row.payee.taxCountry})` : ''}
        </span>
      )}
    </span>
  );
}

function Method({ row }: { row: DuePayee }) {
  const method = row.payee.method;
  if (!method) return <span class="muted-text">None yet</span>;
  return (
    <span class="cell-stack payout-stack">
      <span class="mono" data-testid="due-method">
        {method.masked}
      </span>
      <span class="cell-note">{METHOD_NAMES[method.type]}</span>
    </span>
  );
}

/** The rewards behind the balance, opened on demand (a native disclosure: keyboard and screen readers). */
function Reasons({ row }: { row: DuePayee }) {
  if (row.reasons.length === 0) return <span class="muted-text">—</span>;
  const n = row.reasons.length;
  return (
    <details class="payout-reasons" data-testid="due-reasons">
      <summary>
        {n === 1 ? '1 reward' : `${n} rewards`}
        <span class="visually-hidden"> behind the balance of {row.accountId}</span>
      </summary>
      <ul>
        {row.reasons.map((r) => (
          <li key={r.rewardId} data-testid="due-reason">
            <span class="payout-reason-amount">{formatMoney(r.amountCents, r.currency)}</span>
            <span class="cell-note payout-reason-date">{formatIso(r.dateGiven)}</span>
            {r.ruleId && (
              <span class="cell-note">
                {' '}
                · rule <span class="mono">{r.ruleId}</span>
              </span>
            )}
            {r.explanation && <p class="payout-reason-text">{r.explanation}</p>}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Actions({ row, onAction }: DueTableProps & { row: DuePayee }) {
  if (!onAction) return null;
  const who = row.accountId;
  const offerTax = row.blocker === 'TAX_FORM_NEEDED';
  return (
    <span class="payout-row-actions">
      {row.payee.held ? (
        <button
          type="button"
          class="button button-secondary button-small"
          aria-label={`Release ${who}`}
          data-testid="due-release"
          onClick={() => onAction('release', row)}
        >
          Release
        </button>
      ) : (
        <button
          type="button"
          class="button button-secondary button-small"
          aria-label={`Hold ${who}`}
          data-testid="due-hold"
          onClick={() => onAction('hold', row)}
        >
          Hold
        </button>
      )}
      {offerTax && (
        <button
          type="button"
          class="button button-secondary button-small"
          aria-label={`Tax form received from ${who}`}
          data-testid="due-tax"
          onClick={() => onAction('tax', row)}
        >
          Tax form received
        </button>
      )}
    </span>
  );
}

export function DueTable(props: DueTableProps) {
  const columns: Column<DuePayee>[] = [
    {
      key: 'account',
      header: 'Account',
      rowHeader: true,
      className: 'payout-account',
      render: (r) => <AccountLink id={r.accountId} />,
    },
    { key: 'currency', header: 'Currency', render: (r) => r.currency, className: 'mono' },
    {
      key: 'payable',
      header: 'Payable now',
      align: 'right',
      className: 'payout-amount',
      render: (r) => <Amount row={r} />,
    },
    { key: 'blocker', header: 'Status', className: 'payout-wrap', render: (r) => <Blocker row={r} /> },
    { key: 'method', header: 'Method', render: (r) => <Method row={r} /> },
    { key: 'reasons', header: 'Why', className: 'payout-wrap', render: (r) => <Reasons row={r} /> },
  ];
  if (props.onAction) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (r) => <Actions {...props} row={r} />,
    });
  }
  return (
    <DataTable
      caption="What is due, by payee"
      hideCaption
      columns={columns}
      rows={props.rows}
      rowKey={(r) => `${r.accountId} ${r.currency}`}
      testId="due-table"
      rowTestId="due-row"
      stackOnPhone
    />
  );
}
