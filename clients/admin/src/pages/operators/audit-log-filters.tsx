/**
 * The audit log's filters: who (an operator's e-mail, or an API key's prefix, a user id, an
 * SFTP fingerprint), the action, and UTC days from and to. They live in the address, so a reload or a
 * shared link keeps them, and the CSV download carries the same ones.
 */
import { useState } from 'preact/hooks';
import { DateField } from '../../components';
import { isDay } from '../../format';
import { useDraft } from '../../hooks';
import { withQuery } from '../../router';

export const AUDIT_PATH = '/admin/audit-log';
export const AUDIT_CSV_PATH = '/admin/api/audit-log.csv';

export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

/** An action name as the server accepts it (shared/domain/audit-log.ts). */
const ACTION_PATTERN = /^[A-Za-z][A-Za-z0-9.]{0,79}$/;

/** Actions people look for, offered as suggestions; any other action name can be typed. */
const COMMON_ACTIONS = [
  'operator.login',
  'updateProgram',
  'reviewReferrals',
  'createApiKey',
  'revokeApiKey',
  'inviteOperator',
  'changeOperatorRole',
  'removeOperator',
  'createJob',
  'createWebhookEndpoint',
  'connectPaymentProcessor',
];

/** The filters in the address (?actor=&action=&from=&to=); values that cannot be one are dropped. */
export function auditFiltersFrom(query: URLSearchParams): AuditFilters {
  const day = (name: string) => {
    const value = query.get(name) ?? '';
    return isDay(value) ? value : '';
  };
  const action = (query.get('action') ?? '').trim();
  return {
    actor: (query.get('actor') ?? '').trim().slice(0, 320),
    action: ACTION_PATTERN.test(action) ? action : '',
    from: day('from'),
    to: day('to'),
  };
}

const params = (f: AuditFilters) => ({ actor: f.actor, action: f.action, from: f.from, to: f.to });

/** The page's address with these filters. */
export const auditAddress = (f: AuditFilters) => withQuery(AUDIT_PATH, params(f));
/** The CSV export of the entries these filters select. */
export const auditCsvHref = (f: AuditFilters) => withQuery(AUDIT_CSV_PATH, params(f));
export const isAuditFiltered = (f: AuditFilters) => !!(f.actor || f.action || f.from || f.to);
export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', action: '', from: '', to: '' };

interface FieldsProps {
  filters: AuditFilters;
  apply: (changes: Partial<AuditFilters>) => void;
}

/** Actor and action apply on Enter or when the field is left; the days as soon as one is picked. */
export function AuditFilterFields({ filters, apply }: FieldsProps) {
  const [actor, setActor] = useDraft(filters.actor);
  const [action, setAction] = useDraft(filters.action);
  const [actionError, setActionError] = useState('');
  const applyActor = () => {
    if (actor.trim() !== filters.actor) apply({ actor: actor.trim() });
  };
  const applyAction = () => {
    const value = action.trim();
    if (value !== '' && !ACTION_PATTERN.test(value)) {
      setActionError('An action name has letters, digits and dots, e.g. updateProgram or operator.login.');
      return;
    }
    setActionError('');
    if (value !== filters.action) apply({ action: value });
  };
  const onEnter = (run: () => void) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') run();
  };
  return (
    <div class="filters audit-filters" role="group" aria-label="Filters">
      <label class="inline-field">
        <span>Who</span>
        <input
          class="input"
          type="text"
          data-testid="filter-actor"
          value={actor}
          maxLength={320}
          placeholder="E-mail or key prefix"
          autoComplete="off"
          spellcheck={false}
          onInput={(e) => setActor(e.currentTarget.value)}
          onChange={applyActor}
          onKeyDown={onEnter(applyActor)}
        />
      </label>
      <label class="inline-field">
        <span>Action</span>
        <input
          class="input"
          type="text"
          list="audit-actions"
          data-testid="filter-action"
          value={action}
          maxLength={80}
          placeholder="Any action"
          autoComplete="off"
          spellcheck={false}
          aria-invalid={actionError ? true : undefined}
          aria-describedby={actionError ? 'audit-action-error' : undefined}
          onInput={(e) => setAction(e.currentTarget.value)}
          onChange={applyAction}
          onKeyDown={onEnter(applyAction)}
        />
        <datalist id="audit-actions">
          {COMMON_ACTIONS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>
      <DateField
        label="From"
        testId="filter-from"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(from) => apply({ from: isDay(from) ? from : '' })}
      />
      <DateField
        label="To"
        testId="filter-to"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(to) => apply({ to: isDay(to) ? to : '' })}
      />
      {isAuditFiltered(filters) && (
        <button
          type="button"
          class="button button-secondary"
          data-testid="clear-filters"
          onClick={() => apply(NO_AUDIT_FILTERS)}
        >
          Clear filters
        </button>
      )}
      {actionError && (
        <p class="field-error audit-filter-error" id="audit-action-error" role="alert">
          {actionError}
        </p>
      )}
    </div>
  );
}
