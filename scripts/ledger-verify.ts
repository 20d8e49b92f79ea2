import { formatLedgerReport, verifyLedger } from '../shared/domain/ledger/ledger-verify';
import { runCommand } from './cli';

// npm run ledger:verify -- --alias <alias>
// Checks the tenant's ledger against its invariants (docs/payouts.md); prints each row that breaks one and
// exits 1 when any does.
void runCommand(async (db, flags) => {
  if (typeof flags.alias !== 'string') throw new Error('usage: npm run ledger:verify -- --alias <alias>');
  const report = await verifyLedger(db, flags.alias);
  process.stdout.write(`${formatLedgerReport(report).join('\n')}\n`);
  if (report.violations.length > 0) process.exitCode = 1;
});
