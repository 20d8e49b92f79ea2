/**
 * The due list's hand actions on a payee: hold (with a reason) or release, and "tax form received" (with
 * the country, optional). Each is a dialog; the page reloads the list after it.
 */
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import { ActionDialog, ConfirmDialog, Field, fieldProblem } from '../../components';
import { HOLD_PAYEE, SET_TAX_STATUS, type DuePayee } from './payout-queries';
import type { PayeeAction } from './due-table';

export interface PayeeDialogsProps {
  /** The action open, and on whom; null: none. */
  open: { action: PayeeAction; row: DuePayee } | null;
  onDone: (notice: string) => void;
  onClose: () => void;
}

export function PayeeDialogs({ open, onDone, onClose }: PayeeDialogsProps) {
  const [country, setCountry] = useState('');
  const [countryError, setCountryError] = useState<string | null>(null);
  const who = open?.row.accountId ?? '';

  async function markTaxForm(): Promise<false | void> {
    const code = country.trim().toUpperCase();
    if (code && !/^[A-Z]{2}$/.test(code)) {
      setCountryError('Two letters (ISO 3166), e.g. US');
      return false;
    }
    await gql(SET_TAX_STATUS, {
      accountId: who,
      status: { formReceived: true, ...(code ? { country: code } : {}) },
    });
    onDone(`The tax form of ${who} is marked received.`);
  }

  return (
    <>
      <ActionDialog
        open={open?.action === 'hold'}
        title="Hold this payee?"
        submitLabel="Hold payee"
        danger
        intro={`${who} is paid nothing in any run until released. What they earn keeps adding up.`}
        reasonHint="Required. Shown in the due list and kept in the audit log."
        testId="hold-dialog"
        onSubmit={async (reason) => {
          if (!who) throw fieldProblem('reason', 'No payee chosen');
          await gql(HOLD_PAYEE, { accountId: who, held: true, reason });
          onDone(`${who} is held: runs skip them until released.`);
        }}
        onClose={onClose}
      />
      <ConfirmDialog
        open={open?.action === 'release'}
        title="Release this payee?"
        confirmLabel="Release payee"
        onConfirm={async () => {
          await gql(HOLD_PAYEE, { accountId: who, held: false, reason: null });
          onDone(`${who} is released: the next run pays them if nothing else blocks it.`);
        }}
        onClose={onClose}
      >
        <p>
          {who} was held{open?.row.payee.heldReason ? `: ${open.row.payee.heldReason}` : ''}. Released, the
          next run pays what they hold.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open?.action === 'tax'}
        title="Tax form received?"
        confirmLabel="Mark received"
        onConfirm={markTaxForm}
        onClose={() => {
          setCountry('');
          setCountryError(null);
          onClose();
        }}
      >
        <p>Payees past the yearly tax threshold are paid once their tax form is received.</p>
        <Field
          label="Country (optional)"
          name="tax-country"
          hint="Where the payee is taxed: two letters, e.g. US."
          value={country}
          maxLength={2}
          autocomplete="off"
          error={countryError}
          onInput={(e) => {
            setCountry(e.currentTarget.value);
            setCountryError(null);
          }}
        />
      </ConfirmDialog>
    </>
  );
}
