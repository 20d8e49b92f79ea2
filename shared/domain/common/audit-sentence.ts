import type { AuditEntryView } from './audit-log';

/**
 * An audit entry as a sentence people read: who, what, to what, and why when a reason was
 * given, e.g. "ana@acme.example approved 2 referrals: duplicate check done". Pure: the GraphQL field
 * `AuditEntry.sentence`, the portal and the CSV export use it. Unknown actions read "… ran <action>".
 */
type Details = Record<string, unknown>;
type Phrase = (d: Details, target: string | null) => string;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listLength = (value: unknown) => (Array.isArray(value) ? value.length : 0);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const on = (target: string | null, prefix = '') => (target ? ` ${prefix}${target}` : '');

/** "user u1 of account a1", from a hand action's arguments. */
const user = (d: Details) => `user ${text(d.userId) ?? '?'}${on(text(d.accountId), 'of account ')}`;

const pendingAction = (target: string | null) => (target ? ` (pending action ${target})` : '');

const PHRASES: Record<string, Phrase> = {
  reviewReferrals: (d) =>
    `${d.decision === 'DENY' ? 'denied' : 'approved'} ${count(listLength(d.ids), 'referral')}`,
  updateProgram: (d) => {
    const input = (d.input ?? d) as Details;
    const names = Object.keys(input);
    const program = text(d.id) && text(d.id) !== 'default' ? `the program ${String(d.id)}` : 'the program';
    return names.length > 0 ? `changed ${program}'s ${names.join(', ')}` : `saved ${program}`;
  },
  createProgram: (d, t) => `created the program${on(text((d.input as Details)?.name) ?? t)}`,
  archiveProgram: (_d, t) => `archived the program${on(t)}`,
  'program.update': (d) => PHRASES.updateProgram!(d, null),
  publishProgramRules: (d) =>
    `published version ${String(d.version ?? '?')} of the program's rules (${count(listLength(d.rules), 'rule')})`,
  // An MCP agent's requests (docs/mcp.md): pending actions, except an export, which runs at once.
  'mcp.reviewReferrals': (d, t) =>
    `asked to ${d.decision === 'DENY' ? 'deny' : 'approve'} ${count(listLength(d.ids), 'referral')}${pendingAction(t)}`,
  'mcp.changeProgram': (d, t) =>
    `asked to change the program's ${Object.keys((d.changes ?? {}) as Details).join(', ')}${pendingAction(t)}`,
  'mcp.createJob': (d, t) =>
    d.pending === true
      ? `asked to import a file${on(text(d.type), 'as ')}${pendingAction(t)}`
      : `started an export${on(text(d.type), 'of ')}`,
  approveMcpAction: (_d, t) => `approved the agent's action${on(t)}`,
  rejectMcpAction: (_d, t) => `rejected the agent's action${on(t)}`,
  createJob: (d, t) => `started an import${on(text((d.jobInput as Details)?.type) ?? t, 'of ')}`,
  abortJob: (_d, t) => `stopped the import${on(t)}`,
  inviteOperator: (d, t) => `invited${on(t)} as ${String(d.role ?? 'an operator').toLowerCase()}`,
  reissueInvitation: (_d, t) => `sent a new invitation to${on(t)}`,
  resetOperatorAccess: (_d, t) => `reset the access of${on(t)}`,
  changeOperatorRole: (d, t) => `made${on(t)} ${String(d.role ?? '').toLowerCase()}`.trimEnd(),
  removeOperator: (_d, t) => `removed${on(t)} from the team`,
  createApiKey: () => 'created an API key',
  revokeApiKey: (_d, t) => `revoked the API key${on(t)}`,
  setRequireTwoFactor: (d) => `${d.required === false ? 'stopped requiring' : 'required'} two-factor sign-in`,
  redeemRewardBalance: (d) =>
    `redeemed ${String(d.amount ?? '')} ${String(d.unit ?? '')} of credit${on(text(d.accountId), 'for ')}`,
  // Hand actions on accounts and users; amounts are the unit's minor units (cents).
  adjustCredit: (d) => {
    const n = Number(d.amountCents ?? 0);
    const what = `${Math.abs(n)} ${text(d.unit) ?? ''} cents of credit`.replace('  ', ' ');
    return n < 0
      ? `removed ${what}${on(text(d.accountId), 'from ')}`
      : `added ${what}${on(text(d.accountId), 'to ')}`;
  },
  redeemCredit: (d) =>
    `redeemed ${String(d.amountCents ?? '')} ${text(d.unit) ?? ''} cents of credit`.replace('  ', ' ') +
    `${on(text(d.accountId), 'for ')}${text(d.reference) ? ` (${String(d.reference)})` : ''}`,
  updateUser: (d) => {
    const names = Object.keys((d.input ?? {}) as Details);
    return `edited ${user(d)}${names.length > 0 ? ` (${names.join(', ')})` : ''}`;
  },
  changeShareCode: (d) => `changed the share code of ${user(d)}${on(text(d.code), 'to ')}`,
  deleteUser: (d) => `deleted ${user(d)}`,
  createWebhookEndpoint: (d) =>
    `added the webhook endpoint${on(text((d.input as Details)?.url) ?? text(d.url))}`,
  updateWebhookEndpoint: (_d, t) => `changed the webhook endpoint${on(t)}`,
  deleteWebhookEndpoint: (_d, t) => `deleted the webhook endpoint${on(t)}`,
  rotateWebhookSecret: (_d, t) => `rotated the secret of the webhook endpoint${on(t)}`,
  replayWebhookEvent: (_d, t) => `replayed the webhook event${on(t)}`,
  replayFailedWebhookEvents: () => 'replayed the failed webhook events',
  sendTestWebhook: (_d, t) => `sent a test webhook${on(t, 'to ')}`,
  connectPaymentProcessor: () => 'connected the payment processor',
  allowBrowserOrigin: (d) => `allowed the browser origin${on(text(d.origin))}`,
  generateSftpKey: () => 'generated an SFTP key',
  addSftpKey: () => 'added an SFTP key',
  revokeSftpKey: (_d, t) => `revoked the SFTP key${on(t)}`,
  'operator.login': () => 'signed in',
  'operator.logout': () => 'signed out',
  'operator.signOutEverywhere': () => 'signed out everywhere',
  'operator.changePassword': () => 'changed their password',
  'operator.resetPassword': () => 'reset their password',
  'operator.reset': (_d, t) => `reset the access of${on(t)}`,
  'file.upload': (_d, t) => `uploaded the file${on(t)}`,
  'sftp.upload': (_d, t) => `uploaded${on(t)} over SFTP`,
};

const ACTORS: Record<AuditEntryView['actorKind'], string> = {
  operator: 'An operator',
  apiKey: 'An API key',
  user: 'A user',
  sftp: 'An SFTP user',
  cli: 'The command line',
  system: 'The service',
  anonymous: 'Someone',
};

/** Who acted, as the sentence names them. */
export function auditActorName(entry: AuditEntryView): string {
  if (entry.operatorEmail) return entry.operatorEmail;
  const kind = ACTORS[entry.actorKind] ?? 'Someone';
  return entry.actorLabel ? `${kind} ${entry.actorLabel}` : kind;
}

export function describeAuditEntry(entry: AuditEntryView): string {
  const phrase = PHRASES[entry.action];
  const what = phrase ? phrase(entry.details, entry.target) : `ran ${entry.action}${on(entry.target, 'on ')}`;
  const reason = text(entry.details.reason);
  return `${auditActorName(entry)} ${what}${reason ? `: ${reason}` : ''}`;
}

/** The audit log's CSV export: its header, then one record per entry (csvRecord defuses formulas). */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'actor',
  'actorKind',
  'action',
  'target',
  'sentence',
  'clientAddress',
  'userAgent',
  'details',
];

export function auditCsvCells(entry: AuditEntryView): string[] {
  return [
    new Date(entry.at).toISOString(),
    auditActorName(entry),
    entry.actorKind,
    entry.action,
    entry.target ?? '',
    describeAuditEntry(entry),
    entry.clientAddress ?? '',
    entry.userAgent ?? '',
    JSON.stringify(entry.details),
  ];
}
