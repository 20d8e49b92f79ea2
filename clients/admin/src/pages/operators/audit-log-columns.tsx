/** The audit log's table: an entry's fields, and its columns (the sentence first). */
import type { Column } from '../../components';
import { formatDateTime } from '../../format';
import type { AuditLogQuery } from '../../gql/graphql';

export type AuditEntry = AuditLogQuery['auditLog']['entries'][number];

/** Details as JSON text (rendered as text, never HTML); "—" when there are none. */
function detailsText(details: unknown): string {
  if (details === null || details === undefined) return '—';
  if (typeof details === 'object' && Object.keys(details).length === 0) return '—';
  return JSON.stringify(details);
}

const ACTOR_NAMES: Record<string, string> = {
  API_KEY: 'API key',
  USER: 'User',
  SFTP: 'SFTP',
  CLI: 'CLI',
  SYSTEM: 'Service',
  ANONYMOUS: 'Someone',
};

/** An operator by e-mail; anyone else by kind and label ("API key rsk_live_AbCd…"), as text. */
function whoText(e: AuditEntry): string {
  if (e.operatorEmail) return e.operatorEmail;
  const name = ACTOR_NAMES[e.actorKind] ?? e.actorKind;
  return e.actorLabel ? `${name} ${e.actorLabel}` : name;
}

export const AUDIT_COLUMNS: Column<AuditEntry>[] = [
  {
    key: 'at',
    header: 'When',
    render: (e) => <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time>,
  },
  {
    key: 'who',
    header: 'Who',
    className: 'audit-who',
    render: (e) => (e.operatorEmail ? e.operatorEmail : <span class="muted-text">{whoText(e)}</span>),
  },
  {
    key: 'from',
    header: 'From',
    className: 'audit-from',
    render: (e) => <span title={e.userAgent ?? undefined}>{e.clientAddress ?? '—'}</span>,
  },
  {
    key: 'action',
    header: 'What happened',
    rowHeader: true,
    className: 'audit-sentence',
    // The entry as a sentence is the main text; the action's name under it; both as text.
    render: (e) => (
      <span class="audit-what">
        <span class="audit-said" data-testid="audit-sentence">
          {e.sentence}
        </span>
        <code class="audit-action">{e.action}</code>
      </span>
    ),
  },
  { key: 'target', header: 'Target', className: 'audit-target', render: (e) => e.target ?? '—' },
  {
    key: 'details',
    header: 'Details',
    className: 'audit-details',
    render: (e) => {
      const text = detailsText(e.details);
      return text === '—' ? text : <code>{text}</code>;
    },
  },
];
