/** The audit log read as sentences, and its CSV export's cells (RFC 4180, formulas defused). */
import type { AuditEntryView } from '../../shared/domain/common/audit-log';
import { auditCsvCells, describeAuditEntry } from '../../shared/domain/common/audit-sentence';
import { csvCell, csvRecord } from '../../shared/csv-cell';

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  id: '00000000-0000-4000-8000-000000000001',
  at: Date.UTC(2026, 10, 28, 12, 0, 0),
  operatorEmail: 'ana@acme.example',
  actorKind: 'operator',
  actorLabel: null,
  clientAddress: '203.0.113.7',
  userAgent: 'Firefox',
  action: 'reviewReferrals',
  target: null,
  details: {},
  ...over,
});

test.each([
  [
    { details: { ids: ['a', 'b'], decision: 'APPROVE', reason: 'duplicate check done' } },
    'ana@acme.example approved 2 referrals: duplicate check done',
  ],
  [
    { details: { ids: ['a'], decision: 'DENY', reason: 'same person' } },
    'ana@acme.example denied 1 referral: same person',
  ],
  [
    { action: 'updateProgram', details: { input: { maxReferrerDiscountPercent: 50, fraudPolicy: [] } } },
    "ana@acme.example changed the program's maxReferrerDiscountPercent, fraudPolicy",
  ],
  [
    { action: 'inviteOperator', target: 'bo@acme.example', details: { role: 'VIEWER' } },
    'ana@acme.example invited bo@acme.example as viewer',
  ],
  [{ action: 'operator.login' }, 'ana@acme.example signed in'],
  [
    {
      operatorEmail: null,
      actorKind: 'apiKey',
      actorLabel: 'rsk_live_ab12',
      action: 'createJob',
      details: { jobInput: { type: 'MUTATION/USER' } },
    },
    'An API key rsk_live_ab12 started an import of MUTATION/USER',
  ],
  [
    {
      operatorEmail: null,
      actorKind: 'cli',
      actorLabel: 'tenant:rotate-key',
      action: 'cli.tenant:rotate-key',
      target: 'acme',
    },
    'The command line tenant:rotate-key ran cli.tenant:rotate-key on acme',
  ],
] as [Partial<AuditEntryView>, string][])('%j reads "%s"', (over, sentence) => {
  expect(describeAuditEntry(entry(over))).toBe(sentence);
});

test.each([
  ['plain', 'plain'],
  ['a,b', '"a,b"'],
  ['say "hi"', '"say ""hi"""'],
  ['two\r\nlines', '"two\r\nlines"'],
  ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ['+1', "'+1"],
  ['-2', "'-2"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['', ''],
])('csvCell(%j) is %j', (value, cell) => {
  expect(csvCell(value)).toBe(cell);
});

test('an export record: every column, formulas defused, CRLF-ended', () => {
  const record = csvRecord(
    auditCsvCells(entry({ details: { ids: ['x'], decision: 'APPROVE', reason: '=1+1' }, target: '@evil' })),
  );
  expect(record).toBe(
    "2026-11-28T12:00:00.000Z,ana@acme.example,operator,reviewReferrals,'@evil," +
      'ana@acme.example approved 1 referral: =1+1,203.0.113.7,Firefox,' +
      '"{""ids"":[""x""],""decision"":""APPROVE"",""reason"":""=1+1""}"\r\n',
  );
});
