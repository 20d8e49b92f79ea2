/**
 * The buttons that open the hand actions' dialogs (account-actions.tsx): the account's credit with
 * Adjust and Redeem, and each user's Edit, Change share code and Delete. Only an Owner or Admin gets them.
 */
import { formatMoney } from '../../format';
import { userName, type Acting, type ActionUser } from './account-actions';
import type { AccountDetailQuery } from '../../gql/graphql';

export type CreditBalance = NonNullable<AccountDetailQuery['rewardBalance']>[number];

/** The account's credit per unit, with Adjust and Redeem for an Owner or Admin. */
export function CreditSummary(props: { balance: CreditBalance[]; onAct: ((acting: Acting) => void) | null }) {
  const { balance, onAct } = props;
  return (
    <>
      {balance.length === 0 ? (
        <p class="cell-note" data-testid="credit-none">
          No credit yet.
        </p>
      ) : (
        <dl class="detail-list" data-testid="credit-balance">
          {balance.map((b) => (
            <div key={b.unit} class="detail-item">
              <dt>Available ({b.unit})</dt>
              <dd data-testid={`credit-${b.unit}`}>
                {formatMoney(b.available, b.unit)}
                {b.pending > 0 && <span class="cell-note"> · {formatMoney(b.pending, b.unit)} pending</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {onAct && (
        <div class="action-buttons">
          <button
            type="button"
            class="button"
            data-testid="adjust-credit"
            onClick={() => onAct({ kind: 'ADJUST' })}
          >
            Adjust credit
          </button>
          <button
            type="button"
            class="button button-secondary"
            data-testid="redeem-credit"
            onClick={() => onAct({ kind: 'REDEEM' })}
          >
            Redeem credit
          </button>
        </div>
      )}
    </>
  );
}

/** A user's Edit, Change share code and Delete buttons. */
export function UserActionButtons({ user, onAct }: { user: ActionUser; onAct: (acting: Acting) => void }) {
  const name = userName(user);
  return (
    <div class="action-buttons" data-testid="user-actions">
      <button
        type="button"
        class="button button-secondary"
        aria-label={`Edit ${name}`}
        onClick={() => onAct({ kind: 'EDIT', user })}
      >
        Edit
      </button>
      <button
        type="button"
        class="button button-secondary"
        aria-label={`Change share code of ${name}`}
        onClick={() => onAct({ kind: 'CODE', user })}
      >
        Change share code
      </button>
      <button
        type="button"
        class="button button-danger"
        aria-label={`Delete ${name}`}
        onClick={() => onAct({ kind: 'DELETE', user })}
      >
        Delete
      </button>
    </div>
  );
}
