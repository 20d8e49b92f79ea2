/**
 * The referral list's bulk actions: with referrals selected, an Owner or Admin cancels them,
 * grants each a reward, adds a note, or voids or marks fulfilled their rewards of one side; a reason
 * (and the action's fields) in an ActionDialog, then the BulkProgressDialog sends it in chunks and
 * shows each row's result. Closing it reloads the list.
 */
import { useRef, useState } from 'preact/hooks';
import { ApiError } from '../../api';
import { ActionDialog, Field, type FieldErrors } from '../../components';
import {
  ACTION_FIELD_LABELS,
  EMPTY_REWARD,
  ReferenceField,
  RewardFields,
  rewardInput,
  type RewardDraft,
} from './referral-action-forms';
import type { Referral } from './referral-parts';
import type { ReferralSide } from '../../gql/graphql';
import { BULK_LIMIT, BulkProgressDialog, type BulkJob, type BulkKind } from './bulk-progress';
import { SelectAll } from '../common/selection';

type Side = ReferralSide;

interface Copy {
  button: string;
  verb: string;
  intro: string;
  danger?: boolean;
  /** Acts on rewards (of the side chosen) instead of the referrals. */
  onRewards?: boolean;
}

const COPY: Record<BulkKind, Copy> = {
  CANCEL: {
    button: 'Cancel',
    verb: 'Cancel',
    danger: true,
    intro: 'Each ends now and its live rewards are voided. Referrals that already ended are refused.',
  },
  GRANT_REWARD: {
    button: 'Grant reward',
    verb: 'Grant a reward on',
    intro: 'Each gets the reward, available at once. Referrals that ended are refused.',
  },
  NOTE: { button: 'Add note', verb: 'Add a note to', intro: 'The note goes in each referral’s history.' },
  VOID_REWARD: {
    button: 'Void rewards',
    verb: 'Void the rewards of',
    danger: true,
    onRewards: true,
    intro: 'The chosen side’s reward of each is cancelled; used or fulfilled rewards are refused.',
  },
  MARK_FULFILLED: {
    button: 'Mark rewards fulfilled',
    verb: 'Mark fulfilled the rewards of',
    onRewards: true,
    intro: 'Records that the chosen side’s credit of each was paid outside the service.',
  },
};

const SIDE_LABELS: Record<Side, string> = { REFERRER: 'Referrer’s reward', REFERRED: 'Friend’s reward' };

export interface BulkActionsProps {
  rows: Referral[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  /** After the progress dialog closed: clear the selection and reload. */
  onFinished: () => void;
}

export function BulkActions({ rows, selected, onSelect, onFinished }: BulkActionsProps) {
  const chosen = rows.filter((r) => selected.has(r.id));
  const count = chosen.length;
  const [kind, setKind] = useState<BulkKind | null>(null);
  const [open, setOpen] = useState(false);
  const [reward, setReward] = useState<RewardDraft>(EMPTY_REWARD);
  const [side, setSide] = useState<Side>('REFERRER');
  const [reference, setReference] = useState('');
  const [job, setJob] = useState<BulkJob | null>(null);
  const bar = useRef<HTMLDivElement>(null);
  const noun = (n: number) => `${n} ${n === 1 ? 'referral' : 'referrals'}`;

  function start(next: BulkKind) {
    setReward({
      ...EMPTY_REWARD,
      unit: chosen.find((r) => r.referrerReward?.unit)?.referrerReward?.unit ?? 'USD',
    });
    setSide('REFERRER');
    setReference('');
    setKind(next);
    setOpen(true);
  }

  const copy = COPY[kind ?? 'NOTE'];
  const title = `${copy.verb} ${noun(count)}`;

  async function submit(reason: string, idempotencyKey: string): Promise<void> {
    const action = kind ?? 'NOTE';
    const describe = new Map<string, string>();
    let ids: string[];
    if (copy.onRewards) {
      ids = [];
      for (const r of chosen) {
        const rw = side === 'REFERRER' ? r.referrerReward : r.referredReward;
        if (!rw) continue;
        ids.push(rw.id);
        describe.set(rw.id, `${SIDE_LABELS[side]} of ${r.referredAccountId}`);
      }
      if (ids.length === 0) {
        throw new ApiError(
          400,
          'NO_REWARDS',
          `None of the selected referrals has a ${SIDE_LABELS[side].toLowerCase()}`,
        );
      }
    } else {
      ids = chosen.map((r) => r.id);
      for (const r of chosen) describe.set(r.id, `Referral of ${r.referredAccountId}`);
    }
    setJob({
      action,
      title,
      ids,
      reason,
      idempotencyKey,
      ...(action === 'GRANT_REWARD' ? { side: reward.side, reward: rewardInput(reward) } : {}),
      ...(action === 'MARK_FULFILLED' ? { reference: reference.trim() } : {}),
      describe: (id) => describe.get(id) ?? id,
    });
  }

  function fields(errors: FieldErrors) {
    if (kind === 'GRANT_REWARD') {
      return <RewardFields draft={reward} set={(c) => setReward((d) => ({ ...d, ...c }))} errors={errors} />;
    }
    if (!copy.onRewards) return null;
    return (
      <>
        <Field label="Which reward" name="bulk-side" error={errors.ids}>
          {(control) => (
            <select
              class="input"
              {...control}
              data-testid="bulk-side"
              value={side}
              onChange={(e) => setSide(e.currentTarget.value as Side)}
            >
              <option value="REFERRER">{SIDE_LABELS.REFERRER}</option>
              <option value="REFERRED">{SIDE_LABELS.REFERRED}</option>
            </select>
          )}
        </Field>
        {kind === 'MARK_FULFILLED' && <ReferenceField value={reference} set={setReference} errors={errors} />}
      </>
    );
  }

  const tooMany = count > BULK_LIMIT;
  return (
    <div ref={bar} class="review-actions" role="group" aria-label="Act on the selected referrals">
      <SelectAll rows={rows} selected={selected} onSelect={onSelect} />
      <span class="review-selected" aria-live="polite" data-testid="bulk-selected">
        {count === 0
          ? 'Select referrals to act on them.'
          : tooMany
            ? `${count} selected: at most ${BULK_LIMIT} at once`
            : `${noun(count)} selected`}
      </span>
      <div class="bulk-buttons">
        {(Object.keys(COPY) as BulkKind[]).map((k) => (
          <button
            key={k}
            type="button"
            class={
              COPY[k].danger ? 'button button-secondary button-danger-outline' : 'button button-secondary'
            }
            data-testid={`bulk-${k.toLowerCase()}`}
            disabled={count === 0 || tooMany}
            onClick={() => start(k)}
          >
            {COPY[k].button}
          </button>
        ))}
      </div>
      <ActionDialog
        open={open}
        testId="bulk-setup"
        title={`${title}?`}
        submitLabel={`${copy.button} (${count})`}
        danger={copy.danger}
        intro={copy.intro}
        reasonLabel={kind === 'NOTE' ? 'Note' : 'Reason'}
        fields={kind === 'GRANT_REWARD' || copy.onRewards ? fields : undefined}
        fieldLabels={ACTION_FIELD_LABELS}
        onSubmit={submit}
        onClose={() => setOpen(false)}
      />
      <BulkProgressDialog
        job={job}
        fallbackFocus={() => bar.current?.querySelector<HTMLElement>('[data-testid="select-all"]')}
        onClose={() => {
          setJob(null);
          onFinished();
        }}
      />
    </div>
  );
}
