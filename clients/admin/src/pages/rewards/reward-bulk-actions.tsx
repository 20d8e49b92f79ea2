/**
 * An account's rewards with bulk actions: an Owner or Admin ticks rewards (or the whole list)
 * and voids them or marks them fulfilled with a reason (and a reference), through the same dialogs as the
 * referral list: an ActionDialog, then the BulkProgressDialog with a result per reward. A Viewer sees
 * the table only.
 */
import { useRef, useState } from 'preact/hooks';
import { ActionDialog, Card, DataTable, EmptyState, type Column, type FieldErrors } from '../../components';
import { formatDateTime } from '../../format';
import { canChange, useSession } from '../../session';
import { BulkProgressDialog, type BulkJob } from '../referrals/bulk-progress';
import { ACTION_FIELD_LABELS, ReferenceField } from '../referrals/referral-action-forms';
import { rewardText, type Reward } from '../referrals/referral-parts';
import { SelectAll, selectColumn, useSelection } from '../common/selection';

type RewardAction = 'VOID_REWARD' | 'MARK_FULFILLED';

const COPY: Record<RewardAction, { button: string; title: string; intro: string; danger?: boolean }> = {
  VOID_REWARD: {
    button: 'Void',
    title: 'Void',
    danger: true,
    intro: 'Each is cancelled; used, expired or fulfilled rewards are refused.',
  },
  MARK_FULFILLED: {
    button: 'Mark fulfilled',
    title: 'Mark fulfilled',
    intro: 'Records that each credit was paid outside the service; other rewards are refused.',
  },
};

export interface AccountRewardsProps {
  rewards: Reward[];
  columns: Column<Reward>[];
  /** After a bulk run: load the account again. */
  reload: () => void;
}

export function AccountRewards({ rewards, columns, reload }: AccountRewardsProps) {
  const editable = canChange(useSession().operator.role);
  const { selected, select, clear } = useSelection();
  const [action, setAction] = useState<RewardAction | null>(null);
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const [job, setJob] = useState<BulkJob | null>(null);
  const bar = useRef<HTMLDivElement>(null);
  const chosen = rewards.filter((r) => selected.has(r.id));
  const count = chosen.length;
  const noun = `${count} ${count === 1 ? 'reward' : 'rewards'}`;
  const copy = COPY[action ?? 'VOID_REWARD'];

  async function submit(reason: string, idempotencyKey: string): Promise<void> {
    const kind = action ?? 'VOID_REWARD';
    const names = new Map(
      chosen.map((r) => [r.id, `${rewardText(r)}, given ${formatDateTime(r.dateGiven)}`]),
    );
    setJob({
      action: kind,
      title: `${copy.title} ${noun}`,
      ids: chosen.map((r) => r.id),
      reason,
      idempotencyKey,
      ...(kind === 'MARK_FULFILLED' ? { reference: reference.trim() } : {}),
      describe: (id) => names.get(id) ?? id,
    });
  }

  const lead = editable
    ? [selectColumn<Reward>(selected, select, (r) => `Select the ${rewardText(r)}`, 'reward-select')]
    : [];
  return (
    <Card title="Rewards" titleId="account-rewards">
      {editable && rewards.length > 0 && (
        <div ref={bar} class="review-actions" role="group" aria-label="Act on the selected rewards">
          <SelectAll rows={rewards} selected={selected} onSelect={select} />
          <span class="review-selected" aria-live="polite" data-testid="reward-bulk-selected">
            {count === 0 ? 'Select rewards to act on them.' : `${noun} selected`}
          </span>
          {(Object.keys(COPY) as RewardAction[]).map((k) => (
            <button
              key={k}
              type="button"
              class={
                COPY[k].danger ? 'button button-secondary button-danger-outline' : 'button button-secondary'
              }
              data-testid={`reward-bulk-${k.toLowerCase()}`}
              disabled={count === 0}
              onClick={() => {
                setReference('');
                setAction(k);
                setOpen(true);
              }}
            >
              {COPY[k].button}
            </button>
          ))}
          <ActionDialog
            open={open}
            testId="bulk-setup"
            title={`${copy.title} ${noun}?`}
            submitLabel={`${copy.button} (${count})`}
            danger={copy.danger}
            intro={copy.intro}
            fields={
              action === 'MARK_FULFILLED'
                ? (errors: FieldErrors) => (
                    <ReferenceField value={reference} set={setReference} errors={errors} />
                  )
                : undefined
            }
            fieldLabels={ACTION_FIELD_LABELS}
            onSubmit={submit}
            onClose={() => setOpen(false)}
          />
          <BulkProgressDialog
            job={job}
            fallbackFocus={() => bar.current?.querySelector<HTMLElement>('[data-testid="select-all"]')}
            onClose={() => {
              setJob(null);
              clear();
              reload();
            }}
          />
        </div>
      )}
      <DataTable
        caption="Rewards of this account"
        hideCaption
        columns={[...lead, ...columns]}
        rows={rewards}
        rowKey={(r) => r.id}
        testId="account-rewards"
        rowTestId="reward-row"
        empty={<EmptyState title="No rewards yet" />}
      />
    </Card>
  );
}
